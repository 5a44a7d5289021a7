// Every documented rule and decision of the switch operations, straight against the
// emulator: the switch ID rule and the {serialNumber} slot, field rules, ports made with a switch,
// stack members, the cascade of a switch's delete, ACL rules, references to the venue's VLANs and
// ACLs, ports in two LAGs, deletes refused while in use, venue lookups, trusted ports, actions and
// secrets that never come back in errors.
import type { RunningEmulator } from "../../../../emulator";
import {
  aclBody,
  adminApi,
  Client,
  start,
  switchBody,
  switchSerial,
  venueBody,
  vlanBody,
} from "../../../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
let venueId: string;
let profileId: string;
const serial = switchSerial(1);

beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
  venueId = (await client.ok("createVenue", {}, venueBody("Switch rules"))).id;
  const family = [{ model: "ICX7150-24P", taggedPorts: "1/1/2,1/1/3", untaggedPorts: "1/1/4" }];
  profileId = (
    await client.ok(
      "createSwitchProfile",
      {},
      {
        name: "Rules profile",
        venues: [venueId],
        vlans: [{ ...vlanBody(100), switchFamilyModels: family }, vlanBody(200)],
        acls: [aclBody("users-in")],
      },
    )
  ).id;
  await client.ok("createSwitch", {}, switchBody(venueId, 1));
});
afterAll(() => emu.close());

/** The single error entry of a refused call, after checking its status. */
async function refusal(reply: Promise<{ status: number; body: any }>, status: number) {
  const { status: got, body } = await reply;
  expect({ status: got, errors: body?.errors?.length }).toEqual({ status, errors: expect.any(Number) });
  return body.errors[0];
}

const objects = () => adminApi(emu, "GET", `tenants/${client.tenantId}/objects`);

