// Two resources of one program must never own one object: each `up` would write the object back to
// its own inputs, and a refresh would flip it between them. No provider call sees two resources, so
// the program (this SDK) keeps a register of the objects its resources will own, as soon as the
// inputs that name them are known, and a resource that would own an object another resource of the
// program already owns is handed to the provider with OWNER_CONFLICT_INPUT (ownershipInput), which check refuses:
// its create never runs, `preview` and `up` fail on it, and the message names both resources.
//
// Why check and not an input that rejects (an apply that throws): the SDK then fails the whole
// program with "failed with an unhandled exception" and a stack of its own internals, the resources
// that depend on the refused one are never registered, and nothing names the input; a check failure
// is reported like any invalid input, on the resource and its property, and stops preview and up.
import * as pulumi from "@pulumi/pulumi";
import type { KindInfo } from "./kind";
import { CONFIGURED_TENANT, OWNER_CONFLICT_INPUT, TENANT_INPUT } from "./generated/reservedInputs";
import { perRun } from "./perRun";

type Props = Record<string, unknown>;

type Mode = "owns" | "adopts" | "creates";

interface Claim {
  /** The object, as the program names it: its kind, then the values that name it. */
  readonly key: string;
  readonly mode: Mode;
  /** The resource, URN-like: nms:ApGroup::lobby. */
  readonly owner: string;
  /** The resource itself: two resources may share a name under different parents. */
  readonly resource: object;
  /** How the inputs name the object, for the message: `adoptId "…"`, `venueId "…", name "Lobby"`. */
  readonly naming: string;
  /** The input the refusal is reported on. */
  readonly property: string;
}

export interface OwnerConflict {
  readonly property: string;
  readonly reason: string;
}

const registers = perRun(() => new Map<string, Claim[]>());

/**
 * The inputs a resource's ownership depends on: adoption, the unique name, and what names an object that always
 * exists (a venue's settings by the venue, an AP by its serial number).
 */
function namingFields({ ownership }: KindInfo): string[] {
  const { idFromInput, parents, uniqueName } = ownership;
  return [
    ...new Set([
      TENANT_INPUT,
      "adoptId",
      "adoptByName",
      ...(uniqueName ?? []),
      ...parents,
      ...(idFromInput ? [idFromInput] : []),
    ]),
  ];
}

/**
 * The tenant the object is in: objects are the same only within one tenant (an AP's serial number, a venue's name in
 * two end customers' tenants are two objects). Left out, the configured tenant (nms:tenantId, or its environment
 * variable), so that naming it explicitly is the same tenant.
 */
function tenantOf(values: Props): string {
  const named = values[TENANT_INPUT];
  if (typeof named === "string" && named !== "") return named;
  const [key, variable] = CONFIGURED_TENANT;
  return new pulumi.Config("nms").get(key.replace(/^nms:/, "")) || process.env[variable] || "";
}

function describe(fields: readonly string[], values: Props): string {
  return fields.map((field) => `${field} ${JSON.stringify(values[field] ?? null)}`).join(", ");
}

/** The objects a resource with these (resolved) inputs will own, by the kind's declaration. */
function claimsOf({ kind, ownership }: KindInfo, owner: string, resource: object, values: Props): Claim[] {
  const { idFromInput, parents, creates, uniqueName } = ownership;
  const scope = parents.filter((field) => field !== idFromInput);
  const tenant = tenantOf(values);
  const objectKey = (id: unknown) =>
    JSON.stringify([tenant, kind, "object", ...scope.map((field) => values[field] ?? null), id ?? null]);
  const claims: Claim[] = [];
  const adoptId = values.adoptId;
  if (creates && typeof adoptId === "string" && adoptId !== "") {
    // adoptId wins over adoptByName (the provider's lifecycle): the resource creates nothing and owns that object.
    return [
      {
        key: objectKey(adoptId),
        mode: "owns",
        owner,
        resource,
        naming: describe([...scope, "adoptId"], values),
        property: "adoptId",
      },
    ];
  }
  if (!creates || idFromInput) {
    // Settings that always exist, and objects named by an input: the inputs are the object's identity.
    const naming = [...scope, ...(idFromInput ? [idFromInput] : [])];
    claims.push({
      key: objectKey(idFromInput ? values[idFromInput] : ""),
      mode: "owns",
      owner,
      resource,
      naming: naming.length > 0 ? describe(naming, values) : "the tenant's only one",
      property: idFromInput ?? scope[0] ?? "",
    });
  }
  if (creates && uniqueName) {
    const adopts = values.adoptByName === true;
    claims.push({
      key: JSON.stringify([tenant, kind, "name", ...uniqueName.map((field) => values[field] ?? null)]),
      mode: adopts ? "adopts" : "creates",
      owner,
      resource,
      naming: uniqueName.length > 0 ? describe(uniqueName, values) : "the tenant's only one",
      property: adopts ? "adoptByName" : (uniqueName.at(-1) ?? "adoptByName"),
    });
  }
  return claims;
}

/** Two creates of one name are the service's to refuse (a name need not be unique: a recipient's description). */
function conflicts(a: Claim, b: Claim): boolean {
  return a.mode === "owns" || a.mode === "adopts" || b.mode === "adopts";
}

