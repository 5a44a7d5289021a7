// A resource is a small declaration; the lifecycle (lifecycle/, a file per step) is written once for all of them.
// Fields, secrets and defaults come from the contract's schemas (contract/meta.ts), never listed
// again here.
import type { z } from "zod";
import type { WifiApiVariant } from "../contract/meta";
import type { OperationName } from "../contract/routes";
import type { NmsClient, QueryParams, RequestRecord } from "./client";

export type Props = Record<string, unknown>;

/**
 * What destroy does to the object:
 * - "delete": the delete operation; with a bulk delete, deletes made together share its calls;
 * - "reset": the reset operation puts the service's defaults back (settings that always exist);
 * - "writeDefaults": the update operation writes the schema's defaults back (settings without reset);
 * - "forget": nothing is sent; the object stays in the service and leaves the stack.
 */
export type DestroyMode = "delete" | "reset" | "writeDefaults" | "forget";

export interface Identity<P extends string = string> {
  /** Field of the API object holding its ID (default "id"; "serialNumber" for APs). */
  readonly idField?: string;
  /** Path parameter that names the object in read, update and delete. */
  readonly idParam: string;
  /**
   * Input fields that name the object instead of a generated ID: settings of a venue use the
   * venue's ID (`venueId`), APs their serial number. The resource's ID is this input's value.
   */
  readonly idFromInput?: string;
  /** Where update names the object: in the path (default) or in the body's idField (updateSwitchProfile, updateVlan). */
  readonly updateIdIn?: "path" | "body";
  /**
   * Input fields holding parent IDs, by the path parameter they fill in every operation
   * (SwitchVlan: { profileId: "profileId" }). A changed parent replaces the resource.
   */
  readonly parents?: { readonly [K in P]?: string };
}

export interface Operations {
  /** Absent: the object always exists (settings); create adopts it and writes the program's values. */
  readonly create?: OperationName;
  /** Absent: write-only; refresh cannot see the object and keeps what the state holds. */
  readonly read?: OperationName;
  /** Absent: every change replaces the object. */
  readonly update?: OperationName;
  readonly delete?: OperationName;
  /**
   * Delete with an array of IDs (deleteVenues, deleteAps, deleteVlans...). Destroy "delete" goes through it: the deletes of
   * a run that arrive together (same tenant, same path) share its calls, up to the client's batch
   * size; a lone delete, and each entry of a call refused as a whole, goes by `delete` when there
   * is one, else as a one-ID array.
   */
  readonly bulkDelete?: OperationName;
  /** Puts the service's defaults back (destroy "reset"). */
  readonly reset?: OperationName;
}

/**
 * A boolean input whose change calls one of two operations instead of the update
 * (GuestUser.disabled: disableGuestUser when it becomes true, enableGuestUser when it becomes false).
 */
export interface Toggle {
  readonly whenTrue: OperationName;
  readonly whenFalse: OperationName;
}

/**
 * An input whose change calls an operation (GuestUser.regenerate: regenerateGuestUserCredentials; Ap.position: updateApPosition). Its
 * rules are the input schema's, checked at preview with the rest.
 */
export interface Trigger {
  readonly op: OperationName;
  /** The operation's body from the inputs, and the state before the change (none on create). */
  body?(inputs: Props, previous?: Props): unknown;
  /**
   * The input is part of the object from its creation, but only this operation writes it (a
   * switch's position, updateSwitchPosition): after a create, the operation runs when the input is set.
   */
  readonly onCreate?: boolean;
}

/**
 * The input the SDK adds to every resource: its name in the stack. A dynamic provider's create is
 * not told the resource's URN, and two resources of a stack may have equal inputs; the name tells
 * their creates apart (provider/lifecycle/createRequestId.ts). Never sent to the service, never compared.
 */
export const RESOURCE_NAME_INPUT = "__nmsName";

/**
 * The input the SDK adds to every resource: the state it belongs to, "organization/project/stack/stateId": the
 * names as the program sees them (pulumi.getOrganization, getProject, getStack) and the random ID the state's
 * hidden identity resource made (provider/stateIdentity.ts). The engine tells the dynamic-provider process its
 * project but not its stack or organization (docs/pulumi-facts.md, "Interrupted updates and pending operations"),
 * and names repeat: a self-managed backend's organization is always "organization", two backends may each hold a
 * `dev` stack, a stack may be made again under a renamed one's name. The state's ID tells their creates apart
 * (provider/lifecycle/createRequestId.ts). Never sent to the service, never compared. States written before the
 * state's ID carry "organization/project/stack" alone.
 */
