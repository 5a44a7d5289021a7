// Fault injection (POST /__admin/faults). A rule is a kind, a matcher shared by all kinds (op,
// method, tenantId), and a firing rule: each matching request fires it with `probability`, and
// `count` bounds the rule to the first n matching requests, after which it is exhausted.
//
// Each kind acts at one of two points of a request's life:
// - "answer" kinds are drawn when a request for an operation has arrived (body read), before
//   anything runs: http-5xx, http-429 and reset answer instead of running it (no effect);
//   slow and lost-answer let it run as usual and then delay or drop the answer.
// - "record" kinds are drawn when an async write is submitted (validated, 202 about to go):
//   fail-request ends its record in FAIL, stuck-pending leaves it PENDING for ever, or, with
//   releaseAfterMs, until the service gives up on it: then it ends FAIL with `code`.
// A request takes at most one fault per point: the oldest matching rule that fires. A new kind
// is one more member of AnswerFault or RecordFault, of PHASE_OF_KIND and of faultInputSchema,
// plus its action where the server or the tracker takes faults of its point. With no rule armed
// for a point, taking costs one comparison, so the hot path pays nothing.
import { z } from "zod";
import {
  ERROR_CODES,
  type HttpMethod,
  OPERATION_NAMES,
  type OperationName,
  operationNamed,
  ROUTES,
} from "../../contract";

/** What every rule may match on; an absent field matches anything. */
export interface FaultMatch {
  op?: OperationName;
  method?: HttpMethod;
  tenantId?: string;
}

/** Answer with this status and the error body; the request is not run. */
export interface Http5xxFault {
  kind: "http-5xx";
  status: 500 | 502 | 503;
  code: string;
}

/** Answer 429 NMS-RATE-LIMITED with this Retry-After; the request is not run. */
export interface Http429Fault {
  kind: "http-429";
  retryAfterSeconds: number;
}

/** Destroy the connection without answering; the request is not run. */
export interface ResetFault {
  kind: "reset";
}

/** Run the request at once, hold its answer for delayMs. */
export interface SlowFault {
  kind: "slow";
  delayMs: number;
}

/** Run the request exactly as usual (an async write is accepted and later applied), then destroy the connection instead of answering. */
export interface LostAnswerFault {
  kind: "lost-answer";
}

/** The async write's record ends in FAIL with this code; the write is not applied. */
export interface FailRequestFault {
  kind: "fail-request";
  code: string;
}

/**
 * The async write's record stays PENDING and the write is never applied. Without releaseAfterMs
 * for ever (a create's name stays reserved until reset); with it, the service gives up after that
 * long, as a real one does: the record ends FAIL with `code` (default NMS-INTERNAL) and a create's
 * name is free again.
 */
export interface StuckPendingFault {
  kind: "stuck-pending";
  releaseAfterMs?: number;
  code?: string;
}

export type AnswerFault = Http5xxFault | Http429Fault | ResetFault | SlowFault | LostAnswerFault;
export type RecordFault = FailRequestFault | StuckPendingFault;
export type FaultSpec = AnswerFault | RecordFault;
export type FaultKind = FaultSpec["kind"];

type Phase = "answer" | "record";

const PHASE_OF_KIND: Record<FaultKind, Phase> = {
  "http-5xx": "answer",
  "http-429": "answer",
  reset: "answer",
  slow: "answer",
  "lost-answer": "answer",
  "fail-request": "record",
  "stuck-pending": "record",
};

/** A rule as GET /__admin/faults shows it. */
export type FaultRule = FaultMatch &
  FaultSpec & {
    id: string;
    /** Chance that a matching request fires the rule. */
    probability: number;
    /** Matching requests the rule applies to; null: until cleared. */
    count: number | null;
    /** Matching requests left; null: until cleared. */
    remaining: number | null;
    /** Matching requests seen so far. */
    matched: number;
    /** Times the rule fired. */
    fired: number;
  };

/** An operation by its name or by its ID in the API documentation. */
const operationName = z.preprocess(
  (value) => (typeof value === "string" ? (operationNamed(value) ?? value) : value),
  z.enum(OPERATION_NAMES as [OperationName, ...OperationName[]]),
);
const common = {
  op: operationName.optional(),
  method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional(),
  tenantId: z.string().min(1).optional(),
  probability: z.number().min(0).max(1).optional(),
  count: z.number().int().min(1).optional(),
};
const knownCode = z.string().refine((code) => code in ERROR_CODES, { message: "not a code of the error catalogue" });

