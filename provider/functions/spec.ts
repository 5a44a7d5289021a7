// A function of the SDK is a row of a table (index.ts): the program calls it in its own process
// (provider/programClient.ts), and the SDK's Promise and Output forms are generated from the row
// (scripts/generateSdk.ts). A function puts nothing in state.
import type { z } from "zod";
import type { WifiApiVariant } from "../../contract/meta";
import type { OperationId } from "../../contract/routes";
import type { QueryParams } from "../client";

/** What an operation's answer holds, for resultOf. */
export interface FunctionAnswer {
  /** The parsed answer of a read; the accepted `response` of an asynchronous write. */
  readonly body: unknown;
  /** The request whose record was waited for (asynchronous writes only). */
  readonly requestId?: string;
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
  /** The one service operation it calls. */
  readonly op: OperationId;
  /**
   * The arguments, strict (an unknown argument is refused), with rules and docs (.describe()).
   * Every argument named like a path parameter of the operation fills it; the others are the
   * query of a read or the body of a write. Checked before any call.
   */
  readonly args: (variant?: WifiApiVariant) => z.AnyZodObject;
  /** Query parameters always sent (A4: deep=true). */
  readonly fixedQuery?: QueryParams;
  /** The result, or one item of it for a list: the SDK's result type and doc comments. */
  readonly result: z.AnyZodObject;
  /** "list": every item of a paged list operation, as an array; "one": one object. */
  readonly returns: "one" | "list";
  /**
   * Reads run during preview, as Pulumi's own functions do. Actions (side effects) never do: in
   * preview their Output form is unknown and their Promise form resolves to { ran: false }.
   */
  readonly runsInPreview: boolean;
  /** The body of a write when it is not the arguments that fill no path parameter (W3: the array of serial numbers). */
  bodyOf?(args: Record<string, unknown>): unknown;
  /** The result from the answer; default the answer's body. */
  resultOf?(answer: FunctionAnswer): unknown;
  /**
   * The call's query and body from the (checked) arguments, when they are not the arguments as they are: W67's body
   * is an array, W76's a multipart form with networkId in the query. Path parameters are taken out first.
   */
  toRequest?(args: Record<string, unknown>): { query?: QueryParams; body?: unknown };
}
