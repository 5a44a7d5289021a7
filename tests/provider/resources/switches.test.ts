import { isOperationName, ROUTES } from "../../../contract";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { NmsApiError, type NmsClient } from "../../../provider/client";
import { FUNCTION_SPECS } from "../../../provider/functions";
import { runFunction } from "../../../provider/functions/run";
import { makeLifecycle } from "../../../provider/lifecycle";
import { checkArgs, invoke } from "../../../provider/programClient";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { demoClient, servedRequests, setPreview } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
let profileId: string;
const provider = (kind: string) => makeLifecycle(RESOURCE_SPECS[kind], async () => client);

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  const p = provider(kind);
  const checked = await p.check!({}, inputs);
  expect(checked.failures).toEqual([]);
  return (await p.create(checked.inputs)) as { id: string; outs: Props };
}

const opsSince = async (before: number) => (await servedRequests(emulator)).slice(before).map((r) => r.op);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0, rateLimit: null });
  client = demoClient(emulator);
  venueId = (await create("Venue", { name: "Switch provider site" })).id;
  profileId = (await create("SwitchProfile", { name: "Provider profile", venues: [venueId] })).id;
  await create("SwitchVlan", { profileId, vlanId: 300 });
  await create("SwitchAcl", {
    profileId,
    name: "mgmt-in",
    aclType: "standard",
    aclRules: [{ sequence: 1, action: "permit", source: "10.0.0.0/8" }],
  });
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

describe("Switch", () => {
  test("the serial number is the resource's ID; position and stack members are written by updateSwitchPosition and updateStackMembers right after createSwitch", async () => {
    const before = (await servedRequests(emulator)).length;
    const { id, outs } = await create("Switch", {
      serialNumber: "FEK3224R0B1",
      venueId,
      name: "Provider switch",
      position: { xPercent: 5, yPercent: 6 },
      stackMembers: [{ id: "FEK3224R0B2" }],
    });
    expect(id).toBe("FEK3224R0B1");
    expect(await opsSince(before)).toEqual(
      expect.arrayContaining(["createSwitch", "updateSwitchPosition", "updateStackMembers", "getSwitch"]),
    );
    const ops = await opsSince(before);
    expect(ops.indexOf("createSwitch")).toBeLessThan(ops.indexOf("updateSwitchPosition"));
    expect(outs).toMatchObject({
      serialNumber: id,
      position: { xPercent: 5, yPercent: 6 },
      stackMembers: [{ id: "FEK3224R0B2" }],
      softDeleted: false,
      isPrimaryDeleted: false,
    });

    // A change of the members sends what to add and what to remove.
    const p = provider("Switch");
    const news = { ...outs, stackMembers: [{ id: "FEK3224R0B3" }] };
    const middle = (await servedRequests(emulator)).length;
    const updated = await p.update!(id, outs, news);
    expect(await opsSince(middle)).toEqual(expect.arrayContaining(["updateStackMembers"]));
    expect(await opsSince(middle)).not.toContain("updateSwitch");
    expect(updated.outs.stackMembers).toEqual([{ id: "FEK3224R0B3" }]);
  });

  test("without a position or members, no updateSwitchPosition or updateStackMembers is sent", async () => {
    const before = (await servedRequests(emulator)).length;
    await create("Switch", { serialNumber: "FEK3224R0B4", venueId });
    expect(await opsSince(before)).not.toEqual(expect.arrayContaining(["updateSwitchPosition"]));
    expect(await opsSince(before)).not.toContain("updateStackMembers");
  });

  test("check reads the inputs only a trigger writes with the body's rules, and names the serial number for the id rule", async () => {
    const checked = await provider("Switch").check!(
      {},
      { serialNumber: "FEK3224R0U1", venueId, position: { xPercent: 101 } },
    );
    expect(checked.failures!.map((f) => f.property).sort()).toEqual(["position.xPercent", "serialNumber"]);
  });
});