describe("switches", () => {
  test("the switch's id is its serial number and fills the {serialNumber} slot of every switch path", async () => {
    const sw = (await client.call("getSwitch", { serialNumber: serial })).body;
    expect(sw).toEqual({
      id: serial,
      venueId,
      name: "Switch 1",
      enableStack: false,
      jumboMode: false,
      softDeleted: false,
      isPrimaryDeleted: false,
    });
    expect((await client.call("listSwitchPorts", { serialNumber: serial })).status).toBe(200);
    expect((await client.call("listVenueSwitches", { venueId })).body.map((s: { id: string }) => s.id)).toEqual([
      serial,
    ]);
  });

  test.each([
    ["XYZ3224R0AB", "a prefix not in the list"],
    ["FEK3255R0AB", "a number above 54"],
    ["FEK3200R0AB", "the number 00"],
    ["FEK3224I0AB", "the letter I"],
    ["FEK3224R0AU", "a U among the last three"],
    ["FEK3224R0A", "one character short"],
  ])("an id of %s (%s) is refused naming id", async (id) => {
    const entry = await refusal(client.call("createSwitch", {}, { id, venueId }), 422);
    expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: "id", value: id });
  });

  test.each([
    ["name", 'say "hi"'],
    ["name", ""],
    ["description", "d".repeat(256)],
    ["tags", "ab,cd,ef,gh,ij,kl"],
    ["tags", "no-hyphen"],
    ["tags", "x"],
    ["igmpSnooping", "sometimes"],
  ])("a %s of %j is refused naming it", async (field, value) => {
    const entry = await refusal(client.call("createSwitch", {}, { ...switchBody(venueId, 9), [field]: value }), 422);
    expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: field });
  });

  test("tags may be empty or up to five tags of 2 to 58 characters", async () => {
    for (const tags of ["", "ab,cd,ef,gh,ij", "x".repeat(58)]) {
      expect((await client.call("updateSwitch", {}, { ...switchBody(venueId, 1), tags })).status).toBe(202);
    }
  });

  test("a serial number added twice is 409 naming id; an unknown venue is 404 naming venueId", async () => {
    expect(await refusal(client.call("createSwitch", {}, switchBody(venueId, 1)), 409)).toMatchObject({
      code: "NMS-DUPLICATE-NAME",
      object: "id",
    });
    expect(await refusal(client.call("createSwitch", {}, switchBody("no-such-venue", 8)), 404)).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "venueId",
    });
  });

  test("the emulator makes 28 ports with a switch: 1/1/1-1/1/24 and 1/2/1-1/2/4, with the documented defaults", async () => {
    const ports = (await client.call("listSwitchPorts", { serialNumber: serial })).body as { port: string }[];
    expect(ports.map((p) => p.port)).toEqual([
      ...Array.from({ length: 24 }, (_, i) => `1/1/${i + 1}`),
      ...Array.from({ length: 4 }, (_, i) => `1/2/${i + 1}`),
    ]);
    expect(ports[0]).toMatchObject({
      lldpEnable: true,
      poeCapability: true,
      poeEnable: true,
      portEnable: true,
      dhcpSnoopingTrust: false,
      ipsg: false,
      portProtected: false,
    });
    expect(
      await refusal(
        client.call("getSwitchPort", { serialNumber: serial, unitNum: "1", slotNum: "3", portNum: "1" }),
        404,
      ),
    ).toMatchObject({ code: "NMS-NOT-FOUND", object: "portNum" });
  });

  test("position (updateSwitchPosition) and stack members (updateStackMembers, deleteStackMember) are kept by an updateSwitch that leaves them out", async () => {
    expect(
      await refusal(client.call("updateSwitchPosition", { serialNumber: serial }, { xPercent: 101 }), 422),
    ).toMatchObject({
      object: "xPercent",
    });
    await client.ok(
      "updateSwitchPosition",
      { serialNumber: serial },
      { floorplanId: "f1", xPercent: 25, yPercent: 75 },
    );
    const added = await client.ok(
      "updateStackMembers",
      { serialNumber: serial },
      { add: [switchSerial(5), switchSerial(6)] },
    );
    expect(added.stackMembers).toEqual([{ id: switchSerial(5) }, { id: switchSerial(6) }]);
    await client.ok("updateSwitch", {}, { ...switchBody(venueId, 1), description: "kept" });
    expect((await client.call("getSwitch", { serialNumber: serial })).body).toMatchObject({
      position: { floorplanId: "f1", xPercent: 25, yPercent: 75 },
      stackMembers: [{ id: switchSerial(5) }, { id: switchSerial(6) }],
    });

    expect(
      await refusal(client.call("updateStackMembers", { serialNumber: serial }, { remove: [switchSerial(7)] }), 422),
    ).toMatchObject({ object: "remove[0]" });
    expect(
      await refusal(client.call("updateStackMembers", { serialNumber: serial }, { add: [serial] }), 422),
    ).toMatchObject({
      object: "add[0]",
    });
    expect(
      await refusal(client.call("deleteStackMember", { serialNumber: serial, memberId: switchSerial(7) }), 404),
    ).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "memberId",
    });
    await client.ok("deleteStackMember", { serialNumber: serial, memberId: switchSerial(6) });
    await client.ok(
      "updateStackMembers",
      { serialNumber: serial },
      { add: [switchSerial(7)], remove: [switchSerial(5)] },
    );
    expect((await client.call("getSwitch", { serialNumber: serial })).body.stackMembers).toEqual([
      { id: switchSerial(7) },
    ]);
  });

  test("createSwitches adds a switch and answers an array; deleteSwitches deletes several, all or nothing", async () => {
    const accepted = await client.call("createSwitches", {}, switchBody(venueId, 2));
    expect(accepted.body.response).toEqual([expect.objectContaining({ id: switchSerial(2) })]);
    await client.waitFor(accepted.body.requestId);
    expect(await refusal(client.call("deleteSwitches", {}, [switchSerial(2), switchSerial(17)]), 404)).toMatchObject({
      object: "[1].serialNumber",
    });
    await client.ok("deleteSwitches", {}, [switchSerial(2)]);
    expect((await client.call("getSwitch", { serialNumber: switchSerial(2) })).status).toBe(404);
  });

  test("deleting a switch removes its ports, LAGs, IP and VE ports", async () => {
    const doomed = switchSerial(3);
    await client.ok("createSwitch", {}, switchBody(venueId, 3));
    await client.ok("createLag", { serialNumber: doomed }, { name: "lag", type: "static", ports: ["1/2/1"] });
    await client.ok("createIpPort", { serialNumber: doomed }, { port: "1/1/1", ipAddress: "10.0.0.1" });
    await client.ok("createVePort", { serialNumber: doomed }, { vlanId: 100 });
    await client.ok("deleteSwitch", { serialNumber: doomed });
    const held = await objects();
    expect(held.switches.map((s: { id: string }) => s.id)).not.toContain(doomed);
    expect(held.switchPorts.filter((p: { id: string }) => p.id.startsWith(doomed))).toEqual([]);
    expect(held.switchLags).toEqual([]);
    expect(held.switchIpPorts).toEqual([]);
    expect(held.switchVePorts).toEqual([]);
  });
});