export const RESOURCE_STACK_INPUT = "__nmsStack";

export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/** What check answers: the inputs as checked (completed by the kind where it does), and what is wrong with them. */
export interface CheckResult {
  readonly inputs: Props;
  readonly failures: CheckFailure[];
}

/**
 * The inputs of a kind as its input schema describes them, and the inputs naming its parents (`P`, strings by
 * the time the lifecycle runs a step that calls the service), as the program gave them.
 */
export type InputsOf<S extends z.ZodTypeAny, P extends string = never> = z.input<S> & {
  readonly [K in P]: string;
} & Props;

/**
 * A kind's own way of doing one step of the lifecycle, where its shape needs what no other kind does. Each is given
 * the shared step, to call or not. The lifecycle (provider/lifecycle/) runs the shared steps for every other kind.
 */
export interface StepOverrides<I extends Props = Props> {
  /**
   * Check, given the program's inputs and the shared check (to which it hands the inputs to check and the failures it
   * found). Must not call the service. A floor plan completes its inputs with its image's hash, from the provider's
   * machine, so that a changed file shows as a change of the resource.
   */
  check?(
    inputs: I,
    check: (inputs: Props, failures: readonly CheckFailure[]) => Promise<CheckResult>,
  ): Promise<CheckResult>;
  /**
   * The body of a create or an update, given the shared one (the inputs in the wire's shape); `previous` holds the
   * outputs on update, so that an unchanged file is not sent again. `calls` names the operations `build` calls, for
   * the reference docs and COVERAGE.md.
   */
  readonly writeBody?: {
    readonly calls: readonly OperationName[];
    build(client: NmsClient, inputs: I, previous: Props | undefined, body: Props | Props[]): Promise<Props | Props[]>;
  };
  /**
   * The create of a new object, for a kind the service has no create operation of its own for (ops.create is then
   * another call, a parent's update): `send` sends ops.create with the body given, and the object is what the kind
   * picks from the answer. Such a create carries no request ID of the provider's, so an interrupted one is not taken
   * over by its request (provider/lifecycle/interruptedCreate.ts); adoption still comes first.
   */
  create?(inputs: I, step: CreateStep): Promise<Props>;
  /** The object as the service holds it, given the shared read (the read operation's answer; not found throws). */
  read?(id: string, inputs: I, read: () => Promise<unknown>): Promise<Props | undefined>;
  /** One object's entry in the bulk delete's array, given the shared one (its ID). */
  bulkDeleteEntry?(id: string, props: I, entry: string): unknown;
  /** The path parameters that name the object, given the shared ones (the ID in identity.idParam). */
  idParams?(id: string, params: Readonly<Record<string, string>>): Record<string, string>;
}

/** What a kind's own create (StepOverrides.create) works with. */
export interface CreateStep {
  readonly client: NmsClient;
  readonly op: OperationName;
  /** Sends the kind's create operation with this body: the object the service answered (when it did) and the request's record. */
  send(body: unknown): Promise<{ response?: Props; record?: RequestRecord }>;
}

/**
 * A unique name the service refuses a second time (409), as check looks for it before up: the inputs that form it (the
 * first names a refusal), the list that holds every object of its scope, and whether a listed object holds it.
 */
export interface TakenName {
  readonly fields: readonly string[];
  /** "the tenant", "its venue": where the name is unique, for the message. */
  readonly scope: string;
  readonly list: OperationName;
  /** The list's path parameter from the inputs, and the kind of the object that is the scope (its parent). */
  readonly parent?: { readonly field: string; readonly param: string; readonly kind: string };
  readonly query?: QueryParams;
  items?(listed: Props[]): Props[];
  holds(object: Props, inputs: Props): boolean;
}

