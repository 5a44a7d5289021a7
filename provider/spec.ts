// A resource is a small spec; the lifecycle (lifecycle.ts) is written once for all of them.
import type { z } from "zod";
import type { OperationId } from "../contract/routes";
import type { NmsClient, QueryParams } from "./client";

export type Props = Record<string, unknown>;

export interface ResourceSpec {
  /** SDK class name; the type token is pulumi-nodejs:dynamic/nms:<kind>. */
  readonly kind: string;
  /** The write body's schema from the contract: check validates exactly what will be sent. */
  readonly bodySchema: z.ZodTypeAny;
  /** Input fields, in the SDK's shape. */
  readonly inputFields: readonly string[];
  /** Read-only fields the service adds, declared as outputs on the SDK class. */
  readonly outputFields: readonly string[];
  /** What the service fills in when the program leaves a top-level field out. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Input fields the service will not change in place. */
  readonly replaceOnChanges?: readonly string[];
  /** Top-level fields that hold secrets (marked secret by the SDK, in inputs and outputs). */
  readonly secretFields?: readonly string[];
  readonly ops: { create: OperationId; read: OperationId; update: OperationId; delete: OperationId };
  /** Path parameter carrying the object's ID in read, update and delete. */
  readonly idParam: string;
  /** Inputs → write body. Default: the input fields as they are. */
  toApi?(inputs: Props): Props;
  /** API object → fields in the SDK's shape. Default: input and output fields as they are. */
  fromApi?(api: Props): Props;
  /** A body path of a check failure → the input path the user wrote. */
  inputPathOf?(bodyPath: string): string;
  /**
   * A list operation that returns this resource in full, so that refreshing many resources
   * costs one (cached) list call instead of one read each. `items` picks the objects out of
   * the listed ones when they are nested.
   */
  readonly readFromList?: { op: OperationId; query?: QueryParams; items?(listed: Props[]): Props[] };
  /** The existing object with the same unique name in the same scope, for adoption. */
  findByName?(client: NmsClient, inputs: Props): Promise<Props | undefined>;
}

export function pick(source: Props, fields: readonly string[]): Props {
  const out: Props = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}
