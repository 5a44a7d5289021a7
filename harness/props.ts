/**
 * Property values as they travel between the program, the harness and the provider host.
 *
 * The harness keeps every property in the engine's "wire form" (what `Struct.toJavaScript()` gives):
 *   - a secret is `{ [SIG_KEY]: SECRET_SIG, value: <plain> }`
 *   - an unknown (preview only) is the string UNKNOWN_VALUE
 * That form is plain JSON, so it can be diffed, copied and written (after encrypting secrets).
 */

/** Signature key of special values (see @pulumi/pulumi runtime/rpc.js). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** Signature value of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The string the SDK and the engine use for a value that is not known yet (previews). */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** Key of the serialized dynamic provider inside a dynamic resource's inputs and outputs. */
export const PROVIDER_KEY = "__provider";

export type PropertyValue = null | boolean | number | string | PropertyValue[] | { [key: string]: PropertyValue };
export type PropertyMap = { [key: string]: PropertyValue };

export function isObject(v: unknown): v is { [key: string]: PropertyValue } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function isSecret(v: unknown): v is { [key: string]: PropertyValue } {
  return isObject(v) && v[SIG_KEY] === SECRET_SIG;
}

export function makeSecret(v: PropertyValue): PropertyValue {
  return isSecret(v) ? v : { [SIG_KEY]: SECRET_SIG, value: v };
}

/** The value inside a secret wrapper (or the value itself). */
export function secretInner(v: PropertyValue): PropertyValue {
  return isSecret(v) ? (v["value"] === undefined ? null : v["value"]) : v;
}

function isUnknown(v: unknown): boolean {
  return v === UNKNOWN_VALUE;
}

export function containsSecrets(v: unknown): boolean {
  if (isSecret(v)) return true;
  if (Array.isArray(v)) return v.some(containsSecrets);
  if (isObject(v)) return Object.values(v).some(containsSecrets);
  return false;
}

export function containsUnknowns(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknowns);
  if (isObject(v)) return Object.values(v).some(containsUnknowns);
  return false;
}

/** Deep copy of a JSON-like value. */
export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Removes every secret wrapper (what a provider that does not accept secrets must receive). */
export function stripSecrets(v: PropertyValue): PropertyValue {
  if (isSecret(v)) return stripSecrets(secretInner(v));
  if (Array.isArray(v)) return v.map(stripSecrets);
  if (isObject(v)) {
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(v)) out[k] = stripSecrets(x);
    return out;
  }
  return v;
}

export function stripSecretsMap(m: PropertyMap): PropertyMap {
  return stripSecrets(m) as PropertyMap;
}

/**
 * Copies the secret-ness of `inputs` onto `outputs`, like the engine's annotateSecrets: for a key present in both,
 * recurse when both are plain objects, otherwise mark the whole output value secret when the input value
 * contains a secret anywhere (so an array with one secret element becomes a secret array).
 * Mutates and returns `outputs`.
 */
export function annotateSecrets(outputs: PropertyMap, inputs: PropertyMap | undefined): PropertyMap {
  if (!inputs) return outputs;
  for (const [key, inputValue] of Object.entries(inputs)) {
    if (!Object.hasOwn(outputs, key)) continue;
    const outputValue = outputs[key];
    if (isObject(inputValue) && !isSecret(inputValue) && isObject(outputValue) && !isSecret(outputValue)) {
      annotateSecrets(outputValue, inputValue);
    } else if (!isSecret(outputValue) && containsSecrets(inputValue)) {
      outputs[key] = makeSecret(outputValue);
    }
  }
  return outputs;
}

/**
 * What the engine's step executor does to the new state of every step, sames included (pkg/resource/deploy/
 * step_executor.go, continueExecuteStep): the keys of additionalSecretOutputs, and every output whose same-named input
 * is a secret, become secret. ("id" cannot be made secret; the engine warns and the harness ignores it.) Mutates and
 * returns `outputs`.
 */
export function markStepSecrets(
  outputs: PropertyMap,
  inputs: PropertyMap,
  additionalSecretOutputs: readonly string[],
): PropertyMap {
  for (const k of additionalSecretOutputs) {
    if (k !== "id" && has(outputs, k) && !isSecret(outputs[k])) outputs[k] = makeSecret(outputs[k]);
  }
  for (const [k, v] of Object.entries(outputs)) {
    if (!isSecret(v) && has(inputs, k) && isSecret(inputs[k])) outputs[k] = makeSecret(v);
  }
  return outputs;
}

/** Own property, not inherited (a key named like an Object.prototype member is still a property). */
export function has(o: object, k: string): boolean {
  return Object.hasOwn(o, k);
}

/**
 * Converts wire values to what a user expects to see: secrets unwrapped (or masked), unknowns as the
 * UNKNOWN_VALUE string (or masked).
 */
export function toDisplay(v: PropertyValue, opts: { showSecrets: boolean }): unknown {
  if (isSecret(v)) return opts.showSecrets ? toDisplay(secretInner(v), opts) : "[secret]";
  if (v === UNKNOWN_VALUE) return opts.showSecrets ? UNKNOWN_VALUE : "[unknown]";
  if (Array.isArray(v)) return v.map((x) => toDisplay(x, opts));
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toDisplay(x, opts);
    return out;
  }
  return v;
}

/** Removes undefined members (Struct.fromJavaScript rejects them). */
export function sanitize(v: unknown): PropertyValue {
  if (v === undefined) return null;
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : sanitize(x)));
  if (typeof v === "object") {
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = sanitize(x);
    return out;
  }
  return String(v);
}
