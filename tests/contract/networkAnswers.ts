// The answers of the network and network-venue activation operations, driven by
// answers.test.ts for a tenant of each Wi-Fi API variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  dpskPassphraseFormatReadSchema,
  type WifiApiVariant,
} from "../../contract";
import { deepNetworkBody, pskNetworkBody, venueBody } from "../support/emulatorClient";
import {
  networkDeepUnderWriteRulesFor,
  networkShallowUnderWriteRulesFor,
  strictActivationReadSchemaFor,
} from "../support/answerChecks";
import type { AnswerRun } from "./answerRun";

export function networkAnswerSchemas(variant: WifiApiVariant) {
  const network = networkShallowUnderWriteRulesFor(variant);
  const deep = networkDeepUnderWriteRulesFor(variant);
  const activation = strictActivationReadSchemaFor(variant);
  return {
    listNetworks: z.array(network),
    createNetwork: acceptedAnswerSchema(network),
    deleteNetworks: acceptedRequestSchema,
    createNetworkDeep: acceptedAnswerSchema(deep),
    listDpskPassphraseFormats: z.array(dpskPassphraseFormatReadSchema),
    getNetwork: network,
    updateNetwork: acceptedAnswerSchema(network),
    deleteNetwork: acceptedRequestSchema,
    getNetworkDeep: deep,
    updateNetworkDeep: acceptedAnswerSchema(deep),
    activateNetwork: acceptedAnswerSchema(activation),
    deactivateNetworks: acceptedRequestSchema,
    getNetworkActivation: activation,
    updateNetworkActivation: acceptedAnswerSchema(activation),
    deactivateNetwork: acceptedRequestSchema,
    listNetworkActivations: z.array(activation),
    getNetworkActivationByVenue: activation,
    listVenueNetworkActivations: z.array(activation),
  };
}

/** networks and activations */
export async function driveNetworksAndActivations({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("Network site"))).id;
  const groupId = (await client.ok("createApGroup", {}, { name: "Network group", venueId })).id;
  const deep = (
    await check(
      "createNetworkDeep",
      {},
      {
        ...deepNetworkBody("Answers deep"),
        accountingRadius: { primary: { ip: "192.0.2.11", port: 1813, sharedSecret: "acct" } },
      },
    )
  ).response;
  const shallow = (await check("createNetwork", {}, pskNetworkBody("Answers psk"))).response;
  const spare = (await check("createNetwork", {}, { name: "Answers open", type: "open", wlan: {} })).response;
  await check("getNetwork", { networkId: shallow.id });
  await check("updateNetwork", { networkId: shallow.id }, { ...pskNetworkBody("Answers psk"), description: "Updated" });
  await check("getNetworkDeep", { networkId: deep.id });
  await check(
    "updateNetworkDeep",
    { networkId: deep.id },
    { ...deepNetworkBody("Answers deep"), description: "Updated" },
  );
  await check("listDpskPassphraseFormats");
  const activation = (
    await check(
      "activateNetwork",
      {},
      {
        networkId: deep.id,
        venueId,
        isAllAPGroups: false,
        apGroups: [{ apGroupId: groupId, radio: "5-GHz", vlanId: 30 }],
      },
    )
  ).response;
  const other = (
    await check("activateNetwork", {}, { networkId: shallow.id, venueId, scheduler: { type: "ALWAYS_ON" } })
  ).response;
  await check("getNetworkActivation", { networkVenueId: activation.id });
  await check(
    "updateNetworkActivation",
    { networkVenueId: activation.id },
    { networkId: deep.id, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: groupId }] },
  );
  await check("listNetworkActivations", { networkId: deep.id });
  await check("getNetworkActivationByVenue", { networkId: deep.id, venueId });
  await check("listVenueNetworkActivations", { venueId });
  await check("listNetworks");
  await check("listNetworks", {}, undefined, "deep=true", z.array(networkDeepUnderWriteRulesFor(variant)));
  await check("getNetworkDeep", { networkId: deep.id });
  await check("deactivateNetwork", { networkVenueId: activation.id });
  await check("deactivateNetworks", {}, [other.id]);
  await check("deleteNetwork", { networkId: deep.id });
  await check("deleteNetworks", {}, [shallow.id, spare.id]);
}
