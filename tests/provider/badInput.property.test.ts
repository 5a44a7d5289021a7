// Generated bad input for every resource: check rejects it with the property path (and the
// service's code where one is defined), nothing reaches the API, and the emulator rejects the
// very same body with the same code. The emulator validates from the seeds, so this pins the
// provider's preview-time validation to the service's behaviour.
import fc from "fast-check";
import { startEmulator, RunningEmulator } from "../../emulator";
import { NmsApiError, NmsClient } from "../../provider/client";
import { demoClient, servedRequests } from "../support/emulatorClient";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import { ROUTES, type OperationId } from "../../contract/routes";

type Props = Record<string, any>;

interface BadInput {
  inputs: Props;
  /** Path check must report (the program's shape). */
  path: string;
  /** Path the emulator reports (the wire shape). */
  wirePath?: string;
  /** The seeds' code, when the rule has one. */
  code?: string;
}

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
let networkId: string;
let profileId: string;
let floorPlanId: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
  venueId = (await client.execute<Props>("A7", {}, { body: { name: "bad-input-venue" } })).response!.id;
  networkId = (await client.execute<Props>("W52", {}, { body: validNetwork() })).response!.id;
  profileId = (await client.execute<Props>("S43", {}, { body: { name: "bad-input-profile" } })).response!.id;
  floorPlanId = (await client.execute<Props>("F2", { venueId }, { body: { name: "bad-input-plan" } })).response!.id;
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

function validNetwork(): Props {
  return {
    name: "bad-input-net",
    type: "aaa",
    wlan: { ssid: "corp", vlanId: 10 },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "radius-secret" } },
  };
}

const outside = (min: number, max: number) => fc.oneof(fc.integer({ max: min - 1 }), fc.integer({ min: max + 1 }));
const stringOfLength = (min: number, max: number) => fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" });
const notOneOf = (values: readonly string[]) => fc.string().filter((s) => !values.includes(s));
const NON_OFDM = ["1", "2", "5.5", "11"];
const OFDM = ["6", "9", "12", "18", "24", "36", "48", "54"];

