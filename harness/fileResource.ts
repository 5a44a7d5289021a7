/**
 * A resource as the state file and the journal write it. Secrets never appear in plaintext: each secret value is
 * written as
 *   {"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","ciphertext":"..."}
 * and decrypted on load. The serialized dynamic provider, the same in a resource's inputs and outputs, is written once.
 */
import { type Crypter, SecretsError } from "./secrets";
import {
  PROVIDER_KEY,
  type PropertyMap,
  type PropertyValue,
  SECRET_SIG,
  SIG_KEY,
  isObject,
  isSecret,
  secretInner,
} from "./props";
import type { ResourceState } from "./resourceState";

/** A resource as written in the file: serialized provider pulled out once, secrets encrypted. */
export interface FileResource extends Omit<ResourceState, "inputs" | "outputs" | "replacementTrigger"> {
  serializedProvider?: string;
  inputs: unknown;
  outputs: unknown;
  replacementTrigger?: unknown;
}

/** A resource as the file holds it: the serialized provider pulled out, secrets encrypted. */
export function encodeResource(r: ResourceState, crypter: Crypter | null): FileResource {
  const encrypt = (v: PropertyValue): unknown => {
    if (isSecret(v)) return { [SIG_KEY]: SECRET_SIG, ciphertext: crypter!.encryptValue(secretInner(v)) };
    if (Array.isArray(v)) return v.map(encrypt);
    if (isObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = encrypt(x);
      return out;
    }
    return v;
  };
  const inputs: PropertyMap = { ...r.inputs };
  const outputs: PropertyMap = { ...r.outputs };
  let serializedProvider: string | undefined;
  const pin = inputs[PROVIDER_KEY];
  if (typeof pin === "string") {
    serializedProvider = pin;
    delete inputs[PROVIDER_KEY];
    if (outputs[PROVIDER_KEY] === pin) delete outputs[PROVIDER_KEY];
  } else if (typeof outputs[PROVIDER_KEY] === "string") {
    serializedProvider = outputs[PROVIDER_KEY] as string;
    delete outputs[PROVIDER_KEY];
  }
  const fr: FileResource = { ...r, inputs: encrypt(inputs), outputs: encrypt(outputs) };
  if (r.replacementTrigger !== undefined) fr.replacementTrigger = encrypt(r.replacementTrigger);
  if (serializedProvider !== undefined) fr.serializedProvider = serializedProvider;
  return fr;
}

/** A resource as the file holds it, secrets decrypted and the serialized provider put back. */
export function decodeResource(fr: FileResource, crypter: Crypter | null, statePath: string): ResourceState {
  const decrypt = (v: unknown): PropertyValue => {
    if (isObject(v) && v[SIG_KEY] === SECRET_SIG && typeof v["ciphertext"] === "string") {
      if (!crypter) {
        throw new SecretsError(
          `state file ${statePath} holds secrets: give a passphrase (option 'passphrase' or env NMS_HARNESS_PASSPHRASE)`,
        );
      }
      return { [SIG_KEY]: SECRET_SIG, value: crypter.decryptValue(v["ciphertext"]) as PropertyValue };
    }
    if (Array.isArray(v)) return v.map(decrypt);
    if (isObject(v)) {
      const out: PropertyMap = {};
      for (const [k, x] of Object.entries(v)) out[k] = decrypt(x);
      return out;
    }
    return v as PropertyValue;
  };
  const { serializedProvider, inputs, outputs, replacementTrigger, ...rest } = fr;
  const r: ResourceState = {
    ...rest,
    inputs: (decrypt(inputs ?? {}) as PropertyMap) ?? {},
    outputs: (decrypt(outputs ?? {}) as PropertyMap) ?? {},
    dependencies: rest.dependencies ?? [],
    propertyDependencies: rest.propertyDependencies ?? {},
    additionalSecretOutputs: rest.additionalSecretOutputs ?? [],
  };
  if (replacementTrigger !== undefined) r.replacementTrigger = decrypt(replacementTrigger);
  if (serializedProvider !== undefined) {
    if (!(PROVIDER_KEY in r.inputs)) r.inputs[PROVIDER_KEY] = serializedProvider;
    if (!(PROVIDER_KEY in r.outputs)) r.outputs[PROVIDER_KEY] = serializedProvider;
  }
  return r;
}
