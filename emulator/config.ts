// Settings that tests and demos change while the emulator runs (GET/PUT /__admin/config).
// One mutable object is shared by every part that reads it, so a change applies to the next
// request without restarting anything.
import { z } from "zod";

export interface EmulatorConfig {
  /** Time a request record stays PENDING; 0 applies the write before the 202 is sent. */
  asyncDelayMs: number;
  /** Lifetime of a login token. */
  tokenTtlMs: number;
  /** Consecutive failed logins of one username that lock it; 0 never locks. */
  lockoutThreshold: number;
  /** How long a locked username stays locked. */
  lockoutDurationMs: number;
}

export const DEFAULT_CONFIG: Readonly<EmulatorConfig> = {
  asyncDelayMs: 300,
  tokenTtlMs: 60 * 60 * 1000,
  lockoutThreshold: 5,
  lockoutDurationMs: 60 * 1000,
};

const nonNegativeInt = z.number().int().min(0);

export const configPatchSchema = z
  .object({
    asyncDelayMs: nonNegativeInt,
    tokenTtlMs: nonNegativeInt,
    lockoutThreshold: nonNegativeInt,
    lockoutDurationMs: nonNegativeInt,
  })
  .partial()
  .strict();