describe("ACLs", () => {
  test("a standard ACL cannot hold a destination or ports: refused naming the rule's field", async () => {
    for (const field of ["destination", "sourcePort", "destinationPort"]) {
      const rule = { sequence: 1, source: "any", [field]: field === "destination" ? "any" : 80 };
      const entry = await refusal(
        client.call("createAcl", { profileId }, { name: "std", aclType: "standard", aclRules: [rule] }),
        422,
      );
      expect(entry).toMatchObject({ code: "NMS-VALIDATION", object: `aclRules[0].${field}` });
    }
    const rule = { sequence: 1, source: "any", destination: "any", destinationPort: 80 };
    expect(
      (await client.call("createAcl", { profileId }, { name: "ext", aclType: "extended", aclRules: [rule] })).status,
    ).toBe(202);
  });

  test("ACL names are unique in their profile", async () => {
    expect(await refusal(client.call("createAcl", { profileId }, aclBody("users-in")), 409)).toMatchObject({
      code: "NMS-DUPLICATE-NAME",
      object: "name",
    });
  });
});

describe("references to the venue's VLANs and ACLs, and deletes while in use", () => {
  test("a port may name only VLANs and ACLs of profiles applied to the switch's venue", async () => {
    const other = (
      await client.ok(
        "createSwitchProfile",
        {},
        { name: "Unapplied", vlans: [vlanBody(300)], acls: [aclBody("elsewhere")] },
      )
    ).id;
    for (const [body, object] of [
      [{ port: "1/1/7", untaggedVlan: "300" }, "untaggedVlan"],
      [{ port: "1/1/7", taggedVlans: ["100", "999"] }, "taggedVlans[1]"],
      [{ port: "1/1/7", ingressAcl: "elsewhere" }, "ingressAcl"],
    ] as const) {
      expect(await refusal(client.call("updateSwitchPort", { serialNumber: serial }, body), 404)).toMatchObject({
        code: "NMS-RELATED-NOT-FOUND",
        object,
      });
    }
    await client.ok("deleteSwitchProfile", { profileId: other });
  });

  test("a VLAN, an ACL or a profile still named by a port is not deleted (NMS-SWITCH-CONFIG-IN-USE); once free it is", async () => {
    const profile = (await client.call("getSwitchProfile", { profileId })).body;
    const vlan = profile.vlans.find((v: { vlanId: number }) => v.vlanId === 200);
    const acl = profile.acls.find((a: { name: string }) => a.name === "users-in");
    await client.ok(
      "updateSwitchPort",
      { serialNumber: serial },
      { port: "1/1/8", untaggedVlan: "200", egressAcl: "users-in" },
    );
    expect(await refusal(client.call("deleteVlan", { profileId, vlanUuid: vlan.id }), 409)).toMatchObject({
      code: "NMS-SWITCH-CONFIG-IN-USE",
      object: "vlanUuid",
      value: 200,
    });
    expect(await refusal(client.call("deleteAcl", { profileId, aclId: acl.id }), 409)).toMatchObject({
      code: "NMS-SWITCH-CONFIG-IN-USE",
      object: "aclId",
      value: "users-in",
    });
    expect(await refusal(client.call("deleteSwitchProfile", { profileId }), 409)).toMatchObject({
      code: "NMS-SWITCH-CONFIG-IN-USE",
      object: "profileId",
    });
    expect(await refusal(client.call("updateVlan", { profileId }, { id: vlan.id, vlanId: 201 }), 409)).toMatchObject({
      code: "NMS-SWITCH-CONFIG-IN-USE",
      object: "vlanId",
    });
    await client.ok("updateSwitchPort", { serialNumber: serial }, { port: "1/1/8" });
    expect((await client.write("deleteVlan", { profileId, vlanUuid: vlan.id })).record.status).toBe("SUCCESS");
    await client.ok("createVlan", { profileId }, vlanBody(200));
  });

  test("a port joins one LAG only (NMS-PORT-IN-LAG); LAG ports must be ports of the switch", async () => {
    const lag = await client.ok(
      "createLag",
      { serialNumber: serial },
      { name: "uplink", type: "dynamic", ports: ["1/2/1", "1/2/2"] },
    );
    expect(
      await refusal(
        client.call("createLag", { serialNumber: serial }, { name: "second", type: "static", ports: ["1/2/2"] }),
        409,
      ),
    ).toMatchObject({ code: "NMS-PORT-IN-LAG", object: "ports[0]", value: "1/2/2" });
    expect(
      await refusal(
        client.call("createLag", { serialNumber: serial }, { name: "third", type: "static", ports: ["1/5/1"] }),
        404,
      ),
    ).toMatchObject({ code: "NMS-RELATED-NOT-FOUND", object: "ports[0]" });
    expect(
      await refusal(client.call("createLag", { serialNumber: serial }, { name: 'a"b', type: "static" }), 422),
    ).toMatchObject({ object: "name" });
    expect(
      (await client.call("getSwitchPort", { serialNumber: serial, unitNum: "1", slotNum: "2", portNum: "1" })).body.lag,
    ).toEqual({ id: lag.id, name: "uplink" });
    // updateLag updates the LAG its body's id names; the switch stays.
    await client.ok("updateLag", {}, { id: lag.id, name: "uplink", type: "static", ports: ["1/2/1"] });
    expect((await client.call("listSwitchLags", { serialNumber: serial })).body).toEqual([
      { id: lag.id, name: "uplink", type: "static", ports: ["1/2/1"], taggedVlans: [] },
    ]);
    await client.ok("deleteLag", { lagId: lag.id });
  });

  test("one IP port per port and one VE port per VLAN of the venue; updateIpPort and updateVePort update by the body's id", async () => {
    const ip = await client.ok("createIpPort", { serialNumber: serial }, { port: "1/1/12" });
    expect(await refusal(client.call("createIpPort", { serialNumber: serial }, { port: "1/1/12" }), 409)).toMatchObject(
      {
        code: "NMS-DUPLICATE-NAME",
        object: "port",
      },
    );
    expect(await refusal(client.call("updateIpPort", {}, { port: "1/1/12" }), 422)).toMatchObject({
      code: "NMS-VALIDATION",
      object: "id",
    });
    await client.ok("updateIpPort", {}, { id: ip.id, port: "1/1/12", ipAddress: "10.1.1.1" });
    expect((await client.call("getIpPort", { ipPortId: ip.id })).body).toEqual({
      id: ip.id,
      port: "1/1/12",
      ipAddress: "10.1.1.1",
    });
    expect(await refusal(client.call("createVePort", { serialNumber: serial }, { vlanId: 999 }), 404)).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "vlanId",
    });
    const ve = await client.ok("createVePort", { serialNumber: serial }, { vlanId: 100 });
    expect(await refusal(client.call("createVePort", { serialNumber: serial }, { vlanId: 100 }), 409)).toMatchObject({
      code: "NMS-DUPLICATE-NAME",
      object: "vlanId",
    });
    await client.ok("deleteVePorts", {}, [ve.id]);
    await client.ok("deleteIpPorts", {}, [ip.id]);
  });
});

