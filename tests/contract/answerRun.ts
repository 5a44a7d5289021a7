// What a family's answer driver gets from the answer harness (answerHarness.ts): the emulator, the
// tenant's client and credentials, its Wi-Fi API variant, the check that holds an answer against
// its schema, those schemas, and the set of operations seen (an operation checked by hand is
// added to it).
import type { z } from "zod";
import type { OperationName, WifiApiVariant } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import type { Client } from "../support/emulatorClient";

/** Calls an operation, holds its answer against its read schema, and (async) waits for its record. */
export type Check = (
  op: OperationName,
  params?: Record<string, string>,
  body?: unknown,
  query?: string,
  schema?: z.ZodTypeAny,
) => Promise<any>;

export interface AnswerRun {
  emu: RunningEmulator;
  client: Client;
  /** The tenant's PRIME_ADMIN login, for login (runs that do not drive login leave it out). */
  credentials?: { username: string; password: string };
  variant: WifiApiVariant;
  check: Check;
  schemas: Record<OperationName, z.ZodTypeAny>;
  seen: Set<OperationName>;
}
