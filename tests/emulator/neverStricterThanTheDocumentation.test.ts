// The emulator is never stricter than the service's API documentation without a reason: fields it leaves optional
// are taken when left out (importGuestUsers's deliveryMethods, an ePDG's ip, a floor plan's fields), and every rule
// it enforces beyond them is listed in emulator/README.md ("Rules beyond the API documentation") with its reason.
import * as fs from "node:fs";
import * as path from "node:path";
import { ROUTES } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { Client, start, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

test("importGuestUsers imports guests without deliveryMethods (the Wi-Fi API documentation requires them on createGuestUsers only); the guests read back without them", async () => {
  const networkId = (
    await client.ok(
      "createNetwork",
      {},
      { name: "Import lenient", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
    )
  ).id;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    "expiration.activationType": "Creation",
    "expiration.duration": "2",
    "expiration.unit": "Day",
    maxDevices: "1",
  }))
    form.append(name, value);
  form.append("file", new Blob(["name,mobilePhoneNumber\nAna,+351910000081\n"], { type: "text/csv" }), "guests.csv");
  const reply = await fetch(
    `${emu.url}${ROUTES.importGuestUsers.path.replace("{tenantId}", client.tenantId)}?networkId=${networkId}`,
    { method: "POST", body: form, headers: { cookie: client.cookie! } },
  );
  const body = (await reply.json()) as { response: { data: { id: string }[] } };
  expect(reply.status).toBe(201);
  const guest = (await client.call("getGuestUser", { guestUserId: body.response.data[0].id })).body;
  expect(guest).toMatchObject({ name: "Ana", networkId });
  expect(guest).not.toHaveProperty("deliveryMethods");
});

test("an ePDG without ip (createWifiCallingProfile) and a floor plan without a name or image (createFloorPlan) are taken", async () => {
  const profile = await client.ok(
    "createWifiCallingProfile",
    {},
    { profileName: "Domain only", ePDGs: [{ domain: "epdg.example.com" }] },
  );
  expect(profile.ePDGs).toEqual([{ domain: "epdg.example.com" }]);
  const venueId = (await client.ok("createVenue", {}, venueBody("Lenient plans"))).id;
  expect(await client.ok("createFloorPlan", { venueId }, { floorNumber: 1 })).toMatchObject({ floorNumber: 1 });
});

test("an ePDG without its domain is refused, with the reason the README gives", async () => {
  const reply = await client.call(
    "createWifiCallingProfile",
    {},
    { profileName: "Address only", ePDGs: [{ ip: "192.0.2.9" }] },
  );
  expect(reply.status).toBe(422);
  expect(reply.body.errors).toEqual([expect.objectContaining({ code: "NMS-VALIDATION", object: "ePDGs[0].domain" })]);
});

test("every rule of the README's list beyond the API documentation has its operations and its reason", () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "..", "emulator", "README.md"), "utf8");
  const section = readme.slice(
    readme.indexOf("## Rules beyond the API documentation"),
    readme.indexOf("\n## ", readme.indexOf("## Rules beyond the API documentation") + 1),
  );
  // Each rule is an item of the list, its operations and reason sub-items ("  - Where: …", "  - Reason: …").
  const rules = section
    .split(/\n(?=- )/)
    .slice(1)
    .map((item) => item.replace(/\n\n[^-\s][\s\S]*$/, ""));
  expect(rules.length).toBeGreaterThanOrEqual(20);
  for (const item of rules) {
    const [rule, ...subItems] = item.split(/\n {2}- /).map((part) => part.replace(/\s+/g, " ").trim());
    const where = subItems.find((part) => part.startsWith("Where: "))?.slice("Where: ".length) ?? "";
    const reason = subItems.find((part) => part.startsWith("Reason: "))?.slice("Reason: ".length) ?? "";
    expect({ rule, subItems: subItems.length, where: where !== "", reason: reason.length > 20 }).toEqual({
      rule,
      subItems: 2,
      where: true,
      reason: true,
    });
  }
});