/** null: the kind has no inputs to get wrong. */
const generators: Record<string, (() => fc.Arbitrary<BadInput>) | null> = {
  Venue: () =>
    fc.oneof(
      fc.oneof(stringOfLength(0, 1), stringOfLength(33, 60)).map((name) => ({ inputs: { name }, path: "name" })),
      fc.oneof(fc.integer(), fc.boolean()).map((name) => ({ inputs: { name }, path: "name" })),
      fc.string().map((latitude) => ({ inputs: { name: "venue-ok", address: { latitude } }, path: "address.latitude" })),
    ),
  ApGroup: () =>
    fc.oneof(
      fc.oneof(stringOfLength(0, 1), stringOfLength(65, 90)).map((name) => ({ inputs: { name, venueId }, path: "name" })),
      fc.oneof(stringOfLength(1, 1), stringOfLength(181, 200)).map((description) => ({
        inputs: { name: "group-ok", venueId, description },
        path: "description",
      })),
      fc.string({ maxLength: 14 }).filter((s) => !/^[1-9][0-9]{11}$/.test(s)).map((serialNumber) => ({
        inputs: { name: "group-ok", venueId, apSerialNumbers: [{ serialNumber }] },
        path: "apSerialNumbers[0].serialNumber",
      })),
    ),
  Network: () =>
    fc.oneof(
      fc.constantFrom("with`backtick", "a$(cmd)", " leading", "trailing ", "x", "n".repeat(65)).map((name) => ({
        inputs: { ...validNetwork(), name },
        path: "name",
      })),
      outside(1, 4094).map((vlanId) => ({ inputs: { ...validNetwork(), wlan: { vlanId } }, path: "wlan.vlanId" })),
      fc.constant({
        inputs: { ...validNetwork(), authRadius: { primary: { ip: "192.0.2.10", port: 1813, sharedSecret: "s" } } },
        path: "authRadius.primary.port",
        code: "WIFI-10103",
      }),
      fc.constant({
        inputs: { ...validNetwork(), accountingRadius: { primary: { ip: "192.0.2.11", port: 1812, sharedSecret: "s" } } },
        path: "accountingRadius.primary.port",
        code: "WIFI-10104",
      }),
      fc.constantFrom("WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed").map((wlanSecurity) => ({
        inputs: { name: "psk-net", type: "psk", wlan: { wlanSecurity } },
        path: "passphrase",
        wirePath: "wlan.passphrase",
        code: "WIFI-10100",
      })),
      fc.constant({
        inputs: { name: "wep-net", type: "open", wlan: { wlanSecurity: "WEP" } },
        path: "wepHexKey",
        wirePath: "wlan.wepHexKey",
        code: "WIFI-10101",
      }),
      fc.integer({ min: 1, max: 1000 }).chain((timeout) =>
        fc.integer({ min: timeout + 1, max: 2000 }).map((grace) => ({
          inputs: {
            name: "guest-net",
            type: "guest",
            wlan: {},
            guestPortal: { userSessionTimeout: timeout, userSessionGracePeriod: grace },
          },
          path: "guestPortal.userSessionGracePeriod",
          code: "WIFI-10105",
        })),
      ),
      fc.constantFrom(...NON_OFDM).map((rate) => ({
        inputs: { ...validNetwork(), wlan: { advancedCustomization: { radioCustomization: { phyTypeConstraint: "OFDM", bssMinimumPhyRate: rate } } } },
        path: "wlan.advancedCustomization.radioCustomization.bssMinimumPhyRate",
        code: "WIFI-10106",
      })),
      fc
        .tuple(fc.integer({ min: 0, max: OFDM.length - 2 }), fc.integer({ min: 1, max: OFDM.length - 1 }))
        .filter(([low, high]) => low < high)
        .map(([low, high]) => ({
          inputs: {
            ...validNetwork(),
            wlan: {
              advancedCustomization: {
                radioCustomization: { phyTypeConstraint: "OFDM", bssMinimumPhyRate: OFDM[high], managementFrameMinimumPhyRate: OFDM[low] },
              },
            },
          },
          path: "wlan.advancedCustomization.radioCustomization.managementFrameMinimumPhyRate",
          code: "WIFI-10107",
        })),
    ),
  NetworkVenueActivation: () =>
    fc.oneof(
      outside(1, 4094).map((v) => ({ inputs: { networkId, venueId, allAPGroupsVlanId: v }, path: "allAPGroupsVlanId" })),
      notOneOf(["Both", "2.4-GHz", "5-GHz"]).map((radio) => ({ inputs: { networkId, venueId, allAPGroupsRadio: radio }, path: "allAPGroupsRadio" })),
      outside(1, 4094).map((v) => ({
        inputs: { networkId, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: "any", vlanId: v }] },
        path: "apGroups[0].vlanId",
      })),
    ),
  VenueRadio: () =>
    fc.oneof(
      fc.array(fc.constantFrom("1", "6", "11"), { maxLength: 1 }).map((allowedChannels) => ({
        inputs: { venueId, radioParams24G: { allowedChannels } },
        path: "radioParams24G.allowedChannels",
        code: "WIFI-10110",
      })),
      fc.array(fc.constantFrom("36", "40"), { maxLength: 1 }).map((allowedIndoorChannels) => ({
        inputs: { venueId, radioParams50G: { allowedIndoorChannels } },
        path: "radioParams50G.allowedIndoorChannels",
        code: "WIFI-10111",
      })),
      fc.array(fc.constantFrom("149", "153"), { maxLength: 1 }).map((allowedOutdoorChannels) => ({
        inputs: { venueId, radioParams50G: { allowedOutdoorChannels } },
        path: "radioParams50G.allowedOutdoorChannels",
        code: "WIFI-10112",
      })),
    ),
  VenueSyslog: () =>
    fc.oneof(
      outside(1, 65535).map((port) => ({ inputs: { venueId, port }, path: "port" })),
      notOneOf(["EMERGENCY", "ALERT", "CRITICAL", "ERROR", "WARNING", "NOTICE", "INFO", "ALL"]).map((priority) => ({ inputs: { venueId, priority }, path: "priority" })),
      fc.constantFrom("not a host!", "300.1.1.1", "-bad-.example").map((server) => ({ inputs: { venueId, server }, path: "server" })),
    ),
  Ap: () => {
    const ap = (extra: Props) => ({ serialNumber: "412345678901", name: "ap-ok", venueId, ...extra });
    return fc.oneof(
      fc.constantFrom("with`backtick", "a$(cmd)", " leading", "trailing ", "x", "n".repeat(33), "caf\u00e9").map((name) => ({ inputs: ap({ name }), path: "name" })),
      fc.string({ maxLength: 14 }).filter((s) => !/^[1-9][0-9]{11}$/.test(s)).map((serialNumber) => ({ inputs: ap({ serialNumber }), path: "serialNumber" })),
      stringOfLength(181, 200).map((description) => ({ inputs: ap({ description }), path: "description" })),
      fc.oneof(fc.double({ max: -0.001, noNaN: true }), fc.double({ min: 100.001, noNaN: true })).map((xPercent) => ({ inputs: ap({ position: { xPercent } }), path: "position.xPercent" })),
    );
  },
  GuestUser: () => {
    const guest = (extra: Props) => ({
      name: "guest",
      mobilePhoneNumber: "+351910000000",
      networkId,
      deliveryMethods: ["SMS"],
      expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
      maxDevices: 2,
      ...extra,
    });
    return fc.oneof(
      fc.oneof(fc.constant(0), fc.integer({ max: -2 })).map((maxDevices) => ({ inputs: guest({ maxDevices }), path: "maxDevices" })),
      fc.constant({ inputs: guest({ deliveryMethods: [] }), path: "deliveryMethods" }),
      outside(1, 8760).map((duration) => ({ inputs: guest({ expiration: { activationType: "Login", duration, unit: "Day" } }), path: "expiration.duration" })),
      stringOfLength(181, 200).map((notes) => ({ inputs: guest({ notes }), path: "notes" })),
    );
  },
  DpskPassphrase: () =>
    fc.oneof(
      fc.constantFrom("aa:bb:cc:dd:ee", "aa:bb-cc:dd:ee:ff", "zz:bb:cc:dd:ee:ff", "aabbccddeef").map((mac) => ({ inputs: { mac }, path: "mac" })),
      fc.oneof(stringOfLength(1, 7), stringOfLength(64, 80)).map((passphrase) => ({ inputs: { mac: "aabbccddeeff", passphrase }, path: "passphrase" })),
      outside(1, 4094).map((vlanId) => ({ inputs: { mac: "aa-bb-cc-dd-ee-ff", vlanId }, path: "vlanId" })),
    ),
  SwitchProfile: () =>
    fc.constantFrom("with`backtick", "a$(cmd)", " leading", "x", "n".repeat(65)).map((name) => ({ inputs: { name }, path: "name" })),
  SwitchVlan: () =>
    fc.oneof(
      outside(2, 4094).map((vlanId) => ({ inputs: { profileId, vlanId }, path: "vlanId" })),
      outside(0, 65535).map((spanningTreePriority) => ({ inputs: { profileId, vlanId: 10, spanningTreePriority }, path: "spanningTreePriority" })),
      outside(2, 3).map((multicastVersion) => ({ inputs: { profileId, vlanId: 10, multicastVersion }, path: "multicastVersion" })),
      notOneOf(["rstp", "stp", "none"]).map((spanningTreeProtocol) => ({ inputs: { profileId, vlanId: 10, spanningTreeProtocol }, path: "spanningTreeProtocol" })),
    ),
  // Account (issue 11)
  Admin: () =>
    fc.oneof(
      notOneOf(["PRIME_ADMIN", "ADMIN", "READ_ONLY", "OFFICE_ADMIN", "SUPPORT", "DEVOPS"]).map((role) => ({ inputs: { role, email: "a@demo.example" }, path: "role" })),
      fc.string().filter((s) => !s.includes("@")).map((email) => ({ inputs: { role: "ADMIN", email }, path: "email" })),
      notOneOf(["ba", "it", "su", "debug"]).map((detailLevel) => ({ inputs: { role: "ADMIN", email: "a@demo.example", detailLevel }, path: "detailLevel" })),
    ),
  NotificationRecipient: () =>
    fc.oneof(
      fc.constant({ inputs: { description: "", endpoints: [] }, path: "description" }),
      fc.oneof(fc.integer(), fc.constant("x")).map((endpoints) => ({ inputs: { description: "Team", endpoints }, path: "endpoints" })),
      fc.constant({ inputs: { description: "Team", endpoints: [{ type: "EMAIL", destination: "" }] }, path: "endpoints[0].destination" }),
    ),
  UserProfile: () =>
    fc.oneof(
      notOneOf(["mm/dd/yyyy", "dd/mm/yyyy", "yyyy/mm/dd"]).map((dateFormat) => ({ inputs: { dateFormat }, path: "dateFormat" })),
      notOneOf(["ba", "it", "su", "debug"]).map((detailLevel) => ({ inputs: { detailLevel }, path: "detailLevel" })),
    ),
  VarDelegation: () => fc.oneof(fc.constant(""), fc.integer()).map((username) => ({ inputs: { username }, path: "username" })),
  // No inputs: nothing a program can get wrong.
  SupportAccess: null,
  FloorPlan: () =>
    fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)).map((floorNumber) => ({ inputs: { venueId, floorNumber }, path: "floorNumber" })),
      fc.constant({ inputs: { venueId, name: "" }, path: "name" }),
    ),
  CalibrationPoints: () => {
    const point = { xPercent: 50, yPercent: 50, latitude: "38.7", longitude: "-9.1" };
    return fc.oneof(
      fc.integer({ min: 0, max: 4 }).filter((n) => n !== 2).map((n) => ({
        inputs: { venueId, floorPlanId, points: Array.from({ length: n }, () => point) },
        path: "points",
        wirePath: "",
        code: "VENUE-10203",
      })),
      outside(0, 100).map((xPercent) => ({
        inputs: { venueId, floorPlanId, points: [{ ...point, xPercent }, point] },
        path: "points[0].xPercent",
        wirePath: "[0].xPercent",
      })),
    );
  },
};

