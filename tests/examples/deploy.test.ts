// Every example of examples/ (but the quickstart, deployed by tests/sdk/acceptance.test.ts, and the
// bench's estate) deployed as a user would: up through the engine harness against the emulator, a
// preview with no changes, destroy; the emulator's API shows the objects existed and are gone, and
// no secret is in plaintext in the stack's state. Each example has a tenant of its own, so the
// examples run concurrently on one emulator, two at a time: each run starts two node processes
// (program and provider host), and more at once only queue on 2 cores.
import type { RunningEmulator } from "../../emulator";
import * as path from "node:path";
import { type RunResult, type StackOptions, destroy, preview, up } from "../../harness";
import { adminApi, start } from "../support/emulatorClient";
import { ROOT, changes, exampleStack, heldCounts, idOf, login, newTenant, objectsOf, ok, type Props } from "./stacks";

const SECRETS = {
  radius: "radius-Example-7f3a91",
  iot: "iot-Passphrase-4c8d",
  staff: "staff-Passphrase-b21e",
};

// Started once for every concurrent test; beforeAll does not hold test.concurrent back.
let emulator: Promise<RunningEmulator> | undefined;
const emulatorReady = () => (emulator ??= start({ asyncDelayMs: 20 }));
const durations: Record<string, number> = {};
const AT_ONCE = 2;
// A test's time counts from when jest starts it, waiting for its turn included.
const TIMEOUT_MS = 240_000;
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

afterAll(async () => {
  if (emulator) await (await emulator).close();
  // The figures the README's test table quotes.
  console.log(`examples deployed in ${JSON.stringify(durations)} ms`);
});

/** Runs one example's test in its turn, and notes how long it took once started. */
async function timed(name: string, body: () => Promise<void>): Promise<void> {
  const done = await turn();
  const started = Date.now();
  try {
    await body();
  } finally {
    durations[name] = Date.now() - started;
    done();
  }
}

/**
 * A preview with the package's policy pack at its defaults (--policy-pack policy): every example keeps every rule
 * (docs/policy.md), so the pack reports nothing, advisory included.
 */
async function previewWithPack(opts: StackOptions): Promise<RunResult> {
  const result = await preview({ ...opts, policyPacks: [{ dir: path.join(ROOT, "policy") }] });
  expect(result.policyViolations).toEqual([]);
  return result;
}

/** The last word on every stack: no plaintext secret in its state, whatever the secret. */
function expectNoPlaintext(stateText: string, secrets: string[]): void {
  for (const secret of secrets) expect(stateText).not.toContain(secret);
}

test.concurrent(
  "campus: Wi-Fi and switching of one venue deploy, preview clean, and destroy to nothing",
  () =>
    timed("campus", async () => {
      const emu = await emulatorReady();
      const tenant = await newTenant(emu, "Campus tenant");
      const s = exampleStack({
        emulator: emu,
        example: "campus",
        stackName: "campus",
        tenantId: tenant.tenantId,
        login: tenant,
        secretConfig: { radiusSecret: SECRETS.radius, iotPassphrase: SECRETS.iot },
      });
      try {
        const result = ok(await up(s.with()));
        expect(Object.values(changes(result)).every((op) => op === "create")).toBe(true);
        expect(await heldCounts(emu, tenant.tenantId)).toMatchObject({
          venues: 1,
          apGroups: 3,
          aps: 2,
          networks: 2,
          activations: 2,
          switchProfiles: 1,
          switchVlans: 2,
          switchAcls: 1,
          switches: 2,
          switchLags: 1,
        });
        const api = await login(emu, tenant);
        const venueId = idOf(result, "campus");
        expect((await api.call("getVenueSyslog", { venueId })).body).toMatchObject({
          enabled: true,
          server: "192.0.2.50",
          priority: "WARNING",
        });
        expect((await api.call("getVenueRadio", { venueId })).body.radioParams24G).toMatchObject({
          allowedChannels: ["1", "6", "11"],
          channelBandwidth: "20MHz",
        });
        const port = await api.call("getSwitchPort", {
          serialNumber: idOf(result, "access-1"),
          unitNum: "1",
          slotNum: "1",
          portNum: "5",
        });
        expect(port.body).toMatchObject({
          name: "desk 5",
          untaggedVlan: "210",
          taggedVlans: ["220"],
          ingressAcl: "desks-in",
          poeBudget: 15,
        });
        expect((await api.call("getLag", { lagId: idOf(result, "uplink") })).body).toMatchObject({
          name: "uplink",
          ports: ["1/2/1", "1/2/2"],
        });
        expect(result.outputs.deskPortVlans).toBe("untagged 210, tagged 220, ACL desks-in");

        expect((await previewWithPack(s.with())).changes).toBe(0);
        expectNoPlaintext(s.stateText(), [SECRETS.radius, SECRETS.iot, tenant.password]);

        ok(await destroy(s.with()));
        expect(await heldCounts(emu, tenant.tenantId)).toEqual({});
      } finally {
        s.cleanup();
      }
    }),
  TIMEOUT_MS,
);

