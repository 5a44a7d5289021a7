// A function of the SDK is a row of a table (index.ts): the program calls it in its own process
// (provider/programClient.ts), and the SDK's Promise and Output forms are generated from the row
// (scripts/generateSdk.ts). A function puts nothing in state.
import type { z } from "zod";
import type { WifiApiVariant } from "../../contract/meta";
import type { OperationName } from "../../contract/routes";
import type { QueryParams } from "../client";
import { TENANT_INPUT, tenantArgSchema } from "../tenant";

/** What an operation's answer holds, for resultOf. */
export interface FunctionAnswer {
  /** The parsed answer of a read; the accepted `response` of an asynchronous write. */
  readonly body: unknown;
  /** The request whose record was waited for (asynchronous writes only). */
  readonly requestId?: string;
}

/**
 * A call other than the function's `op`, picked by the arguments given: a filter the service
 * serves with an operation of its own (listApGroups({ venueId }) reads listVenueApGroups), or a get by a unique
 * name, found in a list (getVenue({ name }) reads listVenues).
 */
export interface FunctionCall {
  /** The arguments that pick this call: every one given. */
  readonly given: readonly string[];
  readonly op: OperationName;
  /** Query parameters always sent with it. */
  readonly query?: QueryParams;
  /**
   * The one listed object whose `field` equals the argument `arg` (its unique name); none, or
   * more than one, is an error that names the value.
   */
  readonly findBy?: { readonly arg: string; readonly field: string };
}

/** An action that did not run: a preview never runs actions, which change the service. */
export interface ActionSkipped {
  readonly ran: false;
  readonly reason: string;
}

/** What an action resolves to: `ran: true` with its result, or `ran: false` when it did not run (preview). */
export type ActionOutcome<T> = ({ readonly ran: true } & T) | ActionSkipped;

export interface FunctionSpec {
  /** SDK name, as Pulumi's own packages name functions: getX / listX, and a verb for actions. */
  readonly name: string;
  /** One paragraph for the SDK's doc comment and the README. */
  readonly description: string;
  /** The service operation it calls (when no call of `otherCalls` is picked). */
  readonly op: OperationName;
  /**
   * Other calls the arguments pick: the first whose arguments are all given is made instead of
   * `op`. `fixedQuery`, `bodyOf`, `toRequest` and `resultOf` belong to `op` alone.
   */
  readonly otherCalls?: readonly FunctionCall[];
  /**
   * The arguments, strict (an unknown argument is refused), with rules and docs (.describe()).
   * Every argument named like a path parameter of the operation fills it; the others are the
   * query of a read or the body of a write. Checked before any call.
   */
  readonly args: (variant?: WifiApiVariant) => z.AnyZodObject;
  /**
   * The forms the arguments come in, when they name the object in more than one way (getVenue:
   * [["venueId"], ["name"]]) or hold filters that each pick a list of their own ([[], ["networkId"],
   * ["venueId"]]): of the names the forms hold, the arguments give exactly those of one form.
   */
  readonly argForms?: readonly (readonly string[])[];
  /** Query parameters always sent (getTenant: deep=true). */
  readonly fixedQuery?: QueryParams;
  /** The result, or one item of it for a list: the SDK's result type and doc comments. */
  readonly result: z.AnyZodObject;
  /** "list": every item of a list operation (read page by page when it pages), as an array; "one": one object. */
  readonly returns: "one" | "list";
  /**
   * Reads run during preview, as Pulumi's own functions do. Actions (side effects) never do: in
   * preview their Output form is unknown and their Promise form resolves to { ran: false }.
   */
  readonly runsInPreview: boolean;
  /** The body of a write when it is not the arguments that fill no path parameter (deleteAps: the array of serial numbers). */
  bodyOf?(args: Record<string, unknown>): unknown;
  /** The result from the answer; default the answer's body. */
  resultOf?(answer: FunctionAnswer): unknown;
  /**
   * The call's query and body from the (checked) arguments, when they are not the arguments as they are: disconnectClients's body
   * is an array, importGuestUsers's a multipart form with networkId in the query. Path parameters are taken out first.
   */
  toRequest?(args: Record<string, unknown>): { query?: QueryParams; body?: unknown };
}

/**
 * The arguments a function takes: its own (spec.args) and `tenantId`, which every function takes (provider/tenant.ts):
 * the tenant the call goes to, the configured one when left out. Checked, documented and generated from here.
 */
export function argsOf(spec: Pick<FunctionSpec, "args">, variant?: WifiApiVariant): z.AnyZodObject {
  return spec.args(variant).extend({ [TENANT_INPUT]: tenantArgSchema });
}

/** Every operation a function may call: its `op`, then those of its other calls. */
export function operationsOfFunction(spec: Pick<FunctionSpec, "op" | "otherCalls">): OperationName[] {
  return [...new Set([spec.op, ...(spec.otherCalls ?? []).map((call) => call.op)])];
}

/** What is wrong with the arguments' form (spec.argForms), or undefined when they give one form exactly. */
export function argFormProblem(
  spec: Pick<FunctionSpec, "argForms">,
  args: Record<string, unknown>,
): string | undefined {
  const forms = spec.argForms;
  if (!forms) return undefined;
  const named = [...new Set(forms.flat())];
  const given = named.filter((name) => args[name] !== undefined);
  if (forms.some((form) => form.length === given.length && form.every((name) => given.includes(name))))
    return undefined;
  return `give ${describeArgForms(forms)}${given.length > 0 ? ` (given: ${given.join(", ")})` : ""}`;
}

/** The forms in words: "venueId, or name"; "at most one of networkId and venueId". */
export function describeArgForms(forms: readonly (readonly string[])[], quote = (name: string) => name): string {
  const filled = forms.filter((form) => form.length > 0).map((form) => form.map(quote));
  if (filled.length < forms.length && filled.every((form) => form.length === 1))
    return `at most one of ${filled.map((form) => form[0]).join(" and ")}`;
  return (
    filled.map((form) => form.join(" and ")).join(", or ") + (filled.length < forms.length ? ", or none of them" : "")
  );
}