export interface ResourceSpec<S extends z.ZodTypeAny = z.ZodTypeAny, P extends string = string> {
  /** SDK class name; the type token is pulumi-nodejs:dynamic/nms:<kind>. */
  readonly kind: string;
  /** One paragraph for the SDK's doc comment and the README. */
  readonly description: string;
  /**
   * The program's inputs, in the SDK's shape: fields, rules, secrets (secret()), defaults
   * (.default()) and docs (.describe()). The SDK class is generated from it.
   */
  readonly inputSchema: (variant?: WifiApiVariant) => S;
  /** Read-only fields the service adds, declared as outputs (secret() marks secret outputs). */
  readonly outputSchema?: z.AnyZodObject;
  /** The body check validates, when it is not the inputs as they are (see toApi). */
  readonly bodySchema?: (variant?: WifiApiVariant) => z.ZodTypeAny;
  readonly identity: Identity<P>;
  readonly ops: Operations;
  readonly destroy: DestroyMode;
  /** Why destroy does what it does, for the docs (settings and write-only resources). */
  readonly destroyNote?: string;
  /**
   * Settings the service deletes with the object they belong to: the input naming that object and its kind
   * (VenueRadio: { input: "venueId", kind: "Venue" }). When a run deletes both, the reset or the written defaults
   * would be wasted requests; the SDK sets Pulumi's deletedWith when the program passes that object's resource
   * (sdk/deletedWith.ts). Only for settings whose values name no other object: a switch port's reset also releases
   * the VLANs and ACLs it names, and a venue's switch settings the profile, which the service will not delete while
   * they are named (NMS-SWITCH-CONFIG-IN-USE); skipped, those deletes of the same run would be refused.
   */
  readonly deletedWithParent?: { readonly input: string; readonly kind: string };
  /**
   * Inputs the service's read form does not hold (a floor plan's local image path): refresh keeps
   * the program's value for them. Path inputs, parents, triggers and secrets need no listing here.
   */
  readonly notEchoed?: readonly string[];
  /** Input fields the service will not change in place. Parents are added automatically. */
  readonly replaceOnChanges?: readonly string[];
  readonly toggles?: Readonly<Record<string, Toggle>>;
  readonly triggers?: Readonly<Record<string, Trigger>>;
  /** Inputs → write body (an array for an operation whose body is one, updateVenueLanPorts). Default: the input fields as they are, minus toggles and triggers. */
  toApi?(inputs: Props): Props | Props[];
  /** API object → fields in the SDK's shape. Default: input and output fields as they are. */
  fromApi?(api: Props): Props;
  /** A body path of a check failure → the input path the user wrote. */
  inputPathOf?(bodyPath: string): string;
  /**
   * A list operation that returns this resource in full, so that refreshing many resources
   * costs one (cached) list call instead of one read each. `items` picks the objects out of
   * the listed ones when they are nested.
   */
  readonly readFromList?: {
    op: OperationName;
    query?: QueryParams;
    items?(listed: Props[]): Props[];
    /** Output fields the list's items lack (listAps has no cellularSettings): a refresh from the list keeps their last value. */
    lacks?: readonly string[];
  };
  /**
   * The inputs that name the object uniquely, scope first (an AP group: venueId, name), declared with findByName
   * (provider/resources/find.ts gives both from one declaration). The SDK refuses two resources of one program that
   * would own the object these name (sdk/ownership.ts).
   */
  readonly uniqueName?: readonly string[];
  /** The existing object with the same unique name in the same scope, for adoption. */
  findByName?(client: NmsClient, inputs: InputsOf<S, P>): Promise<Props | undefined>;
  /**
   * How check finds, before up, another object already holding the unique name (provider/lifecycle/previewReads.ts), or why it
   * does not look; declared with findByName (provider/resources/find.ts gives all three from one declaration).
   */
  readonly takenName?: TakenName | { readonly notChecked: string };
  /**
   * False when the service lets two objects share what findByName looks for (a recipient's description): a second
   * create is not refused, so the create of an interrupted run is found by its request ID instead of its name
   * (provider/lifecycle/interruptedCreate.ts).
   */
  readonly nameIsUnique?: false;
  /**
   * The service stores an update's body whole, and the kind's input schema is the service's schema of that body: a
   * field the body leaves out takes the schema's default, nothing else of the object changes (a venue's radio and
   * syslog, a switch port: the API documentation's PUT of the whole settings). Settings taken over by their create
   * are then not read back after the write: the object is the body as the schema parses it (provider/lifecycle/update.ts).
   */
  readonly updateStoresBody?: true;
  /** The kind's own way of doing steps of the lifecycle, each given the shared step (see StepOverrides). */
  readonly overrides?: StepOverrides<InputsOf<S, P>>;
}

/** A resource's declaration, its inputs typed by its input schema. */
export function resourceSpec<S extends z.ZodTypeAny, P extends string = never>(
  spec: ResourceSpec<S, P>,
): ResourceSpec<S, P> {
  return spec;
}

export function pick(source: Props, fields: readonly string[]): Props {
  const out: Props = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}