test.concurrent(
  "msp: one stack deploys two end customers with the MSP's credentials; one stack per customer stays an alternative",
  () =>
    timed("msp", async () => {
      const emu = await emulatorReady();
      const msp = await newTenant(emu, "Managed Services Co");
      const customers = [
        await newTenant(emu, "Acme Bakery"),
        await newTenant(emu, "Beta Clinic"),
        await newTenant(emu, "Gamma Hotel"),
      ];
      for (const customer of customers)
        await adminApi(emu, "PUT", `tenants/${customer.tenantId}/msp`, { mspTenantId: msp.tenantId });
      const [acme, beta, gamma] = customers;
      // One stack for Acme and Beta: the MSP's own tenant configured, each customer named in msp:customers.
      const fleet = exampleStack({
        emulator: emu,
        example: "msp",
        stackName: "fleet",
        tenantId: msp.tenantId,
        login: msp,
        config: {
          customers: JSON.stringify([
            { name: "Acme", tenantId: acme.tenantId, sites: ["Main", "Harbour"] },
            { name: "Beta", tenantId: beta.tenantId },
          ]),
        },
        secretConfig: { radiusSecret: SECRETS.radius },
      });
      // The alternative: a stack of its own for Gamma, whose tenant is the configured one (its customer names no tenant).
      const single = exampleStack({
        emulator: emu,
        example: "msp",
        stackName: "gamma",
        tenantId: gamma.tenantId,
        login: msp,
        config: { customers: JSON.stringify([{ name: "Gamma" }]) },
        secretConfig: { radiusSecret: SECRETS.radius },
      });
      const stacks = [fleet, single];
      try {
        const [fleetResult, singleResult] = await Promise.all(stacks.map(async (s) => ok(await up(s.with()))));
        const report = fleetResult.outputs.fleet as Record<string, Props>;
        expect(Object.keys(report).sort()).toEqual(["acme", "beta"]);
        expect(report.acme).toMatchObject({ tenantId: acme.tenantId, tenantName: "Acme Bakery" });
        expect(report.beta).toMatchObject({ tenantId: beta.tenantId, tenantName: "Beta Clinic" });
        expect((singleResult.outputs.fleet as Record<string, Props>).gamma).toMatchObject({
          tenantId: gamma.tenantId,
          tenantName: "Gamma Hotel",
        });
        expect(await heldCounts(emu, acme.tenantId)).toMatchObject({
          venues: 2,
          networks: 1,
          activations: 2,
          notificationRecipients: 1,
        });
        expect(await heldCounts(emu, beta.tenantId)).toMatchObject({
          venues: 1,
          networks: 1,
          activations: 1,
          notificationRecipients: 1,
        });
        expect(await heldCounts(emu, gamma.tenantId)).toMatchObject({
          venues: 1,
          networks: 1,
          activations: 1,
          notificationRecipients: 1,
        });
        expect((await objectsOf(emu, acme.tenantId)).venues.map((v) => v.name).sort()).toEqual([
          "Acme Harbour",
          "Acme Main",
        ]);
        expect((await objectsOf(emu, beta.tenantId)).venues.map((v) => v.name)).toEqual(["Beta Main"]);
        expect(await heldCounts(emu, msp.tenantId)).toEqual({});

        for (const s of stacks) {
          expect((await previewWithPack(s.with())).changes).toBe(0);
          expectNoPlaintext(s.stateText(), [SECRETS.radius, msp.password]);
        }

        await Promise.all(stacks.map(async (s) => ok(await destroy(s.with()))));
        for (const customer of customers) expect(await heldCounts(emu, customer.tenantId)).toEqual({});
      } finally {
        for (const s of stacks) s.cleanup();
      }
    }),
  TIMEOUT_MS,
);