describe("venue lookups", () => {
  test("a profile's VLANs and ACLs are visible to the venues it applies to, and only while it does", async () => {
    const vlanIds = async () =>
      (await client.call("listVenueVlans", { venueId })).body.map((v: { vlanId: number }) => v.vlanId).sort();
    expect(await vlanIds()).toEqual([100, 200]);
    expect((await client.call("listVenueVlans", { venueId }, undefined, "page=1&size=1")).body).toHaveLength(1);
    expect((await client.call("listVenueAcls", { venueId })).body.map((a: { name: string }) => a.name)).toContain(
      "users-in",
    );
    expect(
      (await client.call("listVenueModelVlans", { venueId, model: "ICX7150-24P" })).body.map(
        (v: { vlanId: number }) => v.vlanId,
      ),
    ).toEqual([100]);
    expect((await client.call("listVenueModelVlans", { venueId, model: "ICX7850-48F" })).body).toEqual([]);
    expect(
      (
        await client.call("listVenueModelTaggedPortVlans", {
          venueId,
          model: "ICX7150-24P",
          unitId: "1",
          slotId: "1",
          taggedPortId: "3",
        })
      ).body,
    ).toHaveLength(1);
    expect(
      (
        await client.call("listVenueModelTaggedPortVlans", {
          venueId,
          model: "ICX7150-24P",
          unitId: "1",
          slotId: "1",
          taggedPortId: "4",
        })
      ).body,
    ).toHaveLength(0);
    expect(
      (
        await client.call("listVenueModelUntaggedPortVlans", {
          venueId,
          model: "ICX7150-24P",
          unitId: "1",
          slotId: "1",
          untaggedPortId: "4",
        })
      ).body,
    ).toHaveLength(1);
    const vlan = (await client.call("listVenueVlans", { venueId })).body.find(
      (v: { vlanId: number }) => v.vlanId === 100,
    );
    expect((await client.call("getVenueVlan", { vlanId: "100", venueId })).body).toEqual({
      coreId: vlan.id,
      szNameId: "VLAN 100",
      venueId,
    });
    expect(await refusal(client.call("getVenueVlan", { vlanId: "4000", venueId }), 404)).toMatchObject({
      object: "vlanId",
    });
    const acl = (await client.call("listVenueAcls", { venueId })).body.find(
      (a: { name: string }) => a.name === "users-in",
    );
    expect((await client.call("getVenueAcl", { aclId: acl.id, venueId })).body).toEqual({
      coreId: acl.id,
      szNameId: "users-in",
      venueId,
    });

    const elsewhere = (await client.ok("createVenue", {}, venueBody("No profile here"))).id;
    expect((await client.call("listVenueVlans", { venueId: elsewhere })).body).toEqual([]);
    expect(await refusal(client.call("getVenueAcl", { aclId: acl.id, venueId: elsewhere }), 404)).toMatchObject({
      object: "aclId",
    });
  });
});

