// The answers of the switch operations (S1-S69): their read schemas, and the drives through them
// that answers.test.ts runs for a tenant of each Wi-Fi API variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  type OperationId,
  switchAclReadSchema,
  switchIpPortReadSchema,
  switchLagReadSchema,
  switchPortReadSchema,
  switchPositionSchema,
  switchProfileReadSchema,
  switchReadSchema,
  switchReferenceReadSchema,
  switchVePortReadSchema,
  switchVlanReadSchema,
  trustedPortReadSchema,
  venueSwitchSettingsReadSchema,
} from "../../contract";
import {
  aclBody,
  type Client,
  switchBody,
  switchProfileBody,
  switchSerial,
  venueBody,
  vlanBody,
} from "../support/emulatorClient";
import { responseEnvelope } from "../support/answerChecks";
import type { AnswerRun } from "./answerRun";

export function switchAnswerSchemas() {
  return {
    S43: acceptedAnswerSchema(switchProfileReadSchema),
    S44: acceptedAnswerSchema(switchProfileReadSchema),
    S45: switchProfileReadSchema,
    S46: acceptedRequestSchema,
    S47: z.array(switchProfileReadSchema),
    S50: acceptedAnswerSchema(switchVlanReadSchema),
    S51: acceptedAnswerSchema(switchVlanReadSchema),
    S52: switchVlanReadSchema,
    S53: acceptedRequestSchema,
    S54: z.array(switchVlanReadSchema),
    S55: acceptedRequestSchema,
    S1: switchReferenceReadSchema,
    S2: z.array(switchAclReadSchema),
    S3: acceptedAnswerSchema(switchAclReadSchema),
    S4: acceptedAnswerSchema(switchAclReadSchema),
    S5: switchAclReadSchema,
    S6: acceptedRequestSchema,
    S7: z.array(switchAclReadSchema),
    S8: acceptedRequestSchema,
    S9: z.array(switchReadSchema),
    S10: acceptedAnswerSchema(switchReadSchema),
    S11: acceptedAnswerSchema(switchReadSchema),
    S12: acceptedRequestSchema,
    S13: z.array(switchReadSchema),
    S14: switchReadSchema,
    S15: acceptedRequestSchema,
    S16: acceptedAnswerSchema(switchReadSchema),
    S17: acceptedRequestSchema,
    S18: acceptedAnswerSchema(actionTextReadSchema),
    S19: acceptedAnswerSchema(switchPositionSchema),
    S20: acceptedRequestSchema,
    S21: acceptedAnswerSchema(actionTextReadSchema),
    S22: acceptedRequestSchema,
    S23: acceptedAnswerSchema(z.array(switchReadSchema)),
    S24: acceptedRequestSchema,
    S25: acceptedAnswerSchema(switchIpPortReadSchema),
    S26: acceptedRequestSchema,
    S27: z.array(switchIpPortReadSchema),
    S28: acceptedAnswerSchema(switchIpPortReadSchema),
    S29: switchIpPortReadSchema,
    S30: acceptedRequestSchema,
    S31: acceptedAnswerSchema(z.array(switchIpPortReadSchema)),
    S32: acceptedAnswerSchema(switchLagReadSchema),
    S33: acceptedRequestSchema,
    S34: z.array(switchLagReadSchema),
    S35: acceptedAnswerSchema(switchLagReadSchema),
    S36: switchLagReadSchema,
    S37: acceptedRequestSchema,
    S38: acceptedAnswerSchema(z.array(switchLagReadSchema)),
    S39: z.array(switchPortReadSchema),
    S40: acceptedRequestSchema,
    S41: switchPortReadSchema,
    S42: responseEnvelope(switchPortReadSchema),
    S48: trustedPortReadSchema,
    S49: acceptedRequestSchema,
    S56: z.array(switchVlanReadSchema),
    S57: z.array(switchVlanReadSchema),
    S58: z.array(switchVlanReadSchema),
    S59: z.array(switchVlanReadSchema),
    S60: switchReferenceReadSchema,
    S61: acceptedAnswerSchema(switchVePortReadSchema),
    S62: z.array(switchVePortReadSchema),
    S63: acceptedAnswerSchema(switchVePortReadSchema),
    S64: switchVePortReadSchema,
    S65: acceptedRequestSchema,
    S66: acceptedRequestSchema,
    S67: acceptedAnswerSchema(z.array(switchVePortReadSchema)),
    S68: acceptedAnswerSchema(venueSwitchSettingsReadSchema),
    S69: venueSwitchSettingsReadSchema,
  };
}

