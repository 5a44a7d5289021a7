// Drives every operation of the route table once per Wi-Fi API variant against one emulator,
// through the families' drivers (*Answers.ts), and holds each success answer
// against the schema a mode gives it; every async write's request record must be SUCCESS and name
// the operation's service, and the run must call every operation. A mode may also change the
// bodies the drivers send (nullForOptional.test.ts sends null for the fields they leave out).
import { z } from "zod";
import {
  answerFormOf,
  OPERATION_NAMES,
  type OperationName,
  ROUTES,
  WIFI_API_VARIANTS,
  type WifiApiVariant,
} from "../../contract";
import { operationSchemas } from "../../emulator/operations/operationSchemas";
import type { RunningEmulator } from "../../emulator";
import { admin, Client, start } from "../support/emulatorClient";
import { answerProblems, strictRequestRecordReadSchema } from "../support/answerChecks";
import { driveAccountAndVenues, driveAccountOperations, driveFloorPlanOperations } from "./accountAnswers";
import type { AnswerRun } from "./answerRun";
import { driveBeyondDocumentsOperations } from "./beyondDocumentsAnswers";
import { driveNetworksAndActivations } from "./networkAnswers";
import { driveSwitchOperations, driveSwitchProfiles } from "./switchAnswers";
import { driveApsAndGroups, driveVenueRadioAndSyslog, driveWifiDeviceOperations } from "./wifiDeviceAnswers";
import { driveGuestUsersAndDpsk, driveWifiServiceOperations } from "./wifiServiceAnswers";

export interface AnswerMode {
  /** The schema each operation's whole success answer is held to, for a tenant of the variant. */
  schemas(variant: WifiApiVariant): Record<OperationName, z.ZodTypeAny>;
  /** The body sent instead of the driver's (default: the driver's). */
  body?(op: OperationName, variant: WifiApiVariant, body: unknown): unknown;
}

const DRIVERS: [string, (run: AnswerRun) => Promise<void>][] = [
  ["account and venues", driveAccountAndVenues],
  ["AP groups and APs", driveApsAndGroups],
  ["venue radio and syslog", driveVenueRadioAndSyslog],
  ["networks and activations", driveNetworksAndActivations],
  ["guest users and DPSK passphrases", driveGuestUsersAndDpsk],
  ["AP settings and venue Wi-Fi settings", driveWifiDeviceOperations],
  [
    "client disconnect, device policies, guest import, recovery PSK, vSPoT and Wi-Fi calling",
    driveWifiServiceOperations,
  ],
  ["operations beyond the API documentation", driveBeyondDocumentsOperations],
  ["switch profiles and VLANs", driveSwitchProfiles],
  [
    "switches, ACLs, trusted ports, ports, LAGs, IP and VE ports, venue switch settings",
    ({ client, check }) => driveSwitchOperations(client, check),
  ],
  ["administrators, delegations, recipients, user profile and licences", driveAccountOperations],
  ["floor plans, calibration points and files", driveFloorPlanOperations],
];

/** Registers the run's tests (one per driver and variant, and the coverage check) in the calling test file. */
export function describeEveryOperation(mode: AnswerMode): void {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await start();
  });
  afterAll(() => emu.close());

  const called = new Map<WifiApiVariant, Set<OperationName>>();

  describe.each(WIFI_API_VARIANTS)("every operation for a tenant of the %s variant", (variant) => {
    const schemas = mode.schemas(variant);
    const seen = new Set<OperationName>();
    called.set(variant, seen);
    let client: Client;
    let credentials: { username: string; password: string };

    async function check(
      op: OperationName,
      params: Record<string, string> = {},
      given?: unknown,
      query?: string,
      schema: z.ZodTypeAny = schemas[op],
    ): Promise<any> {
      const body = given === undefined || !mode.body ? given : mode.body(op, variant, given);
      const reply = await client.call(op, params, body, query);
      const route = ROUTES[op];
      expect({ op, status: reply.status, problems: answerProblems(schema, reply.body) }).toEqual({
        op,
        status: route.success,
        problems: [],
      });
      seen.add(op);
      if (route.success === 202 || route.success === 201) {
        const record = await client.waitFor(reply.body.requestId);
        const problems = answerProblems(strictRequestRecordReadSchema, record);
        expect({
          op,
          record: { status: record.status, serviceName: record.serviceName, method: record.method },
          problems,
        }).toEqual({
          op,
          record: { status: "SUCCESS", serviceName: route.service, method: route.method },
          problems: [],
        });
      }
      return reply.body;
    }

    beforeAll(async () => {
      const created = await admin(emu, "POST", "/tenants", { name: `Answers ${variant}`, wifiApiVariant: variant });
      credentials = { username: created.body.username, password: created.body.password };
      client = await Client.login(emu, credentials.username, credentials.password);
    });

    test.each(DRIVERS)("%s", (_title, drive) => drive({ emu, client, credentials, variant, check, schemas, seen }));
  });

  test.each(WIFI_API_VARIANTS)("the %s variant's run called every operation of the route table", (variant) => {
    expect([...(called.get(variant) ?? [])].sort()).toEqual([...OPERATION_NAMES].sort());
  });
}

/**
 * The contract's answer form of every operation (emulator/operations/operationSchemas.ts through answerFormOf):
 * every field with a documented default required at any depth, every range checked.
 */
export function contractAnswerForms(variant: WifiApiVariant): Record<OperationName, z.ZodTypeAny> {
  return Object.fromEntries(
    OPERATION_NAMES.map((op) => {
      const answer = operationSchemas(op).answer;
      return [op, answer ? answerFormOf(answer(variant)) : z.undefined()];
    }),
  ) as Record<OperationName, z.ZodTypeAny>;
}