export const faultInputSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("http-5xx"),
      ...common,
      status: z.union([z.literal(500), z.literal(502), z.literal(503)]).default(500),
      code: knownCode.default("NMS-INTERNAL"),
    }),
    z.object({
      kind: z.literal("http-429"),
      ...common,
      retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
    }),
    z.object({ kind: z.literal("reset"), ...common }),
    z.object({ kind: z.literal("slow"), ...common, delayMs: z.number().int().min(1).max(600_000) }),
    z.object({ kind: z.literal("lost-answer"), ...common }),
    // Any non-empty code, as before: a test may want a code the catalogue does not know.
    z.object({ kind: z.literal("fail-request"), ...common, code: z.string().min(1).default("WIFI-10000") }),
    z.object({
      kind: z.literal("stuck-pending"),
      ...common,
      releaseAfterMs: z.number().int().min(1).max(3_600_000).optional(),
      code: z.string().min(1).optional(),
    }),
  ])
  .superRefine((fault, ctx) => {
    if (PHASE_OF_KIND[fault.kind] !== "record") return;
    // A record fault on a synchronous operation could never fire: refuse it rather than arm a dud.
    if (fault.op !== undefined && !ROUTES[fault.op].async) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "op is not an async operation", path: ["op"] });
    }
    if (fault.method === "GET") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "GET operations are not async", path: ["method"] });
    }
    if (fault.kind === "stuck-pending" && fault.code !== undefined && fault.releaseAfterMs === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "code applies only with releaseAfterMs", path: ["code"] });
    }
  });

export type FaultInput = z.infer<typeof faultInputSchema>;

/** Exhausted rules kept for GET /__admin/faults, newest last. */
const EXHAUSTED_KEPT = 100;

export class FaultInjector {
  private rules: FaultRule[] = [];
  private exhaustedRules: FaultRule[] = [];
  private readonly armed: Record<Phase, number> = { answer: 0, record: 0 };
  private nextId = 1;

  constructor(private readonly random: () => number = Math.random) {}

  /**
   * Without count and probability a rule fires once (the original fail-request behaviour); with
   * a probability and no count it stays until cleared.
   */
  add(input: FaultInput): FaultRule {
    const { count: givenCount, probability: givenProbability, ...spec } = input;
    const count = givenCount ?? (givenProbability === undefined ? 1 : null);
    const rule = {
      ...spec,
      id: `fault-${this.nextId++}`,
      probability: givenProbability ?? 1,
      count,
      remaining: count,
      matched: 0,
      fired: 0,
    } as FaultRule;
    this.rules.push(rule);
    this.armed[PHASE_OF_KIND[rule.kind]]++;
    return { ...rule };
  }

  /** Armed rules, oldest first. */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** The last rules whose count ran out, oldest first. */
  exhausted(): FaultRule[] {
    return this.exhaustedRules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
    this.exhaustedRules = [];
    this.armed.answer = 0;
    this.armed.record = 0;
  }

  /** The answer fault of a request that has just arrived, if a rule fires. */
  takeAnswerFault(op: OperationName, method: string, tenantId: string | null): (FaultRule & AnswerFault) | undefined {
    if (this.armed.answer === 0) return undefined;
    return this.take("answer", op, method, tenantId) as (FaultRule & AnswerFault) | undefined;
  }

  /** The record fault of an async write being submitted, if a rule fires. */
  takeRecordFault(op: OperationName, method: string, tenantId: string): (FaultRule & RecordFault) | undefined {
    if (this.armed.record === 0) return undefined;
    return this.take("record", op, method, tenantId) as (FaultRule & RecordFault) | undefined;
  }

  /** Every matching rule of the phase sees the request (its window shrinks) until one fires. */
  private take(phase: Phase, op: OperationName, method: string, tenantId: string | null): FaultRule | undefined {
    let firing: FaultRule | undefined;
    let exhaustedAny = false;
    for (const rule of this.rules) {
      if (PHASE_OF_KIND[rule.kind] !== phase) continue;
      if (rule.op !== undefined && rule.op !== op) continue;
      if (rule.method !== undefined && rule.method !== method) continue;
      if (rule.tenantId !== undefined && rule.tenantId !== tenantId) continue;
      rule.matched++;
      if (rule.remaining !== null && --rule.remaining === 0) exhaustedAny = true;
      if (rule.probability >= 1 || this.random() < rule.probability) {
        rule.fired++;
        firing = rule;
        break;
      }
    }
    if (exhaustedAny) this.retireExhausted();
    return firing;
  }

  private retireExhausted(): void {
    const active: FaultRule[] = [];
    for (const rule of this.rules) {
      if (rule.remaining === 0) {
        this.exhaustedRules.push(rule);
        this.armed[PHASE_OF_KIND[rule.kind]]--;
      } else {
        active.push(rule);
      }
    }
    this.rules = active;
    if (this.exhaustedRules.length > EXHAUSTED_KEPT)
      this.exhaustedRules.splice(0, this.exhaustedRules.length - EXHAUSTED_KEPT);
  }
}
