// The answers of the switch operations: their read schemas, and the drives through them
// that answers.test.ts runs for a tenant of each Wi-Fi API variant.
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  actionTextReadSchema,
  type OperationName,
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
    createSwitchProfile: acceptedAnswerSchema(switchProfileReadSchema),
    updateSwitchProfile: acceptedAnswerSchema(switchProfileReadSchema),
    getSwitchProfile: switchProfileReadSchema,
    deleteSwitchProfile: acceptedRequestSchema,
    listSwitchProfiles: z.array(switchProfileReadSchema),
    createVlan: acceptedAnswerSchema(switchVlanReadSchema),
    updateVlan: acceptedAnswerSchema(switchVlanReadSchema),
    getVlan: switchVlanReadSchema,
    deleteVlan: acceptedRequestSchema,
    listProfileVlans: z.array(switchVlanReadSchema),
    deleteVlans: acceptedRequestSchema,
    getVenueAcl: switchReferenceReadSchema,
    listVenueAcls: z.array(switchAclReadSchema),
    createAcl: acceptedAnswerSchema(switchAclReadSchema),
    updateAcl: acceptedAnswerSchema(switchAclReadSchema),
    getAcl: switchAclReadSchema,
    deleteAcl: acceptedRequestSchema,
    listProfileAcls: z.array(switchAclReadSchema),
    deleteAcls: acceptedRequestSchema,
    listSwitches: z.array(switchReadSchema),
    createSwitch: acceptedAnswerSchema(switchReadSchema),
    updateSwitch: acceptedAnswerSchema(switchReadSchema),
    createSshTunnel: acceptedRequestSchema,
    listVenueSwitches: z.array(switchReadSchema),
    getSwitch: switchReadSchema,
    deleteSwitch: acceptedRequestSchema,
    updateStackMembers: acceptedAnswerSchema(switchReadSchema),
    deleteStackMember: acceptedRequestSchema,
    pingFromSwitch: acceptedAnswerSchema(actionTextReadSchema),
    updateSwitchPosition: acceptedAnswerSchema(switchPositionSchema),
    rebootSwitch: acceptedRequestSchema,
    traceRouteFromSwitch: acceptedAnswerSchema(actionTextReadSchema),
    scheduleSwitchFirmware: acceptedRequestSchema,
    createSwitches: acceptedAnswerSchema(z.array(switchReadSchema)),
    deleteSwitches: acceptedRequestSchema,
    updateIpPort: acceptedAnswerSchema(switchIpPortReadSchema),
    deleteIpPorts: acceptedRequestSchema,
    listSwitchIpPorts: z.array(switchIpPortReadSchema),
    createIpPort: acceptedAnswerSchema(switchIpPortReadSchema),
    getIpPort: switchIpPortReadSchema,
    deleteIpPort: acceptedRequestSchema,
    createIpPorts: acceptedAnswerSchema(z.array(switchIpPortReadSchema)),
    updateLag: acceptedAnswerSchema(switchLagReadSchema),
    deleteLags: acceptedRequestSchema,
    listSwitchLags: z.array(switchLagReadSchema),
    createLag: acceptedAnswerSchema(switchLagReadSchema),
    getLag: switchLagReadSchema,
    deleteLag: acceptedRequestSchema,
    createLags: acceptedAnswerSchema(z.array(switchLagReadSchema)),
    listSwitchPorts: z.array(switchPortReadSchema),
    updateSwitchPort: acceptedRequestSchema,
    getSwitchPort: switchPortReadSchema,
    getSwitchPortsByIds: responseEnvelope(switchPortReadSchema),
    getTrustedPort: trustedPortReadSchema,
    deleteTrustedPort: acceptedRequestSchema,
    listVenueVlans: z.array(switchVlanReadSchema),
    listVenueModelVlans: z.array(switchVlanReadSchema),
    listVenueModelTaggedPortVlans: z.array(switchVlanReadSchema),
    listVenueModelUntaggedPortVlans: z.array(switchVlanReadSchema),
    getVenueVlan: switchReferenceReadSchema,
    updateVePort: acceptedAnswerSchema(switchVePortReadSchema),
    listSwitchVePorts: z.array(switchVePortReadSchema),
    createVePort: acceptedAnswerSchema(switchVePortReadSchema),
    getVePort: switchVePortReadSchema,
    deleteVePort: acceptedRequestSchema,
    deleteVePorts: acceptedRequestSchema,
    createVePorts: acceptedAnswerSchema(z.array(switchVePortReadSchema)),
    updateVenueSwitchSettings: acceptedAnswerSchema(venueSwitchSettingsReadSchema),
    getVenueSwitchSettings: venueSwitchSettingsReadSchema,
  };
}