describe("SwitchPortSettings", () => {
  test("takes the port over through getSwitchPort (unit, slot and port in the path), writes with updateSwitchPort, and destroy writes the defaults back", async () => {
    const before = (await servedRequests(emulator)).length;
    const { id, outs } = await create("SwitchPortSettings", {
      switchId: "FEK3224R0B1",
      port: "1/1/9",
      untaggedVlan: "300",
      ingressAcl: "mgmt-in",
      poeBudget: 12.5,
    });
    expect(id).toBe("1/1/9");
    expect(await opsSince(before)).toEqual(expect.arrayContaining(["getSwitchPort", "updateSwitchPort"]));
    expect(outs).toMatchObject({ port: "1/1/9", untaggedVlan: "300", poeBudget: 12.5, lldpEnable: true });
    await provider("SwitchPortSettings").delete!(id, outs);
    const port = await client.call<Props>("getSwitchPort", {
      serialNumber: "FEK3224R0B1",
      unitNum: "1",
      slotNum: "1",
      portNum: "9",
    });
    expect(port).not.toHaveProperty("untaggedVlan");
    expect(port).not.toHaveProperty("poeBudget");
  });

  test("a VLAN the venue's profiles lack is surfaced with NMS-RELATED-NOT-FOUND naming the field", async () => {
    await expect(
      create("SwitchPortSettings", { switchId: "FEK3224R0B1", port: "1/1/10", untaggedVlan: "999" }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/NMS-RELATED-NOT-FOUND.*untaggedVlan|untaggedVlan.*NMS-RELATED-NOT-FOUND/),
    });
  });
});

describe("the service's switch codes through the provider", () => {
  test("NMS-PORT-IN-LAG: a LAG taking a port of another LAG", async () => {
    await create("SwitchLag", { switchId: "FEK3224R0B1", name: "first", type: "static", ports: ["1/2/1"] });
    const error = await create("SwitchLag", {
      switchId: "FEK3224R0B1",
      name: "second",
      type: "static",
      ports: ["1/2/1"],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).message).toContain("NMS-PORT-IN-LAG");
  });

  test("NMS-SWITCH-CONFIG-IN-USE: destroying a VLAN a VE port still uses", async () => {
    const vlan = await create("SwitchVlan", { profileId, vlanId: 310 });
    const ve = await create("SwitchVePort", { switchId: "FEK3224R0B1", vlanId: 310, ipAddress: "10.31.0.1" });
    const error = await provider("SwitchVlan").delete!(vlan.id, vlan.outs).catch((e: unknown) => e);
    expect((error as Error).message).toContain("NMS-SWITCH-CONFIG-IN-USE");
    await provider("SwitchVePort").delete!(ve.id, ve.outs);
    await provider("SwitchVlan").delete!(vlan.id, vlan.outs);
    expect(await client.call("getVlan", { profileId, vlanUuid: vlan.id }).catch((e: NmsApiError) => e.status)).toBe(
      404,
    );
  });

  test("a refused switch login password is not in the error", async () => {
    const error = await create("VenueSwitchSettings", {
      venueId,
      switchLoginPassword: "Very-Secret-pw1",
      profileId: "no-such-profile",
    }).catch((e: unknown) => e);
    expect((error as Error).message).toContain("NMS-RELATED-NOT-FOUND");
    expect(JSON.stringify(error)).not.toContain("Very-Secret-pw1");
    expect((error as Error).message).not.toContain("Very-Secret-pw1");
  });
});