describe("trusted ports (createSwitchProfile, updateSwitchProfile, getTrustedPort, deleteTrustedPort)", () => {
  test("createSwitchProfile and updateSwitchProfile create the trusted ports their bodies list without an id; updateSwitchProfile keeps the others; deleteTrustedPort deletes", async () => {
    const entry = { model: "ICX7150-24P", trustPorts: ["1/1/1"], trustedPortType: "all", vlanDemand: false };
    const profile = await client.ok("createSwitchProfile", {}, { name: "Trusting", trustedPorts: [entry] });
    const first = profile.trustedPorts[0];
    expect((await client.call("getTrustedPort", { profileId: profile.id, trustedPortId: first.id })).body).toEqual({
      ...entry,
      id: first.id,
    });
    await client.ok(
      "updateSwitchProfile",
      {},
      { id: profile.id, name: "Trusting", trustedPorts: [{ ...entry, trustPorts: ["1/1/2"] }] },
    );
    await client.ok("updateSwitchProfile", {}, { id: profile.id, name: "Trusting" });
    const ids = (await client.call("getSwitchProfile", { profileId: profile.id })).body.trustedPorts.map(
      (t: { id: string }) => t.id,
    );
    expect(ids).toHaveLength(2);
    await client.ok("deleteTrustedPort", { profileId: profile.id, trustedPortId: first.id });
    expect((await client.call("getTrustedPort", { profileId: profile.id, trustedPortId: first.id })).status).toBe(404);
    await client.ok("deleteSwitchProfile", { profileId: profile.id });
    expect((await objects()).switchTrustedPorts).toEqual([]);
  });
});

