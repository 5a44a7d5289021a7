// Actions are never sent twice: for every function of the table whose operation is a write the service
// keeps a request record of (the list is generated from the function table and the route table), the
// answer of its one request is lost, and the action is resolved from the record of its own request ID:
// the service served exactly one request of the operation. What only the lost answer held (a ping's
// output, an import's passwords) is reported as lost, never fetched by running the action again.
import { routeOf } from "../../contract/routes";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { NmsClient } from "../../provider/client";
import { keepsRequestRecord } from "../../provider/client/writes";
import { FUNCTION_SPECS } from "../../provider/functions";
import { runFunction } from "../../provider/functions/run";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import { adminApi, demoClient } from "../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
const AP = "712345678901";
const DOOMED_AP = "712345678902";
const SWITCH = "FEK3224R0B1";
const setup: Props = {};

/** The actions: every function whose operation is a write with a request record. */
const ACTIONS = Object.values(FUNCTION_SPECS).filter(
  (spec) => routeOf(spec.op).method !== "GET" && keepsRequestRecord(routeOf(spec.op)),
);

/** Arguments of each action, against what beforeAll made. */
const ARGS: Record<string, () => Props> = {
  rebootAp: () => ({ serialNumber: AP }),
  pingFromAp: () => ({ serialNumber: AP, targetHost: "192.0.2.1" }),
  factoryResetAp: () => ({ serialNumber: AP }),
  traceRouteFromAp: () => ({ serialNumber: AP, targetHost: "192.0.2.1" }),
  deleteAps: () => ({ serialNumbers: [DOOMED_AP] }),
  pingFromSwitch: () => ({ serialNumber: SWITCH, targetHost: "192.0.2.1" }),
  traceRouteFromSwitch: () => ({ serialNumber: SWITCH, targetHost: "192.0.2.1", maxTtl: 30 }),
  rebootSwitch: () => ({ serialNumber: SWITCH }),
  scheduleSwitchFirmware: () => ({ serialNumber: SWITCH, firmwareVersion: "09.0.10" }),
  createSwitchSshTunnel: () => ({ serial: SWITCH, localPort: 22, rpPort: 2222, rpPrivateKey: "PRIVATE-KEY-abcdef" }),
  answerDelegation: () => ({ delegationId: setup.delegationId, accept: false, fromTenantId: emulator.demo.tenantId }),
  importGuestUsers: () => ({
    networkId: setup.networkId,
    csv: "name,mobilePhoneNumber\nAna Import,+351910000081\n",
    deliveryMethods: ["PRINT"],
    expiration: { activationType: "Creation", duration: 24, unit: "Hour" },
    maxDevices: 2,
  }),
  disconnectClients: () => ({ clients: [{ apMac: setup.apMac, clientMac: "02:00:00:00:00:81" }] }),
};

/** Actions whose result is only in the answer: a lost answer leaves it unknown, and says so. */
const ANSWER_ONLY = new Set([
  "pingFromAp",
  "traceRouteFromAp",
  "pingFromSwitch",
  "traceRouteFromSwitch",
  "importGuestUsers",
]);

async function served(op: string): Promise<number> {
  const { byOp } = await adminApi(emulator, "GET", "stats");
  return Object.values((byOp[op] ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 10, rateLimit: null });
  client = demoClient(emulator);
  const venueId = (await client.execute<Props>("createVenue", {}, { body: { name: "Actions site" } })).response!.id;
  const aps = await client.execute<Props[]>(
    "createAps",
    {},
    { body: [AP, DOOMED_AP].map((serialNumber, i) => ({ serialNumber, name: `Actions AP ${i}`, venueId })) },
  );
  setup.apMac = aps.response![0].mac;
  await makeLifecycle(RESOURCE_SPECS.Switch, async () => client).create({
    serialNumber: SWITCH,
    venueId,
    name: "Actions switch",
  });
  setup.delegationId = (await client.execute<Props>("inviteVar", {}, { body: { username: "var@partner.example" } }))
    .response!.id;
  const network = { name: "Actions guests", type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } };
  setup.networkId = (await client.execute<Props>("createNetworkDeep", {}, { body: network })).response!.id;
  await adminApi(emulator, "POST", `tenants/${emulator.demo.tenantId}/clients`, {
    apMac: setup.apMac,
    clientMac: "02:00:00:00:00:81",
  });
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

test("the table has arguments for every action", () => {
  expect(ACTIONS.map((spec) => spec.name).filter((name) => !(name in ARGS))).toEqual([]);
  expect(ACTIONS.length).toBeGreaterThanOrEqual(10);
});

test.each(ACTIONS.map((spec) => [spec.name, spec.op, spec] as const))(
  "%s (%s): its answer lost, it is resolved from its record and sent once",
  async (name, op, spec) => {
    await adminApi(emulator, "DELETE", "stats");
    await adminApi(emulator, "POST", "faults", { kind: "lost-answer", op, count: 1 });
    const outcome = await runFunction(client, spec, ARGS[name]()).then(
      (result) => ({ result }),
      (error: Error) => ({ error }),
    );
    expect(await served(op)).toBe(1);
    expect((await adminApi(emulator, "GET", "faults")).exhausted.at(-1)).toMatchObject({ op, fired: 1 });
    if (ANSWER_ONLY.has(name)) {
      expect("error" in outcome && outcome.error.message).toMatch(
        new RegExp(
          `${op}: the answer was lost; the service ran the request once \\(request [0-9a-f-]{36}, SUCCESS\\) and it was not sent again`,
        ),
      );
    } else {
      expect(outcome).toEqual({
        result: expect.objectContaining({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
      });
    }
  },
);
