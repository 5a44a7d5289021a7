// Requests sent exactly as the vendor's public generated client (v20.01.04) sends them, where that differs from
// the API documentation's rows: importGuestUsers's shared fields as query parameters beside the file, updateDelegation's body without
// fromTenantId, and the vSPoT binding (bindVenueVspot) whose answer the client reads as its vSPoT server model.
import { vspotServerReadSchema } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { admin, Client, start, tenantWith, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});

afterAll(async () => {
  await emu?.close();
});

/** importGuestUsers as the generated client sends it: the file as the one form part, every other field in the query. */
async function importGuests(query: URLSearchParams, csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "guests.csv");
  const reply = await fetch(`${emu.url}/api/tenant/${client.tenantId}/wifi/guest-user/import?${query}`, {
    method: "POST",
    body: form,
    headers: { cookie: client.cookie!, accept: "application/json" },
  });
  return { status: reply.status, body: (await reply.json()) as any };
}

describe("importGuestUsers guest import", () => {
  let networkId: string;
  beforeAll(async () => {
    const network = await client.ok(
      "createNetwork",
      {},
      { name: "Client import", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
    );
    networkId = network.id;
  });

  test("expiration.*, maxDevices, networkId and deliveryMethods in the query, the file alone in the form: 201, the guests carry them", async () => {
    const query = new URLSearchParams([
      ["networkId", networkId],
      ["deliveryMethods", "PRINT"],
      ["deliveryMethods", "SMS"],
      ["expiration.activationType", "Login"],
      ["expiration.duration", "8"],
      ["expiration.unit", "Hour"],
      ["maxDevices", "3"],
    ]);
    const reply = await importGuests(query, "mobilePhoneNumber,name\n+351910000096,Rui\n");
    expect(reply.status).toBe(201);
    expect(reply.body.response.data).toEqual([
      expect.objectContaining({ name: "Rui", deliveryMethods: ["PRINT", "SMS"], maxDevices: 3, networkId }),
    ]);
    const guest = (await client.call("getGuestUser", { guestUserId: reply.body.response.data[0].id })).body;
    expect(guest).toMatchObject({ maxDevices: 3, expiration: { activationType: "Login", duration: 8, unit: "Hour" } });
  });

  test("a query field is held to the form field's rule, and one given both ways with two values is refused, naming it", async () => {
    const bad = new URLSearchParams([
      ["networkId", networkId],
      ["expiration.activationType", "Login"],
      ["expiration.duration", "8"],
      ["expiration.unit", "Fortnight"],
      ["maxDevices", "3"],
    ]);
    const refused = await importGuests(bad, "mobilePhoneNumber,name\n+351910000097,Ana\n");
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ object: "expiration.unit" });

    const form = new FormData();
    form.append("maxDevices", "4");
    form.append("file", new Blob(["mobilePhoneNumber,name\n+351910000098,Ivo\n"], { type: "text/csv" }), "g.csv");
    const query = new URLSearchParams([
      ["networkId", networkId],
      ["expiration.activationType", "Login"],
      ["expiration.duration", "8"],
      ["expiration.unit", "Hour"],
      ["maxDevices", "3"],
    ]);
    const both = await fetch(`${emu.url}/api/tenant/${client.tenantId}/wifi/guest-user/import?${query}`, {
      method: "POST",
      body: form,
      headers: { cookie: client.cookie! },
    });
    expect(both.status).toBe(422);
    expect(((await both.json()) as any).errors[0]).toMatchObject({ object: "maxDevices" });
  });
});

test("updateDelegation with {accept} alone, from the invited VAR's tenant: the delegation of the tenant that invited it is accepted", async () => {
  const varTenant = await admin(emu, "POST", "/tenants", { name: "Client VAR" });
  await admin(emu, "POST", "/support-directory", {
    externalId: "ext-client-var",
    username: "client-var@var.example",
    tenantId: varTenant.body.tenantId,
  });
  const invited = await client.ok("inviteVar", {}, { username: "client-var@var.example" });
  const reseller = await Client.login(emu, varTenant.body.username, varTenant.body.password);
  const answered = await reseller.ok("updateDelegation", { delegationId: invited.id }, { accept: true });
  expect(answered).toMatchObject({ status: "ACCEPTED", isValid: true, delegatedBy: client.tenantId });
  expect((await client.call("getDelegation", { delegationId: invited.id })).body).toMatchObject({ status: "ACCEPTED" });
  // Another tenant's delegation stays out of reach without fromTenantId too.
  const stranger = await tenantWith(emu, {}, "Stranger");
  expect((await stranger.call("updateDelegation", { delegationId: invited.id }, { accept: false })).status).toBe(404);
});

test("bindVenueVspot as the generated client binds: a 202 whose response its vSPoT server model reads; getVenueVspot then shows the binding and unbindVenueVspot removes it", async () => {
  const venueId = (await client.ok("createVenue", {}, venueBody("Client vSPoT venue"))).id;
  const server = await client.ok(
    "createVspot",
    {},
    { serverName: "Client spot", serverAddress: "vspot.example.com", password: "vspot-password" },
  );
  // The generated client sends a PUT without a body, with its JSON content type.
  const bound = await client.call("bindVenueVspot", { venueId, vspotId: server.id }, undefined, undefined, {
    "content-type": "application/json",
  });
  expect(bound.status).toBe(202);
  const read = vspotServerReadSchema.safeParse(bound.body.response);
  expect(read.success ? [] : read.error.issues).toEqual([]);
  expect(bound.body.response).toMatchObject({
    id: server.id,
    password: "vspot-password",
    venues: [expect.objectContaining({ id: venueId })],
  });
  expect((await client.waitFor(bound.body.requestId)).status).toBe("SUCCESS");
  const got = await client.call("getVenueVspot", { venueId });
  expect(got.status).toBe(200);
  expect(got.body).toMatchObject({ venueId, vspotId: server.id });
  const unbound = await client.call("unbindVenueVspot", { venueId });
  expect(unbound.status).toBe(202);
  expect((await client.waitFor(unbound.body.requestId)).status).toBe("SUCCESS");
  expect((await client.call("getVenueVspot", { venueId })).status).toBe(404);
});
