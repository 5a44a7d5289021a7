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

test("every rule of the README's table beyond the API documentation has its operations and its reason", () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "..", "emulator", "README.md"), "utf8");
  const section = readme.slice(
    readme.indexOf("## Rules beyond the API documentation"),
    readme.indexOf("\n## ", readme.indexOf("## Rules beyond the API documentation") + 1),
  );
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !/^\|\s*Rule\s*\|/.test(line) && !/^\|\s*-{3}/.test(line));
  expect(rows.length).toBeGreaterThanOrEqual(20);
  for (const row of rows) {
    const cells = row.split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, "").trim());
    expect({
      row: cells[0],
      cells: cells.length,
      where: cells[1] !== "",
      reason: (cells[2] ?? "").length > 20,
    }).toEqual({ row: cells[0], cells: 3, where: true, reason: true });
  }
});