function reasonOf(claim: Claim, other: Claim, kind: string): string {
  const why = "two resources of one program cannot own one object (each run would write it back to its own inputs)";
  if (claim.mode === "owns") {
    return `${claim.owner} and ${other.owner} would both own the ${kind} with ${claim.naming}: ${why}; keep one of them`;
  }
  if (claim.mode === "adopts" && other.mode === "adopts") {
    return `${claim.owner} and ${other.owner} both adopt by name the ${kind} with ${claim.naming}: ${why}; keep one of them`;
  }
  if (claim.mode === "adopts") {
    return `${claim.owner} adopts by name the ${kind} with ${claim.naming}, which ${other.owner} creates: ${why}; remove adoptByName or change the name`;
  }
  return `${claim.owner} creates the ${kind} with ${claim.naming}, which ${other.owner} adopts by name: ${why}; remove one of them or change the name`;
}

/** Registers the claims; the first conflict with a claim of an earlier resource, if any. */
function register(claims: readonly Claim[], kind: string): OwnerConflict | undefined {
  const held = registers();
  for (const claim of claims) {
    const other = (held.get(claim.key) ?? []).find(
      (existing) => existing.resource !== claim.resource && conflicts(claim, existing),
    );
    if (other) return { property: claim.property, reason: reasonOf(claim, other, kind) };
  }
  for (const claim of claims) held.set(claim.key, [...(held.get(claim.key) ?? []), claim]);
  return undefined;
}

/** Where a resource's ownership conflict travels to check: this input, with this value (sdk/resource.ts). */
export interface OwnershipInput {
  readonly field: string;
  readonly value: pulumi.Input<unknown>;
}

/**
 * How the resource tells check that another resource of the program owns its object: nothing when it owns no object
 * another resource owns. Inputs that are Outputs or promises are awaited; one unknown in preview leaves the claim
 * unregistered, so a conflict that depends on an ID not yet known is caught by `up`, still before the second
 * resource's create.
 * - Known inputs: OWNER_CONFLICT_INPUT, a plain value, and only on a conflict.
 * - One Output among them (a venue's settings: venueId: venue.id), the common case: that input itself, which resolves
 *   to its value, or on a conflict to `{ [OWNER_CONFLICT_INPUT]: conflict }` instead. Check refuses it on the conflict's
 *   property. One more input would be one more property of every such registration, which Pulumi makes an Output of,
 *   serializes, sends and resolves: a seventh of the program's CPU in a preview (docs/performance.md, "The preview at
 *   3,984 resources").
 * - Otherwise OWNER_CONFLICT_INPUT, an Output of them all.
 */
export function ownershipInput(
  info: KindInfo,
  name: string,
  resource: object,
  args: Props,
): OwnershipInput | undefined {
  const owner = `nms:${info.kind}::${name}`;
  const fields = namingFields(info).filter((field) => args[field] !== undefined);
  const pending = fields.filter((field) => isPending(args[field]));
  if (pending.length === 0) {
    const conflict = register(claimsOf(info, owner, resource, args), info.kind);
    return conflict && { field: OWNER_CONFLICT_INPUT, value: conflict };
  }
  const given: Props = Object.fromEntries(fields.map((field) => [field, args[field]]));
  const [field] = pending;
  const only = pending.length === 1 ? args[field] : undefined;
  // pulumi.all would make an Output of every plain value too (docs/performance.md, "The SDK's cost per resource in the
  // program"). A secret input keeps its own Output (sdk/resource.ts wraps it).
  if (pulumi.Output.isInstance(only) && !info.secretInputs.includes(field)) {
    return {
      field,
      value: only.apply((value) => {
        const conflict = register(claimsOf(info, owner, resource, { ...given, [field]: value }), info.kind);
        return conflict ? { [OWNER_CONFLICT_INPUT]: conflict } : value;
      }),
    };
  }
  return {
    field: OWNER_CONFLICT_INPUT,
    value: pulumi.all(given).apply((values) => register(claimsOf(info, owner, resource, values as Props), info.kind)),
  };
}

function isPending(value: unknown): boolean {
  return pulumi.Output.isInstance(value) || value instanceof Promise;
}

/**
 * A created object's ID, once known, names it too: another resource that adopts that ID (adoptId: venue.id) would own
 * it as well. Its claim is registered when the ID resolves, before the adopting resource's (which waits for the same ID).
 */
export function claimCreatedObject(
  { kind, ownership }: KindInfo,
  name: string,
  resource: object,
  id: pulumi.Output<string>,
  args: Props,
): void {
  const { idFromInput, parents, creates } = ownership;
  if (!creates || idFromInput || (typeof args.adoptId === "string" && args.adoptId !== "")) return;
  const scope = parents;
  const owner = `nms:${kind}::${name}`;
  const given: Record<string, pulumi.Input<unknown>> = Object.fromEntries(
    [...scope, TENANT_INPUT].filter((f) => args[f] !== undefined).map((f) => [f, args[f] as pulumi.Input<unknown>]),
  );
  const registerObject = (known: string, values: Props): void => {
    if (!known) return;
    const naming = [
      ...scope.map((field) => `${field} ${JSON.stringify(values[field] ?? null)}`),
      `ID ${JSON.stringify(known)}`,
    ].join(", ");
    const key = JSON.stringify([
      tenantOf(values),
      kind,
      "object",
      ...scope.map((field) => values[field] ?? null),
      known,
    ]);
    register([{ key, mode: "owns", owner, resource, naming, property: "adoptId" }], kind);
  };
  // Plain inputs (a venue's tenantId) need no pulumi.all, which would make an Output of each of them and of the whole,
  // held until the ID resolves (docs/performance.md, "The SDK's cost per resource in the program").
  if (Object.values(given).some(isPending))
    pulumi.all([id, given]).apply(([known, values]) => registerObject(known, values as Props));
  else id.apply((known) => registerObject(known, given as Props));
}