describe("switch functions", () => {
  test("the venue lookups read what the profiles applied to the venue hold", async () => {
    const vlans = (await runFunction(client, FUNCTION_SPECS.listVenueSwitchVlans, { venueId })) as Props[];
    expect(vlans.map((v) => v.vlanId)).toContain(300);
    const acls = (await runFunction(client, FUNCTION_SPECS.listVenueSwitchAcls, { venueId })) as Props[];
    expect(acls.map((a) => a.name)).toEqual(["mgmt-in"]);
    expect(await runFunction(client, FUNCTION_SPECS.getSwitchVlanReference, { vlanId: 300, venueId })).toMatchObject({
      szNameId: "300",
      venueId,
    });
  });

  test("ping and trace route return what the switch printed; trace route's maxTtl defaults to 30", async () => {
    const ping = (await runFunction(
      client,
      FUNCTION_SPECS.pingFromSwitch,
      checkArgs("pingFromSwitch", { serialNumber: "FEK3224R0B1", targetHost: "192.0.2.1" }, () => undefined),
    )) as Props;
    expect(ping.response).toContain("PING 192.0.2.1");
    const args = checkArgs(
      "traceRouteFromSwitch",
      { serialNumber: "FEK3224R0B1", targetHost: "example.com" },
      () => undefined,
    );
    expect(args.maxTtl).toBe(30);
    expect(((await runFunction(client, FUNCTION_SPECS.traceRouteFromSwitch, args)) as Props).response).toContain(
      "30 hops max",
    );
    expect(() =>
      checkArgs(
        "traceRouteFromSwitch",
        { serialNumber: "FEK3224R0B1", targetHost: "example.com", maxTtl: 256 },
        () => undefined,
      ),
    ).toThrow("maxTtl");
  });

  test("firmware, rebootSwitch and the SSH tunnel wait for their request; the tunnel's private key is never in an error", async () => {
    expect(
      await runFunction(client, FUNCTION_SPECS.scheduleSwitchFirmware, {
        serialNumber: "FEK3224R0B1",
        firmwareVersion: "09.0.10",
      }),
    ).toEqual({ requestId: expect.any(String) });
    expect(await runFunction(client, FUNCTION_SPECS.rebootSwitch, { serialNumber: "FEK3224R0B1" })).toEqual({
      requestId: expect.any(String),
    });
    const tunnel = { serial: "FEK3224R0B1", localPort: 22, rpPort: 2222, rpPrivateKey: "PRIVATE-KEY-abcdef" };
    expect(await runFunction(client, FUNCTION_SPECS.createSwitchSshTunnel, tunnel)).toEqual({
      requestId: expect.any(String),
    });
    const refused = await runFunction(client, FUNCTION_SPECS.createSwitchSshTunnel, {
      ...tunnel,
      serial: "FEK3224R0B9",
    }).catch((e: unknown) => e);
    expect((refused as Error).message).toContain("NMS-RELATED-NOT-FOUND");
    expect((refused as Error).message).not.toContain("PRIVATE-KEY-abcdef");
    expect(JSON.stringify(refused)).not.toContain("PRIVATE-KEY-abcdef");
  });

  test("in preview an action does not run, and its arguments are still checked", async () => {
    setPreview(true);
    const before = (await servedRequests(emulator)).length;
    const serialNumber = "FEK3224R0B1";
    const actions: [string, Props][] = [
      ["pingFromSwitch", { serialNumber, targetHost: "192.0.2.1" }],
      ["traceRouteFromSwitch", { serialNumber, targetHost: "192.0.2.1" }],
      ["rebootSwitch", { serialNumber }],
      ["scheduleSwitchFirmware", { serialNumber }],
      ["createSwitchSshTunnel", { serial: serialNumber, localPort: 22, rpPort: 22 }],
    ];
    for (const [name, args] of actions) expect(await invoke(name, args, () => undefined)).toMatchObject({ ran: false });
    await expect(
      invoke("createSwitchSshTunnel", { serial: "FEK3224R0B1", localPort: 22, rpPort: 70000 }, () => undefined),
    ).rejects.toThrow("rpPort");
    expect((await servedRequests(emulator)).length).toBe(before);
  });
});

describe("SwitchTrustedPort (created through its profile's updateSwitchProfile)", () => {
  test("the create reads the profile, writes it back with the new entry, and the resource's ID is the entry's; destroy is deleteTrustedPort", async () => {
    const before = (await servedRequests(emulator)).length;
    const inputs = { profileId, model: "ICX7150-24P", trustPorts: ["1/1/3"], trustedPortType: "all", vlanDemand: true };
    const { id, outs } = await create("SwitchTrustedPort", inputs);
    expect(
      (await opsSince(before)).filter((op) => isOperationName(op) && ROUTES[op].service === "switch").slice(0, 2),
    ).toEqual(["getSwitchProfile", "updateSwitchProfile"]);
    expect(await client.call("getTrustedPort", { profileId, trustedPortId: id })).toEqual({
      id,
      model: "ICX7150-24P",
      trustPorts: ["1/1/3"],
      trustedPortType: "all",
      vlanDemand: true,
    });
    expect(outs).toMatchObject({ profileId, trustPorts: ["1/1/3"] });
    const profile = await client.call<Props>("getSwitchProfile", { profileId });
    expect(profile).toMatchObject({ name: "Provider profile", venues: [venueId] });
    await provider("SwitchTrustedPort").delete!(id, outs);
    expect(
      await client.call("getTrustedPort", { profileId, trustedPortId: id }).catch((e: NmsApiError) => e.status),
    ).toBe(404);
  });
});