/** Calls an operation and holds its answer against its read schema (answers.test's check). */
type Check = (op: OperationId, params?: Record<string, string>, body?: unknown, query?: string) => Promise<any>;

export async function driveSwitchOperations(client: Client, check: Check): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Campus"))).id;
  const trusted = { model: "ICX7150-24P", trustPorts: ["1/1/1"], trustedPortType: "all", vlanDemand: false };
  const family = [{ model: "ICX7150-24P", taggedPorts: "1/1/2,1/1/3", untaggedPorts: "1/1/4" }];
  const profile = (
    await check(
      "S43",
      {},
      {
        name: "Campus answers",
        venues: [venueId],
        vlans: [{ ...vlanBody(100), switchFamilyModels: family }, vlanBody(200)],
        trustedPorts: [trusted],
      },
    )
  ).response;
  const profileId = profile.id;
  await check("S48", { profileId, trustedPortId: profile.trustedPorts[0].id });
  await check("S49", { profileId, trustedPortId: profile.trustedPorts[0].id });
  const acl = (await check("S3", { profileId }, aclBody("users-in"))).response;
  const spareAcl = (await check("S3", { profileId }, aclBody("spare", "standard"))).response;
  await check("S4", { profileId }, { ...aclBody("users-in"), id: acl.id, aclRules: [] });
  await check("S5", { profileId, aclId: acl.id });
  await check("S7", { profileId }, undefined, "page=0&size=10");
  await check("S2", { venueId });
  await check("S1", { aclId: acl.id, venueId });
  await check("S56", { venueId });
  await check("S57", { venueId, model: "ICX7150-24P" });
  await check("S58", { venueId, model: "ICX7150-24P", unitId: "1", slotId: "1", taggedPortId: "2" });
  await check("S59", { venueId, model: "ICX7150-24P", unitId: "1", slotId: "1", untaggedPortId: "4" });
  await check("S60", { vlanId: "100", venueId });

  const serial = switchSerial(1);
  await check("S10", {}, { ...switchBody(venueId, 1), tags: "core,floor1" });
  await check("S23", {}, switchBody(venueId, 2));
  await check("S11", {}, { ...switchBody(venueId, 1, "Renamed"), igmpSnooping: "passive" });
  await check("S9");
  await check("S13", { venueId });
  await check("S14", { serialNumber: serial });
  await check("S19", { serialNumber: serial }, { xPercent: 10, yPercent: 20 });
  await check("S16", { serialNumber: serial }, { add: [switchSerial(5), switchSerial(6)] });
  await check("S17", { serialNumber: serial, memberId: switchSerial(6) });
  await check("S18", { serialNumber: serial }, { targetHost: "192.0.2.1" });
  await check("S21", { serialNumber: serial }, { targetHost: "example.com", maxTtl: 5 });
  await check("S20", { serialNumber: serial });
  await check("S22", { serialNumber: serial }, { firmwareVersion: "09.0.10", scheduledTime: "2030-01-01T00:00:00Z" });
  await check(
    "S12",
    {},
    { serial, localPort: 22, rpPort: 2222, rpIp: "192.0.2.9", rpUserName: "ops", rpPrivateKey: "-----KEY-----" },
  );

  const ports = await check("S39", { serialNumber: serial });
  await check(
    "S40",
    { serialNumber: serial },
    {
      port: "1/1/5",
      taggedVlans: ["100"],
      untaggedVlan: "200",
      ingressAcl: "users-in",
      poeBudget: 15,
      portSpeed: "AUTO",
    },
  );
  await check("S41", { serialNumber: serial, unitNum: "1", slotNum: "1", portNum: "5" });
  await check("S42", { serialNumber: serial }, [ports[0].id, ports[1].id]);

  const lag = (
    await check(
      "S35",
      { serialNumber: serial },
      { name: "uplink", type: "dynamic", ports: ["1/2/1", "1/2/2"], taggedVlans: ["100"] },
    )
  ).response;
  await check("S32", {}, { id: lag.id, name: "uplink", type: "static", ports: ["1/2/1"] });
  const [other] = (await check("S38", { serialNumber: serial }, { name: "spare", type: "static", ports: ["1/2/3"] }))
    .response;
  await check("S34", { serialNumber: serial });
  await check("S36", { lagId: lag.id });
  await check("S37", { lagId: lag.id });
  await check("S33", {}, [other.id]);

  const ip = (
    await check(
      "S28",
      { serialNumber: serial },
      { port: "1/1/10", ipAddress: "10.0.10.1", ipSubnetMask: "255.255.255.0" },
    )
  ).response;
  await check("S25", {}, { id: ip.id, port: "1/1/10", ipAddress: "10.0.10.2", ospfArea: "0.0.0.0" });
  const [otherIp] = (await check("S31", { serialNumber: serial }, { port: "1/1/11" })).response;
  await check("S27", { serialNumber: serial });
  await check("S29", { ipPortId: ip.id });
  await check("S30", { ipPortId: ip.id });
  await check("S26", {}, [otherIp.id]);

  const ve = (
    await check("S63", { serialNumber: serial }, { vlanId: 100, ipAddress: "10.0.100.1", dhcpRelayAgent: "10.0.0.5" })
  ).response;
  await check("S61", {}, { id: ve.id, vlanId: 100, ipAddress: "10.0.100.2" });
  const [otherVe] = (await check("S67", { serialNumber: serial }, [{ vlanId: 200 }])).response;
  await check("S62", { serialNumber: serial });
  await check("S64", { vePortId: ve.id });
  await check("S65", { vePortId: ve.id });
  await check("S66", {}, [otherVe.id]);

  await check("S69", { venueId });
  await check(
    "S68",
    {},
    {
      id: venueId,
      dns: ["192.0.2.53"],
      profileId,
      switchLoginUsername: "admin",
      switchLoginPassword: "pw",
      syslogEnabled: true,
      syslogPrimaryServer: "logs.example.com",
    },
  );
  await check("S69", { venueId });

  await check("S40", { serialNumber: serial }, { port: "1/1/5" });
  await check("S15", { serialNumber: serial });
  await check("S24", {}, [switchSerial(2)]);
  await check("S6", { profileId, aclId: acl.id });
  await check("S8", { profileId }, [spareAcl.id]);
}

/** switch profiles and VLANs (S43-S55) */
export async function driveSwitchProfiles({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("A7", {}, venueBody("Switch site"))).id;
  const profile = (
    await check("S43", {}, { ...switchProfileBody("Answers profile", [vlanBody(10)]), venues: [venueId] })
  ).response;
  await check("S45", { profileId: profile.id });
  await check("S44", {}, { id: profile.id, name: "Answers profile 2", venues: [venueId] });
  await check("S47");
  const vlan = (
    await check(
      "S50",
      { profileId: profile.id },
      { ...vlanBody(20), rootBridgeFamilyId: "ICX7850", switchFamilyModels: [{ model: "ICX7850-48F" }] },
    )
  ).response;
  const spare = (await check("S50", { profileId: profile.id }, vlanBody(30))).response;
  await check("S52", { profileId: profile.id, vlanUuid: vlan.id });
  await check("S51", { profileId: profile.id }, { id: vlan.id, ...vlanBody(20, "Renamed") });
  await check("S54", { profileId: profile.id });
  await check("S53", { profileId: profile.id, vlanUuid: vlan.id });
  await check("S55", { profileId: profile.id }, [spare.id]);
  await check("S46", { profileId: profile.id });
}
