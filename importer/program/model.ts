// What the importer makes of a tenant's objects: the declarations of the program to generate, the values
// they hold (references to other resources, secrets read from config) and what the import noticed.
import type { WifiApiVariant } from "../../contract/meta";
import type { NamesGiven } from "../naming";
import type { ImportedObject, TenantRead } from "../read";

/** A value of the generated program: JSON, a reference to another resource's ID, or a secret from config. */
export type Value =
  | null
  | boolean
  | number
  | string
  | Value[]
  | { [key: string]: Value }
  | Reference
  | SecretRead
  | HeldId;

/** `<variable>.id`: the ID of another resource of the program. */
export class Reference {
  constructor(readonly variable: string) {}
}

/** An ID left literal because a resource outside the program holds its object: written with a comment naming it. */
export class HeldId {
  constructor(
    readonly id: string,
    readonly holder: string,
  ) {}
}

/** `config.requireSecret("<key>")` (a whole object: requireSecretObject). */
export class SecretRead {
  constructor(
    readonly key: string,
    readonly whole: "string" | "object",
  ) {}
}

export interface Declaration {
  readonly kind: string;
  readonly id: string;
  /** The resource's name in the stack (a slug) and the program's variable holding it. */
  readonly name: string;
  readonly variable: string;
  /** What the name was made from (the object's name, its owner's). */
  readonly label: string;
  readonly args: Record<string, Value>;
  /** Variables of the resources this one names by name or number (a port's VLANs): resource option dependsOn. */
  readonly dependsOn: string[];
  /** The object always exists (settings): the resource takes it over when created, with no adoptId. */
  readonly settings: boolean;
  /** The tenant the resource names (ProgramOptions.tenant), if any. */
  readonly tenantId?: string;
}

export interface ProgramSecret {
  /** The stack config key the program reads (in the project's namespace). */
  readonly key: string;
  readonly resource: string;
  readonly kind: string;
  /** Where the secret sits in the resource's inputs (authRadius.primary.sharedSecret). */
  readonly path: string;
  /** The value the service holds; undefined when the service does not return it (write-only). In memory only. */
  readonly value?: string;
}

export interface ProgramModel {
  readonly declarations: Declaration[];
  readonly secrets: ProgramSecret[];
  /** Settings left out because they hold nothing but their defaults, by kind. */
  readonly atDefaults: Record<string, number>;
  readonly skipped: TenantRead["skipped"];
  readonly unreadable: TenantRead["unreadable"];
  /** IDs the program names literally: objects it does not manage (another venue, a kind not asked for). */
  readonly outside: { resource: string; path: string; id: string; kind: string }[];
  /** What the provider's check says of the generated inputs (none expected): the program would fail preview there. */
  readonly problems: { resource: string; property: string; reason: string }[];
}

export interface ProgramOptions {
  /** Kinds that get resources. */
  readonly kinds: readonly string[];
  /** Only what belongs to this venue (its ID or name), and what that refers to. */
  readonly venue?: string;
  /** Settings objects at their defaults get a resource too. */
  readonly allSettings?: boolean;
  readonly variant: WifiApiVariant;
  /**
   * The tenant the objects were read from, when the program manages several: every resource names it in its
   * `tenantId`, and its name starts with `prefix` (the tenant's own name); `given` is shared by the tenants'
   * programs, so that the one program's resource names and variables stay unique.
   */
  readonly tenant?: { readonly id: string; readonly prefix: string; readonly given: NamesGiven };
  /** Objects that get no resource: those a stack already manages (nms-drift writes code for the others only). */
  readonly leaveOut?: (object: ImportedObject) => boolean;
  /** The resource outside the program that holds an object, by the object's ID: references to it stay literal IDs. */
  readonly holderOf?: (object: ImportedObject) => string | undefined;
  /** Names already taken (a stack's resources), when the program is added to another one. */
  readonly given?: NamesGiven;
}