/** Calls an operation and holds its answer against its read schema (answers.test's check). */
type Check = (op: OperationName, params?: Record<string, string>, body?: unknown, query?: string) => Promise<any>;

export async function driveSwitchOperations(client: Client, check: Check): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("Campus"))).id;
  const trusted = { model: "ICX7150-24P", trustPorts: ["1/1/1"], trustedPortType: "all", vlanDemand: false };
  const family = [{ model: "ICX7150-24P", taggedPorts: "1/1/2,1/1/3", untaggedPorts: "1/1/4" }];
  const profile = (
    await check(
      "createSwitchProfile",
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
  await check("getTrustedPort", { profileId, trustedPortId: profile.trustedPorts[0].id });
  await check("deleteTrustedPort", { profileId, trustedPortId: profile.trustedPorts[0].id });
  const acl = (await check("createAcl", { profileId }, aclBody("users-in"))).response;
  const spareAcl = (await check("createAcl", { profileId }, aclBody("spare", "standard"))).response;
  await check("updateAcl", { profileId }, { ...aclBody("users-in"), id: acl.id, aclRules: [] });
  await check("getAcl", { profileId, aclId: acl.id });
  await check("listProfileAcls", { profileId }, undefined, "page=0&size=10");
  await check("listVenueAcls", { venueId });
  await check("getVenueAcl", { aclId: acl.id, venueId });
  await check("listVenueVlans", { venueId });
  await check("listVenueModelVlans", { venueId, model: "ICX7150-24P" });
  await check("listVenueModelTaggedPortVlans", {
    venueId,
    model: "ICX7150-24P",
    unitId: "1",
    slotId: "1",
    taggedPortId: "2",
  });
  await check("listVenueModelUntaggedPortVlans", {
    venueId,
    model: "ICX7150-24P",
    unitId: "1",
    slotId: "1",
    untaggedPortId: "4",
  });
  await check("getVenueVlan", { vlanId: "100", venueId });

  const serial = switchSerial(1);
  await check("createSwitch", {}, { ...switchBody(venueId, 1), tags: "core,floor1" });
  await check("createSwitches", {}, switchBody(venueId, 2));
  await check("updateSwitch", {}, { ...switchBody(venueId, 1, "Renamed"), igmpSnooping: "passive" });
  await check("listSwitches");
  await check("listVenueSwitches", { venueId });
  await check("getSwitch", { serialNumber: serial });
  await check("updateSwitchPosition", { serialNumber: serial }, { xPercent: 10, yPercent: 20 });
  await check("updateStackMembers", { serialNumber: serial }, { add: [switchSerial(5), switchSerial(6)] });
  await check("deleteStackMember", { serialNumber: serial, memberId: switchSerial(6) });
  await check("pingFromSwitch", { serialNumber: serial }, { targetHost: "192.0.2.1" });
  await check("traceRouteFromSwitch", { serialNumber: serial }, { targetHost: "example.com", maxTtl: 5 });
  await check("rebootSwitch", { serialNumber: serial });
  await check(
    "scheduleSwitchFirmware",
    { serialNumber: serial },
    { firmwareVersion: "09.0.10", scheduledTime: "2030-01-01T00:00:00Z" },
  );
  await check(
    "createSshTunnel",
    {},
    { serial, localPort: 22, rpPort: 2222, rpIp: "192.0.2.9", rpUserName: "ops", rpPrivateKey: "-----KEY-----" },
  );

  const ports = await check("listSwitchPorts", { serialNumber: serial });
  await check(
    "updateSwitchPort",
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
  await check("getSwitchPort", { serialNumber: serial, unitNum: "1", slotNum: "1", portNum: "5" });
  await check("getSwitchPortsByIds", { serialNumber: serial }, [ports[0].id, ports[1].id]);

  const lag = (
    await check(
      "createLag",
      { serialNumber: serial },
      { name: "uplink", type: "dynamic", ports: ["1/2/1", "1/2/2"], taggedVlans: ["100"] },
    )
  ).response;
  await check("updateLag", {}, { id: lag.id, name: "uplink", type: "static", ports: ["1/2/1"] });
  const [other] = (
    await check("createLags", { serialNumber: serial }, { name: "spare", type: "static", ports: ["1/2/3"] })
  ).response;
  await check("listSwitchLags", { serialNumber: serial });
  await check("getLag", { lagId: lag.id });
  await check("deleteLag", { lagId: lag.id });
  await check("deleteLags", {}, [other.id]);

  const ip = (
    await check(
      "createIpPort",
      { serialNumber: serial },
      { port: "1/1/10", ipAddress: "10.0.10.1", ipSubnetMask: "255.255.255.0" },
    )
  ).response;
  await check("updateIpPort", {}, { id: ip.id, port: "1/1/10", ipAddress: "10.0.10.2", ospfArea: "0.0.0.0" });
  const [otherIp] = (await check("createIpPorts", { serialNumber: serial }, { port: "1/1/11" })).response;
  await check("listSwitchIpPorts", { serialNumber: serial });
  await check("getIpPort", { ipPortId: ip.id });
  await check("deleteIpPort", { ipPortId: ip.id });
  await check("deleteIpPorts", {}, [otherIp.id]);

  const ve = (
    await check(
      "createVePort",
      { serialNumber: serial },
      { vlanId: 100, ipAddress: "10.0.100.1", dhcpRelayAgent: "10.0.0.5" },
    )
  ).response;
  await check("updateVePort", {}, { id: ve.id, vlanId: 100, ipAddress: "10.0.100.2" });
  const [otherVe] = (await check("createVePorts", { serialNumber: serial }, [{ vlanId: 200 }])).response;
  await check("listSwitchVePorts", { serialNumber: serial });
  await check("getVePort", { vePortId: ve.id });
  await check("deleteVePort", { vePortId: ve.id });
  await check("deleteVePorts", {}, [otherVe.id]);

  await check("getVenueSwitchSettings", { venueId });
  await check(
    "updateVenueSwitchSettings",
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
  await check("getVenueSwitchSettings", { venueId });

  await check("updateSwitchPort", { serialNumber: serial }, { port: "1/1/5" });
  await check("deleteSwitch", { serialNumber: serial });
  await check("deleteSwitches", {}, [switchSerial(2)]);
  await check("deleteAcl", { profileId, aclId: acl.id });
  await check("deleteAcls", { profileId }, [spareAcl.id]);
}

/** switch profiles and VLANs */
export async function driveSwitchProfiles({ client, variant, check, credentials }: AnswerRun): Promise<void> {
  const venueId = (await client.ok("createVenue", {}, venueBody("Switch site"))).id;
  const profile = (
    await check(
      "createSwitchProfile",
      {},
      { ...switchProfileBody("Answers profile", [vlanBody(10)]), venues: [venueId] },
    )
  ).response;
  await check("getSwitchProfile", { profileId: profile.id });
  await check("updateSwitchProfile", {}, { id: profile.id, name: "Answers profile 2", venues: [venueId] });
  await check("listSwitchProfiles");
  const vlan = (
    await check(
      "createVlan",
      { profileId: profile.id },
      { ...vlanBody(20), rootBridgeFamilyId: "ICX7850", switchFamilyModels: [{ model: "ICX7850-48F" }] },
    )
  ).response;
  const spare = (await check("createVlan", { profileId: profile.id }, vlanBody(30))).response;
  await check("getVlan", { profileId: profile.id, vlanUuid: vlan.id });
  await check("updateVlan", { profileId: profile.id }, { id: vlan.id, ...vlanBody(20, "Renamed") });
  await check("listProfileVlans", { profileId: profile.id });
  await check("deleteVlan", { profileId: profile.id, vlanUuid: vlan.id });
  await check("deleteVlans", { profileId: profile.id }, [spare.id]);
  await check("deleteSwitchProfile", { profileId: profile.id });
}
