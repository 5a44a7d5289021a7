// Reading secrets: each secret input becomes a read of the stack's config, and the provider's own check
// says which write-only secrets the program must set all the same.
import { z } from "zod";
import { fieldsOf, holdsSecret, type WifiApiVariant } from "../../contract/meta";
import { unwrapSchema } from "../../contract/zodWrappers";
import { specFields } from "../../provider/fields";
import { makeLifecycle } from "../../provider/lifecycle";
import { isPlainObject } from "../../provider/shape";
import type { Props, ResourceSpec } from "../../provider/spec";
import { SecretRead } from "./model";
import { objectSchemaOf } from "./shape";

/**
 * The secret inputs the program must set that the service did not return (write-only): check refuses their absence.
 * Their values cannot be known; the program reads them from config all the same.
 */
export async function missingSecrets(spec: ResourceSpec, inputs: Props, variant: WifiApiVariant): Promise<Set<string>> {
  const fields = specFields(spec);
  const secretsAbsent = fields.secretInputs.filter((f) => inputs[f] === undefined);
  if (secretsAbsent.length === 0) return new Set();
  // What check says with every absent secret still absent: the required ones are named.
  const failures = await checkFailures(spec, inputs, variant, new Set());
  return new Set(
    secretsAbsent.filter((f) =>
      failures.some((failure) => failure.property === f || failure.property.startsWith(`${f}.`)),
    ),
  );
}

const lifecycles = new Map<string, ReturnType<typeof makeLifecycle>>();

/** The provider's own check of the inputs, offline (no previewReads: no call to the service); `assumed` secrets taken as set. */
export async function checkFailures(
  spec: ResourceSpec,
  inputs: Props,
  variant: WifiApiVariant,
  assumed: Set<string>,
): Promise<{ property: string; reason: string }[]> {
  const key = `${spec.kind} ${variant}`;
  let lifecycle = lifecycles.get(key);
  if (!lifecycle) {
    lifecycle = makeLifecycle(spec, () => Promise.reject(new Error("nms-import checks inputs without the service")), {
      variant: () => variant,
    });
    lifecycles.set(key, lifecycle);
  }
  const withAssumed = { ...inputs };
  // A value the check takes for the secret the service does not show: its rules are the user's to meet in config.
  for (const field of assumed) withAssumed[field] = "write-only secret";
  return (await lifecycle.check!({}, withAssumed)).failures ?? [];
}

/** The inputs with each secret replaced by a read of the stack's config; `found` is told each one. */
export function secretsRead(
  spec: ResourceSpec,
  inputs: Props,
  variable: string,
  missing: Set<string>,
  found: (path: string, key: string, value: string | undefined) => void,
): Props {
  const fields = specFields(spec);
  const info = new Map(fields.inputs.map((f) => [f.name, f]));
  const out: Props = { ...inputs };
  const keyOf = (path: string) =>
    variable +
    path
      .replace(/\[(\d+)\]/g, ".$1")
      .split(".")
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join("");
  const replace = (schema: z.ZodTypeAny, value: unknown, path: string, whole: boolean): unknown => {
    if (whole || !holdsSecretInside(schema)) {
      const key = keyOf(path);
      const text = typeof value === "string" ? value : JSON.stringify(value);
      found(path, key, text);
      return new SecretRead(key, typeof value === "string" ? "string" : "object");
    }
    const core = unwrapSchema(schema);
    if (Array.isArray(value) && core instanceof z.ZodArray)
      return value.map((item, i) =>
        holdsSecret(core.element) ? replace(core.element, item, `${path}[${i}]`, false) : item,
      );
    if (isPlainObject(value)) {
      const object = objectSchemaOf(core, value);
      if (!object) return value;
      const result: Props = {};
      for (const [key, item] of Object.entries(value)) {
        const field = fieldsOf(object).find((f) => f.name === key);
        result[key] =
          field && (field.secret || holdsSecret(field.schema))
            ? replace(field.schema, item, `${path}.${key}`, field.secret && !holdsSecretInside(field.schema))
            : item;
      }
      return result;
    }
    return value;
  };
  for (const field of fields.secretInputs) {
    const f = info.get(field);
    if (!f) continue;
    if (missing.has(field)) {
      const key = keyOf(field);
      found(field, key, undefined);
      out[field] = new SecretRead(key, "string");
      continue;
    }
    if (out[field] === undefined) continue;
    out[field] = replace(f.schema, out[field], field, f.secret && !holdsSecretInside(f.schema));
  }
  return out;
}

/** Whether a secret sits inside an object or array schema (a RADIUS pair holds its shared secrets), not counting the schema's own mark. */
function holdsSecretInside(schema: z.ZodTypeAny): boolean {
  const core = unwrapSchema(schema);
  if (core instanceof z.ZodArray) return holdsSecret(core.element);
  if (core instanceof z.ZodObject)
    return Object.values(core.shape as Record<string, z.ZodTypeAny>).some((f) => holdsSecret(f));
  return false;
}
