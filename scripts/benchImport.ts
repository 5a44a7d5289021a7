// How long nms-import takes to generate the program of a large tenant. The emulator runs in a child
// process; a tenant is seeded through its API with the bench's MSP estate (scripts/bench/composition.ts:
// sites of a venue with changed radio and syslog settings, an AP group, APs, a network and its
// activation; blocks with a switch profile, its VLANs, a switch and port settings naming them), then
// the emulator's rate limit is set to its default (the service's, as the project models it) and the
// import runs, in this process, at nms-import's default pace, at the provider's default client rate and at the emulator's limit.
// Prints one line per run and a JSON line; a figure, never a pass/fail.
//
//   npm run bench:import -- [--objects 1000]
//
// Reading is paced by the rate limit: the import makes about one request per AP (its radio, LAN ports and mDNS
// gateway from getAp) and six per venue (its per-model settings, DHCP bindings, switch settings, floor plans), plus the
// lists, so its time is about requests / nms:maxRequestsPerSecond.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DEFAULT_RATE_LIMIT } from "../emulator/settings/config";
import { IMPORT_REQUESTS_PER_SECOND, importTenant } from "../importer";
import { NmsClient } from "../provider/client";
import { CLIENT_DEFAULTS } from "../provider/client/settings";
import {
  APS_PER_SITE,
  apSerial,
  compositionOf,
  PORTS_PER_SWITCH,
  SITES_PER_BLOCK,
  sitesFor,
  switchSerial,
  VLANS_PER_BLOCK,
} from "./bench/composition";
import { spawnEmulator, stopEmulator } from "./emulatorProcess";

/** A client rate no run reaches, with the emulator's limit off. */
const UNLIMITED = 100_000;

function intFlag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 20_000)
    throw new Error(`${name} needs an integer from 1 to 20000`);
  return value;
}

