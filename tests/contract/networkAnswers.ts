// The answers of the network and network-venue activation operations (W49-W66), driven by
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
    W49: z.array(network),
    W50: acceptedAnswerSchema(network),
    W51: acceptedRequestSchema,
    W52: acceptedAnswerSchema(deep),
    W53: z.array(dpskPassphraseFormatReadSchema),
    W54: network,
    W55: acceptedAnswerSchema(network),
    W56: acceptedRequestSchema,
    W57: deep,
    W58: acceptedAnswerSchema(deep),
    W59: acceptedAnswerSchema(activation),
    W60: acceptedRequestSchema,
    W61: activation,
    W62: acceptedAnswerSchema(activation),
    W63: acceptedRequestSchema,
    W64: z.array(activation),
    W65: activation,
    W66: z.array(activation),
  };
}

/** networks and activations (W49-W66) */
export async function driveNetworksAndActivations({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Network site"))).id;
  const groupId = (await client.ok("W24", {}, { name: "Network group", venueId })).id;
  const deep = (
    await check(
      "W52",
      {},
      {
        ...deepNetworkBody("Answers deep"),
        accountingRadius: { primary: { ip: "192.0.2.11", port: 1813, sharedSecret: "acct" } },
      },
    )
  ).response;
  const shallow = (await check("W50", {}, pskNetworkBody("Answers psk"))).response;
  const spare = (await check("W50", {}, { name: "Answers open", type: "open", wlan: {} })).response;
  await check("W54", { networkId: shallow.id });
  await check("W55", { networkId: shallow.id }, { ...pskNetworkBody("Answers psk"), description: "Updated" });
  await check("W57", { networkId: deep.id });
  await check("W58", { networkId: deep.id }, { ...deepNetworkBody("Answers deep"), description: "Updated" });
  await check("W53");
  const activation = (
    await check(
      "W59",
      {},
      {
        networkId: deep.id,
        venueId,
        isAllAPGroups: false,
        apGroups: [{ apGroupId: groupId, radio: "5-GHz", vlanId: 30 }],
      },
    )
  ).response;
  const other = (await check("W59", {}, { networkId: shallow.id, venueId, scheduler: { type: "ALWAYS_ON" } })).response;
  await check("W61", { networkVenueId: activation.id });
  await check(
    "W62",
    { networkVenueId: activation.id },
    { networkId: deep.id, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: groupId }] },
  );
  await check("W64", { networkId: deep.id });
  await check("W65", { networkId: deep.id, venueId });
  await check("W66", { venueId });
  await check("W49");
  await check("W49", {}, undefined, "deep=true", z.array(networkDeepUnderWriteRulesFor(variant)));
  await check("W57", { networkId: deep.id });
  await check("W63", { networkVenueId: activation.id });
  await check("W60", {}, [other.id]);
  await check("W56", { networkId: deep.id });
  await check("W51", {}, [shallow.id, spare.id]);
}