test("every resource kind has a generator of bad input", () => {
  expect(Object.keys(generators).sort()).toEqual(Object.keys(RESOURCE_SPECS).sort());
});

describe.each(Object.keys(RESOURCE_SPECS).filter((kind) => generators[kind] !== null))("%s: generated bad input", (kind) => {
  const spec = RESOURCE_SPECS[kind];
  const provider = makeLifecycle(spec, async () => client);

  it("is rejected by check with its path and code, sends nothing, and the emulator agrees", async () => {
    await fc.assert(
      fc.asyncProperty(generators[kind]!(), async (bad) => {
        const writesBefore = await countWrites();
        const checked = await provider.check!({}, bad.inputs);
        const failure = checked.failures!.find((f) => f.property === bad.path);
        expect(failure).toBeDefined();
        if (bad.code) expect(failure!.reason).toContain(bad.code);
        expect(await countWrites()).toBe(writesBefore);

        // The very same body straight to the service: the kind's create, or the update of settings that always exist.
        const op = (spec.ops.create ?? spec.ops.update)!;
        const named = [spec.identity.idFromInput, ...Object.keys(spec.identity.parents ?? {})].filter((f): f is string => f !== undefined);
        const params = Object.fromEntries(named.map((field) => [spec.identity.parents?.[field] ?? spec.identity.idParam, String(bad.inputs[field])]));
        const { [spec.identity.idFromInput ?? ""]: _named, ...bodyInputs } = bad.inputs;
        const wireInputs = spec.identity.idFromInput && spec.ops.create ? bad.inputs : bodyInputs;
        const parentless = Object.fromEntries(Object.entries(wireInputs).filter(([k]) => !Object.keys(spec.identity.parents ?? {}).includes(k)));
        const body = spec.toApi ? spec.toApi(parentless) : parentless;
        // An array-bodied create carries one object as a one-entry array; a body that is an array already goes as it is (C2).
        const arrayBody = ROUTES[op].body === "array" && !Array.isArray(body);
        const answer = await sendRaw(op, params, arrayBody ? [body] : body);
        expect(answer.status).toBe(422);
        const wirePath = `${arrayBody ? "[0]." : ""}${bad.wirePath ?? bad.path}`;
        const entry = answer.errors.find((e) => e.object === wirePath);
        expect(entry).toBeDefined();
        expect(entry!.code).toBe(bad.code ?? "NMS-VALIDATION");
      }),
      { numRuns: 30 },
    );
  });
});

async function sendRaw(op: OperationId, params: Record<string, string>, body: unknown): Promise<{ status: number; errors: { code: string; object?: string }[] }> {
  try {
    await client.write(op, params, { body });
    return { status: 202, errors: [] };
  } catch (error) {
    if (error instanceof NmsApiError) return { status: error.status, errors: error.errors as { code: string; object?: string }[] };
    throw error;
  }
}

async function countWrites(): Promise<number> {
  return (await servedRequests(emulator)).filter((e) => e.method !== "GET").length;
}