async function admin(url: string, method: string, route: string, body?: unknown): Promise<any> {
  const reply = await fetch(`${url}/__admin/${route}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (reply.status >= 300) throw new Error(`admin ${method} ${route}: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

/** Runs the tasks, at most `size` at once. */
async function inParallel<T>(tasks: (() => Promise<T>)[], size = 32): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/** The estate of `sites` sites, written through the API as an administrator would (the provider's client, no resources). */
async function seed(client: NmsClient, sites: number): Promise<void> {
  const write = async (op: Parameters<NmsClient["execute"]>[0], params: Record<string, string>, body?: unknown) =>
    (await client.execute<any>(op, params, { body })).response;
  const venues = await inParallel(
    Array.from(
      { length: sites },
      (_, s) => () =>
        write("createVenue", {}, { name: `Site ${s + 1}`, address: { city: "Lisbon", country: "Portugal" } }),
    ),
  );
  await inParallel(
    venues.map((venue, s) => async () => {
      const venueId = String(venue.id);
      await write(
        "updateVenueRadio",
        { venueId },
        { radioParams24G: { allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" } },
      );
      await write("updateVenueSyslog", { venueId }, { enabled: true, server: "192.0.2.50", priority: "WARNING" });
      const group = await write("createApGroup", {}, { name: "Floors", venueId });
      const aps = Array.from({ length: APS_PER_SITE }, (_, i) => ({
        serialNumber: apSerial(s, i),
        name: `Site ${s + 1} AP ${i + 1}`,
        venueId,
        apGroupId: group.id,
      }));
      await write("createAps", {}, aps);
      const network = await write(
        "createNetworkDeep",
        {},
        {
          name: `Site ${s + 1} staff`,
          type: "psk",
          wlan: {
            ssid: `staff-${s + 1}`,
            vlanId: 20,
            wlanSecurity: "WPA2Personal",
            passphrase: `bench-passphrase-${s}`,
          },
        },
      );
      await write(
        "activateNetwork",
        {},
        { networkId: network.id, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: group.id, radio: "Both" }] },
      );
    }),
    16,
  );
  const blocks = Math.ceil(sites / SITES_PER_BLOCK);
  await inParallel(
    Array.from({ length: blocks }, (_, b) => async () => {
      const venueId = String(venues[b * SITES_PER_BLOCK].id);
      const vlans = Array.from({ length: VLANS_PER_BLOCK }, (_, v) => ({
        vlanId: 100 + v,
        vlanName: `vlan-${100 + v}`,
      }));
      await write("createSwitchProfile", {}, { name: `Block ${b + 1}`, venues: [venueId], vlans });
      const serialNumber = switchSerial(b);
      await write("createSwitch", {}, { id: serialNumber, venueId, name: `Block ${b + 1} switch` });
      for (let p = 1; p <= PORTS_PER_SWITCH; p++) {
        await write(
          "updateSwitchPort",
          { serialNumber },
          { port: `1/1/${p}`, name: `desk ${p}`, untaggedVlan: String(100 + (p % VLANS_PER_BLOCK)) },
        );
      }
    }),
    8,
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const target = intFlag(args, "--objects", 1000);
  const composition = compositionOf(sitesFor(target));
  const { child, info } = await spawnEmulator(["--async-delay-ms", "0", "--no-rate-limit"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-bench-import-"));
  try {
    const tenant = await admin(info.url, "POST", "tenants", {
      name: "Bench estate",
      wifiLicenses: composition.aps + 100,
    });
    const login = {
      baseUrl: info.url,
      tenantId: tenant.tenantId,
      username: tenant.username,
      password: tenant.password,
      allowInsecureHttp: true,
    };
    const seeding = new NmsClient({ ...login, maxRequestsPerSecond: 5000, pollInitialMs: 5, pollMaxMs: 20 });
    const seedStarted = Date.now();
    await seed(seeding, composition.sites);
    await seeding.close();
    console.log(
      `seeded ${composition.resources} objects (${composition.sites} sites, ${composition.aps} APs, ${composition.switches} switches) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    await admin(info.url, "PUT", "config", { rateLimit: { ...DEFAULT_RATE_LIMIT } });

    const runs: Record<string, unknown>[] = [];
    // nms-import's default pace, the provider's default client rate, the emulator's limit, and (limit off) what the
    // generator itself costs.
    for (const rate of [
      IMPORT_REQUESTS_PER_SECOND,
      CLIENT_DEFAULTS.maxRequestsPerSecond,
      DEFAULT_RATE_LIMIT.requestsPerSecond,
      UNLIMITED,
    ]) {
      if (rate === UNLIMITED) await admin(info.url, "PUT", "config", { rateLimit: null });
      const config = {
        "nms:baseUrl": info.url,
        "nms:tenantId": tenant.tenantId,
        "nms:username": tenant.username,
        "nms:password": tenant.password,
        "nms:allowInsecureHttp": "true",
        "nms:maxRequestsPerSecond": String(rate),
      };
      const result = await importTenant({ out: path.join(dir, `rate-${rate}`), config, env: {} });
      const requests = Object.values(result.requests).reduce((a, b) => a + b, 0);
      const seconds = result.durationMs / 1000;
      console.log(
        `nms-import: ${result.model.declarations.length} resources from ${result.objectsRead} objects read, ${requests} requests, ` +
          `generated in ${seconds.toFixed(1)} s at ` +
          (rate === UNLIMITED
            ? "no rate limit (the generator's own cost)"
            : `nms:maxRequestsPerSecond ${rate}${rate === IMPORT_REQUESTS_PER_SECOND ? " (nms-import's default)" : rate === CLIENT_DEFAULTS.maxRequestsPerSecond ? " (the provider's default)" : ""} (emulator limit ${DEFAULT_RATE_LIMIT.requestsPerSecond}/s)`),
      );
      runs.push({
        maxRequestsPerSecond: rate,
        resources: result.model.declarations.length,
        objectsRead: result.objectsRead,
        requests,
        seconds: Number(seconds.toFixed(2)),
      });
    }
    console.log(JSON.stringify({ objects: composition.resources, runs }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await stopEmulator(child);
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
});
