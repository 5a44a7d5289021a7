// What a state file keeps is the whole state: an emulator driven through every family's operations
// (the drivers of tests/contract, which touch every kind of the registry), written to the state
// file's bytes after every write and restored into a fresh emulator, holds the same snapshot and
// answers the same read forms for every kind of every tenant. New kinds are covered without a
// change here: the test fails while a kind of the registry was never seen holding an object.
import { z } from "zod";
import { type OperationName, ROUTES, WIFI_API_VARIANTS } from "../../../contract";
import type { RunningEmulator } from "../../../emulator";
import { EmulatorServer } from "../../../emulator/http/server";
import { type BlobReader, blobsOf, restoreSnapshot, snapshotOf } from "../../../emulator/state/snapshot";
import { decodeState, encodeState } from "../../../emulator/state/stateFile";
import { driveAccountOperations, driveFloorPlanOperations } from "../../contract/accountAnswers";
import type { AnswerRun } from "../../contract/answerRun";
import { driveSwitchOperations } from "../../contract/switchAnswers";
import { driveWifiDeviceOperations } from "../../contract/wifiDeviceAnswers";
import { driveWifiServiceOperations } from "../../contract/wifiServiceAnswers";
import { admin, apBody, Client, deepNetworkBody, dpskBody, venueBody } from "../../support/emulatorClient";

let server: EmulatorServer;
let emu: RunningEmulator;
beforeAll(async () => {
  server = new EmulatorServer({ asyncDelayMs: 0, rateLimit: null, seed: 11 });
  const port = await server.listen(0, "127.0.0.1");
  emu = {
    url: `http://127.0.0.1:${port}`,
    port,
    demo: server.demo,
    tenants: [],
    restored: false,
    close: () => server.close(),
  };
});
afterAll(() => server.close());

const readForms = (s: EmulatorServer) => s.model.allTenants().map((t) => ({ id: t.id, objects: s.model.objectsOf(t) }));
/** The uploaded files' bytes of `source`, as the folder beside a state file would give them back. */
const blobReaderOf = (source: EmulatorServer): BlobReader => {
  const blobs = blobsOf(source);
  return (sha256) =>
    blobs.get(sha256) ??
    (() => {
      throw new Error(`no uploaded file ${sha256}`);
    })();
};

/** Kinds seen holding an object at a round trip. */
const covered = new Set<string>();
let roundTrips = 0;
/** Restored into again and again (restore replaces everything); with a seed, so that it takes the saved ID stream's position over. */
const target = new EmulatorServer({ seed: 1 });
afterAll(() => target.close());

/** The state through the file's bytes into a fresh emulator: the same snapshot and (every fifth time, and at the end) the same read forms. */
async function roundTrip(after: string): Promise<void> {
  const before = snapshotOf(server);
  target.restore(decodeState("in-memory", encodeState(before)), blobReaderOf(server));
  // Compared as text (fast, as it runs after every write); jest's diff only when they differ.
  const [snapshotNow, snapshotThen] = [JSON.stringify(snapshotOf(target)), JSON.stringify(before)];
  if (snapshotNow !== snapshotThen)
    expect({ after, snapshot: JSON.parse(snapshotNow) }).toEqual({ after, snapshot: JSON.parse(snapshotThen) });
  expect(target.demo).toEqual(server.demo);
  for (const t of before.tenants)
    for (const [name, records] of Object.entries(t.objects)) if (records.length > 0) covered.add(name);
  // The read forms of every kind are the costlier part.
  if (roundTrips++ % 5 === 0 || after === "the drivers") {
    const [formsNow, formsThen] = [JSON.stringify(readForms(target)), JSON.stringify(readForms(server))];
    if (formsNow !== formsThen)
      expect({ after, forms: JSON.parse(formsNow) }).toEqual({ after, forms: JSON.parse(formsThen) });
  }
}

/** The drivers' check, without the read schemas (tests/contract holds answers to them): the success status, the record's end, a round trip after every write. */
function runOf(client: Client, variant: (typeof WIFI_API_VARIANTS)[number]): AnswerRun {
  const check = async (op: OperationName, params: Record<string, string> = {}, body?: unknown, query?: string) => {
    const reply = await client.call(op, params, body, query);
    if (reply.status !== ROUTES[op].success)
      throw new Error(`${op} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    if (ROUTES[op].success === 202 || ROUTES[op].success === 201) await client.waitFor(reply.body.requestId);
    if (ROUTES[op].method !== "GET") await roundTrip(op);
    return reply.body;
  };
  const anything = new Proxy({}, { get: () => z.any() }) as Record<OperationName, z.ZodTypeAny>;
  return { emu, client, variant, check, schemas: anything, seen: new Set() };
}

test("every kind of every tenant survives the state file's bytes after every write: same snapshot, same read forms", async () => {
  for (const variant of WIFI_API_VARIANTS) {
    const created = (await admin(emu, "POST", "/tenants", { name: `Snapshot ${variant}`, wifiApiVariant: variant }))
      .body;
    const client = await Client.login(emu, created.username, created.password);
    const run = runOf(client, variant);
    // Kinds the drivers make and delete again, or do not make: kept here.
    const venue = (await run.check("createVenue", {}, venueBody("Kept"))).response;
    // One serial per tenant: a serial belongs to one tenant (emulator/README.md, "Roles and devices").
    const [ap] = (await run.check("createAps", {}, [apBody(venue.id, variant === "newer" ? 90 : 190)])).response;
    const network = (await run.check("createNetworkDeep", {}, deepNetworkBody("Kept network"))).response;
    await run.check("activateNetwork", {}, { networkId: network.id, venueId: venue.id });
    await run.check(
      "updateVenueRadio",
      { venueId: venue.id },
      {
        ...(await run.check("getVenueRadioDefaults", { venueId: venue.id })),
        radioParams24G: { allowedChannels: ["1", "6", "11"], txPower: "MIN" },
      },
    );
    await run.check("updateVenueSyslog", { venueId: venue.id }, { enabled: true, server: "192.0.2.20" });
    await run.check("createDpskPassphrase", {}, dpskBody());
    await admin(emu, "POST", `/tenants/${client.tenantId}/clients`, { apMac: ap.mac, clientMac: "02:00:00:00:00:09" });
    await driveWifiDeviceOperations(run);
    await driveSwitchOperations(client, run.check);
    await driveWifiServiceOperations(run);
    await driveAccountOperations(run);
    await driveFloorPlanOperations(run);
  }
  await roundTrip("the drivers");
  expect(roundTrips).toBeGreaterThan(100);
  expect(server.model.kinds.map((k) => k.name).filter((name) => !covered.has(name))).toEqual([]);
});

test("a record PENDING in the state ends FAIL at restore, with nothing applied", async () => {
  const client = await Client.login(emu);
  await admin(emu, "POST", "/faults", { kind: "stuck-pending", op: "createVenue", count: 1 });
  const stuck = (await client.call("createVenue", {}, venueBody("Stuck"))).body;
  const restored = new EmulatorServer();
  restoreSnapshot(restored, decodeState("in-memory", encodeState(snapshotOf(server))), blobReaderOf(server));
  const record = restored.model.tenant(emu.demo.tenantId)!.requests.get(stuck.requestId)!;
  expect(record).toEqual(
    expect.objectContaining({
      status: "FAIL",
      errors: [
        { code: "NMS-INTERNAL", message: "the emulator stopped before the request completed; nothing was applied" },
      ],
    }),
  );
  expect(restored.model.tenant(emu.demo.tenantId)!.of("venues").get(stuck.response.id)).toBeUndefined();
  await restored.close();
});