test.concurrent(
  "brownfield: objects made by hand are adopted without duplicates, then changed by the program",
  () =>
    timed("brownfield", async () => {
      const emu = await emulatorReady();
      const tenant = await newTenant(emu, "Brownfield tenant");
      const api = await login(emu, tenant);
      // The branch as someone made it on the dashboard.
      const venue = await api.ok("createVenue", {}, { name: "Branch office", description: "made by hand" });
      const lobby = await api.ok("createApGroup", {}, { name: "Lobby", venueId: venue.id });
      const network = await api.ok(
        "createNetworkDeep",
        {},
        {
          name: "Branch staff",
          type: "psk",
          wlan: { ssid: "branch-staff", vlanId: 20, wlanSecurity: "WPA2Personal", passphrase: SECRETS.staff },
        },
      );
      const activation = await api.ok(
        "activateNetwork",
        {},
        {
          networkId: network.id,
          venueId: venue.id,
          isAllAPGroups: false,
          apGroups: [{ apGroupId: lobby.id, radio: "Both" }],
        },
      );
      const before = await heldCounts(emu, tenant.tenantId);

      const s = exampleStack({
        emulator: emu,
        example: "brownfield",
        stackName: "branch",
        tenantId: tenant.tenantId,
        login: tenant,
        config: { lobbyApGroupId: lobby.id },
        secretConfig: { staffPassphrase: SECRETS.staff },
      });
      try {
        const adopted = ok(await up(s.with()));
        // The engine cannot know that a create will adopt: the plan shows creates, the IDs are the hand-made ones.
        expect(changes(adopted)).toEqual({
          branch: "create",
          lobby: "create",
          staff: "create",
          "staff-at-branch": "create",
        });
        expect([
          idOf(adopted, "branch"),
          idOf(adopted, "lobby"),
          idOf(adopted, "staff"),
          idOf(adopted, "staff-at-branch"),
        ]).toEqual([venue.id, lobby.id, network.id, activation.id]);
        expect(await heldCounts(emu, tenant.tenantId)).toEqual(before);
        // Updated to match the program.
        expect((await api.call("getVenue", { venueId: venue.id })).body).toMatchObject({
          description: "Branch office, managed by Pulumi",
          address: { city: "Braga" },
        });
        expect((await previewWithPack(s.with())).changes).toBe(0);

        // Managed from now on: a change of the program reaches exactly the object it names.
        const changed = ok(await up(s.with({ staffVlan: "30" })));
        expect(changes(changed)).toEqual({ staff: "update" });
        expect(changed.steps.find((step) => step.name === "staff")!.changedPaths).toEqual(["wlan.vlanId"]);
        expect((await api.call("getNetworkDeep", { networkId: network.id })).body.wlan.vlanId).toBe(30);
        expect((await preview(s.with({ staffVlan: "30" }))).changes).toBe(0);
        expectNoPlaintext(s.stateText(), [SECRETS.staff, tenant.password]);

        ok(await destroy(s.with({ staffVlan: "30" })));
        expect(await heldCounts(emu, tenant.tenantId)).toEqual({});
        expect((await api.call("getVenue", { venueId: venue.id })).status).toBe(404);
      } finally {
        s.cleanup();
      }
    }),
  TIMEOUT_MS,
);

test.concurrent(
  "guest-access: guests get generated passwords as secret outputs, never plaintext in state",
  () =>
    timed("guest-access", async () => {
      const emu = await emulatorReady();
      const tenant = await newTenant(emu, "Guest tenant");
      const s = exampleStack({
        emulator: emu,
        example: "guest-access",
        stackName: "lobby",
        tenantId: tenant.tenantId,
        login: tenant,
      });
      try {
        const result = ok(await up(s.with()));
        expect(result.secretOutputs).toContain("guestPasswords");
        const passwords = result.outputs.guestPasswords as Record<string, string>;
        expect(Object.keys(passwords).sort()).toEqual(["Ana Visitor", "Rui Contractor"]);
        const api = await login(emu, tenant);
        const held = (await api.call("listGuestUsers", {})).body.content as Props[];
        for (const guest of held) expect(passwords[guest.name as string]).toBe(guest.password);
        const calling = (
          await api.call("getWifiCallingProfile", {
            wifiCallingProfileId: result.outputs.wifiCallingProfileId as string,
          })
        ).body;
        expect(calling).toMatchObject({
          profileName: "Guest calling",
          ePDGs: [{ domain: "epdg.carrier.example", ip: "192.0.2.61" }],
        });
        const network = (await api.call("getNetworkDeep", { networkId: result.outputs.guestNetworkId as string })).body;
        expect(network.wlan.advancedCustomization.wifiCallingIds).toEqual([calling.id]);
        expect(await heldCounts(emu, tenant.tenantId)).toMatchObject({
          guestUsers: 2,
          networks: 1,
          wifiCallingProfiles: 1,
        });

        expect((await previewWithPack(s.with())).changes).toBe(0);
        expectNoPlaintext(s.stateText(), [...Object.values(passwords), tenant.password]);

        ok(await destroy(s.with()));
        expect(await heldCounts(emu, tenant.tenantId)).toEqual({});
      } finally {
        s.cleanup();
      }
    }),
  TIMEOUT_MS,
);