describe("actions and secrets", () => {
  test("ping and trace route check their target; maxTtl is 0 to 255, default 30", async () => {
    expect(
      await refusal(client.call("pingFromSwitch", { serialNumber: serial }, { targetHost: "0.1.2.3" }), 422),
    ).toMatchObject({
      object: "targetHost",
    });
    expect(
      await refusal(
        client.call("traceRouteFromSwitch", { serialNumber: serial }, { targetHost: "example.com", maxTtl: 256 }),
        422,
      ),
    ).toMatchObject({ object: "maxTtl" });
    const traced = await client.call("traceRouteFromSwitch", { serialNumber: serial }, { targetHost: "example.com" });
    expect(traced.body.response.response).toContain("30 hops max");
    expect(
      (await client.call("pingFromSwitch", { serialNumber: switchSerial(17) }, { targetHost: "example.com" })).status,
    ).toBe(404);
  });

  test("rebootSwitch and scheduleSwitchFirmware need a switch that exists; scheduleSwitchFirmware's body is an object", async () => {
    expect((await client.call("rebootSwitch", { serialNumber: switchSerial(17) })).status).toBe(404);
    expect((await client.write("rebootSwitch", { serialNumber: serial })).record.status).toBe("SUCCESS");
    expect(await refusal(client.call("scheduleSwitchFirmware", { serialNumber: serial }, [1]), 400)).toMatchObject({
      code: "NMS-BAD-REQUEST",
    });
    expect(
      (
        await client.write(
          "scheduleSwitchFirmware",
          { serialNumber: serial },
          { firmwareVersion: "09.0.10", scheduledTime: "2030-01-01T00:00:00Z" },
        )
      ).record.status,
    ).toBe("SUCCESS");
  });

  test("the SSH tunnel's ports are 0 to 65535, its switch must exist, and its private key never comes back in an error", async () => {
    expect(
      await refusal(client.call("createSshTunnel", {}, { serial, localPort: 22, rpPort: 70000 }), 422),
    ).toMatchObject({
      object: "rpPort",
      value: 70000,
    });
    expect(
      await refusal(client.call("createSshTunnel", {}, { serial: switchSerial(17), localPort: 22, rpPort: 22 }), 404),
    ).toMatchObject({ object: "serial" });
    const leaked = await refusal(
      client.call("createSshTunnel", {}, { serial, localPort: 22, rpPort: 22, rpPrivateKey: ["-----BEGIN KEY-----"] }),
      422,
    );
    expect(leaked).toMatchObject({ object: "rpPrivateKey" });
    expect(leaked).not.toHaveProperty("value");
  });

  test("venue switch settings: defaults before any write, whole writes, a known profile, servers by address or name, the password never in an error", async () => {
    expect((await client.call("getVenueSwitchSettings", { venueId })).body).toEqual({
      id: venueId,
      dns: [],
      syslogEnabled: false,
    });
    expect(
      await refusal(
        client.call("updateVenueSwitchSettings", {}, { id: venueId, syslogPrimaryServer: "300.1.1.1" }),
        422,
      ),
    ).toMatchObject({ object: "syslogPrimaryServer" });
    expect(
      await refusal(client.call("updateVenueSwitchSettings", {}, { id: venueId, profileId: "nope" }), 404),
    ).toMatchObject({
      code: "NMS-RELATED-NOT-FOUND",
      object: "profileId",
    });
    expect(await refusal(client.call("updateVenueSwitchSettings", {}, { id: "no-such-venue" }), 404)).toMatchObject({
      code: "NMS-NOT-FOUND",
      object: "venueId",
    });
    const leaked = await refusal(
      client.call("updateVenueSwitchSettings", {}, { id: venueId, switchLoginPassword: 12345678 }),
      422,
    );
    expect(leaked).toMatchObject({ object: "switchLoginPassword" });
    expect(leaked).not.toHaveProperty("value");
    await client.ok(
      "updateVenueSwitchSettings",
      {},
      { id: venueId, dns: ["192.0.2.53"], syslogEnabled: true, syslogPrimaryServer: "logs.example.com" },
    );
    const used = (await client.ok("createSwitchProfile", {}, { name: "Settings profile" })).id;
    await client.ok("updateVenueSwitchSettings", {}, { id: venueId, profileId: used });
    expect(await refusal(client.call("deleteSwitchProfile", { profileId: used }), 409)).toMatchObject({
      code: "NMS-SWITCH-CONFIG-IN-USE",
      object: "profileId",
    });
    await client.ok("updateVenueSwitchSettings", {}, { id: venueId, firmware: "09.0.10" });
    await client.ok("deleteSwitchProfile", { profileId: used });
    expect((await client.call("getVenueSwitchSettings", { venueId })).body).toEqual({
      id: venueId,
      dns: [],
      syslogEnabled: false,
      firmware: "09.0.10",
    });
  });

  test("getSwitchPortsByIds reads the ports its body names, of this switch only", async () => {
    const ports = (await client.call("listSwitchPorts", { serialNumber: serial })).body;
    expect((await client.call("getSwitchPortsByIds", { serialNumber: serial }, [ports[1].id])).body).toEqual({
      response: [ports[1]],
    });
    expect(
      await refusal(client.call("getSwitchPortsByIds", { serialNumber: serial }, [ports[1].id, "nope"]), 404),
    ).toMatchObject({
      object: "[1]",
    });
  });
});
