// Least privilege and devices (emulator/README.md, "Roles and devices"): only a PRIME_ADMIN grants
// PRIME_ADMIN or changes one; an AP or switch serial one tenant holds cannot be registered by another.
import type { RunningEmulator } from "../../emulator";
import { admin, apBody, Client, otherTenant, start, switchBody, venueBody } from "../support/emulatorClient";

let emu: RunningEmulator;
let prime: Client;
beforeAll(async () => {
  emu = await start();
  prime = await Client.login(emu);
});
afterAll(() => emu.close());

/** An administrator of the demo tenant with this role, logged in. */
async function loggedInAs(role: string, email: string): Promise<Client> {
  await prime.ok("createAdmin", {}, { role, email });
  await admin(emu, "POST", "/passwords", { username: email, password: `${role}-pass` });
  return Client.login(emu, email, `${role}-pass`);
}

describe("only a PRIME_ADMIN grants PRIME_ADMIN", () => {
  let adminClient: Client;
  beforeAll(async () => {
    adminClient = await loggedInAs("ADMIN", "second@demo.example");
  });

  test.each([
    ["raises itself (updateAdminRole)", "updateAdminRole", { role: "PRIME_ADMIN", email: "second@demo.example" }],
    ["adds a PRIME_ADMIN (createAdmin)", "createAdmin", { role: "PRIME_ADMIN", email: "crony@demo.example" }],
  ] as const)("an ADMIN that %s is refused with 403 naming the role", async (_, op, body) => {
    const reply = await adminClient.call(op, {}, body);
    expect(reply.status).toBe(403);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-FORBIDDEN-ROLE", object: "role" });
    const roles = (await prime.call("listAdmins")).body.map((a: { email?: string; role: string }) => [a.email, a.role]);
    expect(roles).toContainEqual(["second@demo.example", "ADMIN"]);
    expect(roles.map(([email]: string[]) => email)).not.toContain("crony@demo.example");
  });

  test("an ADMIN cannot demote a PRIME_ADMIN either", async () => {
    const reply = await adminClient.call("updateAdminRole", {}, { role: "READ_ONLY", email: emu.demo.username });
    expect(reply.status).toBe(403);
    expect(reply.body.errors[0]).toMatchObject({ code: "NMS-FORBIDDEN-ROLE", object: "role" });
  });

  test("an ADMIN still adds and changes the lesser roles; a PRIME_ADMIN grants PRIME_ADMIN", async () => {
    await adminClient.ok("createAdmin", {}, { role: "OFFICE_ADMIN", email: "office@demo.example" });
    await adminClient.ok("updateAdminRole", {}, { role: "READ_ONLY", email: "office@demo.example" });
    await prime.ok("updateAdminRole", {}, { role: "PRIME_ADMIN", email: "second@demo.example" });
  });
});

describe("an AP or switch serial one tenant holds cannot be registered by another", () => {
  let other: Client;
  let ours: string;
  let theirs: string;
  beforeAll(async () => {
    other = await otherTenant(emu);
    ours = (await prime.ok("createVenue", {}, venueBody("Devices HQ"))).id;
    theirs = (await other.ok("createVenue", {}, venueBody("Devices elsewhere"))).id;
  });

  test("createAps: 409 APR-10130 naming the serial number; the AP stays the holder's alone until it lets it go", async () => {
    await prime.ok("createAps", {}, [apBody(ours, 701)]);
    const taken = await other.call("createAps", {}, [apBody(theirs, 701, "Stolen AP")]);
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ code: "APR-10130", object: "[0].serialNumber" });
    expect((await other.call("listAps")).body).toEqual([]);
    expect((await prime.call("getAp", { serialNumber: apBody(ours, 701).serialNumber })).body).toMatchObject({
      name: "AP 701",
      venueId: ours,
    });
    await prime.ok("deleteAp", { serialNumber: apBody(ours, 701).serialNumber });
    await other.ok("createAps", {}, [apBody(theirs, 701, "Now theirs")]);
  });

  test("createSwitch and createSwitches: 409 naming the serial; the switch stays the holder's alone until it lets it go", async () => {
    await prime.ok("createSwitch", {}, switchBody(ours, 702));
    const taken = await other.call("createSwitch", {}, switchBody(theirs, 702, "Stolen switch"));
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ code: "NMS-DUPLICATE-NAME", object: "id" });
    const takenAsArray = await other.call("createSwitches", {}, switchBody(theirs, 702, "Stolen switch"));
    expect(takenAsArray.status).toBe(409);
    expect((await other.call("listSwitches")).body).toEqual([]);
    await prime.ok("deleteSwitch", { serialNumber: switchBody(ours, 702).id });
    await other.ok("createSwitch", {}, switchBody(theirs, 702, "Now theirs"));
  });
});
