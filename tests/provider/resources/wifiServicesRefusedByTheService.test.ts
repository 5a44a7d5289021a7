// The Wi-Fi services' resources through the provider's lifecycle against the emulator, for what
// check cannot tell and the service answers: the device-policy limit (WIFI-10205), a WLAN naming
// a profile that does not exist, a profile a network still uses, the older variant refusing
// device policies at preview, and the recovery PSK and vSPoT password kept out of errors.
import { MAX_DEVICE_POLICIES } from "../../../contract";
import type { RunningEmulator } from "../../../emulator";
import type { NmsClient } from "../../../provider/client";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";
import { admin, demoClient, start } from "../../support/emulatorClient";

type Props = Record<string, any>;

let emu: RunningEmulator;
let client: NmsClient;
beforeAll(async () => {
  emu = await start();
  client = demoClient(emu);
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

const lifecycle = (
  kind: string,
  variant: "older" | "newer" = "newer",
  source: () => Promise<NmsClient> = async () => client,
) => makeLifecycle(RESOURCE_SPECS[kind], source, { variant: () => variant });

test("WIFI-10205: the create past the tenant's device-policy limit fails with the service's code", async () => {
  const { body: other } = await admin(emu, "POST", "/tenants", { name: "Provider policy limit" });
  const otherClient = demoClient(emu, { tenantId: other.tenantId, username: other.username, password: other.password });
  const policies = lifecycle("DevicePolicy", "newer", async () => otherClient);
  for (let i = 0; i < MAX_DEVICE_POLICIES; i++) await policies.create!({ name: `Policy ${i}` });
  await expect(policies.create!({ name: "One too many" })).rejects.toThrow(/createDevicePolicy.*422.*WIFI-10205/s);
  await otherClient.close();
});

test("a device policy is refused at preview for a tenant of the older variant", async () => {
  const checked = await lifecycle("DevicePolicy", "older").check!({}, { name: "Old" });
  expect(checked.failures).toEqual([
    { property: "nms:wifiApiVariant", reason: expect.stringContaining("only in the newer variant") },
  ]);
});

test("a network naming a missing Wi-Fi calling profile fails with the field's path; a profile in use cannot be destroyed", async () => {
  const networks = lifecycle("Network");
  const wlan = (wifiCallingIds: string[]) => ({ advancedCustomization: { wifiCallingIds } });
  await expect(networks.create!({ name: "Calls", type: "open", wlan: wlan(["missing"]) })).rejects.toThrow(
    /NMS-RELATED-NOT-FOUND.*wlan\.advancedCustomization\.wifiCallingIds\[0\]/s,
  );
  const profiles = lifecycle("WifiCallingProfile");
  const profile = await profiles.create!({
    profileName: "In use",
    ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.8" }],
  });
  const network = await networks.create!({ name: "Calls", type: "open", wlan: wlan([profile.id]) });
  await expect(profiles.delete!(profile.id, profile.outs)).rejects.toThrow(
    /deleteWifiCallingProfile.*409.*NMS-IN-USE/s,
  );
  await networks.delete!(network.id, network.outs);
  await profiles.delete!(profile.id, profile.outs);
});

test("the recovery PSK is taken over, updated and forgotten; its value is in no error", async () => {
  const psk = lifecycle("RecoveryPsk");
  const created = await psk.create!({ psk: "5555666677778888" });
  expect(created.id).toBe(emu.demo.tenantId);
  const bad = await psk.check!({}, { psk: "555566667777888x" });
  expect(bad.failures).toEqual([{ property: "psk", reason: "must be exactly 16 digits" }]);
  expect(JSON.stringify(bad.failures)).not.toContain("555566667777888x");
  await psk.delete!(created.id, created.outs);
  expect((await client.call<Props>("getRecoveryPsk")).psk).toBe("5555666677778888");
});

test("a vSPoT password the service refuses is not in the error", async () => {
  const servers = lifecycle("VspotServer");
  const checked = await servers.check!(
    {},
    { serverName: "Hotspot", serverAddress: "192.0.2.9", password: "`secret-vspot-password" },
  );
  expect(checked.failures).toEqual([
    { property: "password", reason: "must not begin with a backtick or a dollar sign" },
  ]);
  expect(JSON.stringify(checked.failures)).not.toContain("secret-vspot-password");
});

test("a refused recovery PSK or backup passphrase never appears in the client's error, nor does the value sent", async () => {
  const refused = client.execute("updateRecoveryPsk", {}, { body: { psk: "12345678901234567" } });
  await expect(refused).rejects.toThrow(/updateRecoveryPsk.*422.*\[psk\]/s);
  await refused.catch((error: Error) => expect(error.message).not.toContain("12345678901234567"));
  const dpsk = {
    name: "Backup leak",
    type: "dpsk",
    wlan: { passphraseBackup: "short" },
    dpskGenerationParams: { passphraseLength: 12 },
  };
  const refusedNetwork = client.execute("createNetworkDeep", {}, { body: dpsk });
  await expect(refusedNetwork).rejects.toThrow(/wlan\.passphraseBackup/);
  await refusedNetwork.catch((error: Error) => expect(error.message).not.toMatch(/"short"|: short/));
});

test.each([
  [
    "WifiCallingProfile",
    "createWifiCallingProfile",
    { profileName: "Adopt me", ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.12" }] },
  ],
  ["VspotServer", "createVspot", { serverName: "Adopt me", serverAddress: "192.0.2.13", password: "adopt-password" }],
  ["DevicePolicy", "createDevicePolicy", { name: "Adopt me" }],
] as const)("%s is adopted by its unique name", async (kind, createOp, body) => {
  const existing = (await client.execute<Props>(createOp, {}, { body })).response!;
  const adopted = await lifecycle(kind).create!({ ...body, adoptByName: true });
  expect(adopted.id).toBe(existing.id);
});
