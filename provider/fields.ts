// The fields of a resource, read from its spec's schemas (contract/meta.ts) once per kind: what
// the lifecycle compares, the SDK declares and marks secret, and the docs list.
import { z } from "zod";
import { defaultsOf, fieldsOf, secretFieldsOf, type FieldInfo, type WifiApiVariant } from "../contract/meta";
import type { ResourceSpec } from "./spec";
import { TENANT_INPUT } from "./tenant";

export interface SpecFields {
  /** Every input field, in the SDK's shape, of the newer variant (a superset of the older). */
  readonly inputs: readonly FieldInfo[];
  readonly inputNames: readonly string[];
  /**
   * Inputs that only name the object or its parents in the path (a settings object's venueId, a VLAN's profileId):
   * required strings the body schema does not hold.
   */
  readonly pathInputs: readonly string[];
  /** Read-only fields the service adds. */
  readonly outputNames: readonly string[];
  /** Inputs that are secret or hold one, marked secret in inputs and outputs. */
  readonly secretInputs: readonly string[];
  /** Read-only outputs that are secret (a generated password). */
  readonly secretOutputs: readonly string[];
  /** Inputs whose change replaces the object: declared ones, parents and an ID taken from an input. */
  readonly replaceOnChanges: readonly string[];
  /** Inputs the service fills in from its own state when the program leaves them out: not compared then. */
  readonly filledByService: readonly string[];
  /** What the service fills in when the program leaves a top-level input out. */
  defaults(variant?: WifiApiVariant): Readonly<Record<string, unknown>>;
  /**
   * What an update writes for a top-level input the program leaves out, so that the service lets go
   * of a value set outside the program (an update body without the field keeps it, updateAp): the field's
   * default; else the empty value of its type ("", [], {}) where the field takes it; else null, the
   * service's "not set".
   */
  unsetValues(variant?: WifiApiVariant): Readonly<Record<string, unknown>>;
}

const cache = new WeakMap<ResourceSpec, SpecFields>();

export function specFields(spec: ResourceSpec): SpecFields {
  let fields = cache.get(spec);
  if (!fields) {
    const declared = fieldsOf(spec.inputSchema("newer"));
    const pathInputs = identityInputs(spec).filter((name) => !declared.some((f) => f.name === name));
    const inputs = [...pathInputs.map((name) => pathInput(spec, name)), ...declared];
    const outputs = spec.outputSchema ? fieldsOf(spec.outputSchema) : [];
    const inputNames = inputs.map((f) => f.name);
    const { identity } = spec;
    const replaceOnChanges = new Set<string>([
      ...(spec.replaceOnChanges ?? []),
      ...Object.keys(identity.parents ?? {}),
    ]);
    if (identity.idFromInput) replaceOnChanges.add(identity.idFromInput);
    fields = {
      inputs,
      inputNames,
      pathInputs,
      // A resource's ID is Pulumi's own `id`; an output of that name would hide it. Every kind's tenant is the common
      // output (provider/tenant.ts), never a kind's own.
      outputNames: outputs
        .map((f) => f.name)
        .filter((name) => !inputNames.includes(name) && name !== "id" && name !== "urn" && name !== TENANT_INPUT),
      filledByService: inputs.filter((f) => f.filledByService).map((f) => f.name),
      secretInputs: secretFieldsOf(spec.inputSchema("newer")),
      secretOutputs: spec.outputSchema ? secretFieldsOf(spec.outputSchema) : [],
      replaceOnChanges: [...replaceOnChanges],
      defaults: (variant) => defaultsOf(spec.inputSchema(variant)),
      unsetValues: (variant) => unsetValuesOf(spec.inputSchema(variant)),
    };
    cache.set(spec, fields);
  }
  return fields;
}

/** Inputs the identity names: the one that gives the object's ID, and the parents'. */
function identityInputs(spec: ResourceSpec): string[] {
  const { idFromInput, parents } = spec.identity;
  return [...(idFromInput ? [idFromInput] : []), ...Object.keys(parents ?? {})];
}

function pathInput(spec: ResourceSpec, name: string): FieldInfo {
  const param = name === spec.identity.idFromInput ? spec.identity.idParam : spec.identity.parents?.[name];
  const whose = name === spec.identity.idFromInput ? `whose ${spec.kind} this is` : "this belongs to";
  return {
    name,
    required: true,
    secret: false,
    filledByService: false,
    description: `ID of the object ${whose} (path parameter ${param}).`,
    schema: z.string().min(1, "is required"),
  };
}

const unsetCache = new WeakMap<z.ZodTypeAny, Record<string, unknown>>();

function unsetValuesOf(schema: z.ZodTypeAny): Record<string, unknown> {
  let values = unsetCache.get(schema);
  if (!values) {
    values = {};
    for (const field of fieldsOf(schema)) {
      if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
      else values[field.name] = ["", [], {}].find((empty) => field.schema.safeParse(empty).success) ?? null;
    }
    unsetCache.set(schema, values);
  }
  return values;
}
