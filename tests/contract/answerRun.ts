// What a family's answer driver gets from answers.test.ts: the emulator, the tenant's client, its
// Wi-Fi API variant, the check that holds an answer against its read schema, those schemas, and the
// set of operations seen (an operation checked by hand is added to it).
import type { z } from "zod";
import type { OperationId, WifiApiVariant } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import type { Client } from "../support/emulatorClient";

/** Calls an operation, holds its answer against its read schema, and (async) waits for its record. */
export type Check = (op: OperationId, params?: Record<string, string>, body?: unknown, query?: string, schema?: z.ZodTypeAny) => Promise<any>;

export interface AnswerRun {
  emu: RunningEmulator;
  client: Client;
  variant: WifiApiVariant;
  check: Check;
  schemas: Record<OperationId, z.ZodTypeAny>;
  seen: Set<OperationId>;
}
