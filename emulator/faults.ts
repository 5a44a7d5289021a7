// Fault injection (POST /__admin/faults). A rule is a kind, a matcher shared by all kinds, and a
// number of uses. Each kind is taken at one point of the request's life: "fail-request" when an
// async write is submitted. A new kind (5xx or 429 answers, connection resets, slow or lost
// answers, requests stuck in PENDING) is one more member of FaultSpec and its input schema, plus
// one `take` call at the point where it acts; matching and counting stay here. With no rule
// armed, `take` returns at its first line, so the hot path pays nothing.
import { z } from "zod";
import { OPERATION_IDS, OperationId, ROUTES } from "../contract";

/** What every rule may match on; an absent field matches anything. */
export interface FaultMatch {
  op?: OperationId;
  tenantId?: string;
}

/** The next async requests end in FAIL with this code instead of being applied. */
export interface FailRequestFault extends FaultMatch {
  kind: "fail-request";
  code: string;
}

export type FaultSpec = FailRequestFault;
export type FaultKind = FaultSpec["kind"];
export type FaultRule = FaultSpec & { id: string; remaining: number };

const operationId = z.enum(OPERATION_IDS as [OperationId, ...OperationId[]]);
const matchFields = {
  op: operationId.optional(),
  tenantId: z.string().min(1).optional(),
  count: z.number().int().min(1).default(1),
};

export const faultInputSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("fail-request"), ...matchFields, code: z.string().min(1).default("WIFI-10000") }),
  ])
  .superRefine((fault, ctx) => {
    if (fault.kind === "fail-request" && fault.op !== undefined && !ROUTES[fault.op].async) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "op is not an async operation", path: ["op"] });
    }
  });

export type FaultInput = z.infer<typeof faultInputSchema>;

export class FaultInjector {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(input: FaultInput): FaultRule {
    const { count, ...spec } = input;
    const rule: FaultRule = { ...spec, id: `fault-${this.nextId++}`, remaining: count };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The oldest armed rule of this kind that matches, with one use consumed. */
  take<K extends FaultKind>(kind: K, op: OperationId, tenantId: string): Extract<FaultSpec, { kind: K }> | undefined {
    if (this.rules.length === 0) return undefined;
    const index = this.rules.findIndex(
      (r) => r.kind === kind && (r.op === undefined || r.op === op) && (r.tenantId === undefined || r.tenantId === tenantId),
    );
    if (index < 0) return undefined;
    const rule = this.rules[index];
    if (--rule.remaining <= 0) this.rules.splice(index, 1);
    return rule as FaultSpec as Extract<FaultSpec, { kind: K }>;
  }
}
