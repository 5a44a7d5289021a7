// Keeping secrets out of error messages, error objects and log lines.
//
// Error messages end up in Pulumi's console output and in CI logs, and error objects may be
// stored or printed whole. So two independent guards apply: a structural one (error-entry values
// and nested fields whose name is a secret field are replaced) and a textual one (every secret
// string the client knows of, the password, the API key and the secret fields of the request
// body, is cut out of any text the client produces).
import { holdsSecretByName, mayHoldSecret, SECRET_FIELD_NAMES } from "../../contract/secretFields";

export { SECRET_FIELD_NAMES };

export const REDACTED = "***";

/**
 * Strings shorter than this are not cut out of text: removing every "ab" from a message would
 * wreck it, and the service's own rules make real secrets much longer (a PSK has 8 or more).
 */
const MIN_REDACTABLE_LENGTH = 4;

export function isSecretFieldName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_FIELD_NAMES.some((secret) => secret.toLowerCase() === lower);
}

/**
 * True when an error entry's `value` at its `object` path may be a secret: a secret field on the path, or a plain
 * value where a field holding one is expected (contract/secretFields.ts mayHoldSecret). Paths come as "wlan.passphrase", "radius/primary/sharedSecret",
 * "accounts[0].password" or a bare name.
 */
export function isSecretObjectPath(objectPath: string | undefined, value?: unknown): boolean {
  return mayHoldSecret(objectPath, value);
}

/** A copy of `value` in which every field named like a secret, at any depth, is replaced. */
export function scrubSecretFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecretFields);
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      copy[key] = isSecretFieldName(key) && inner !== undefined && inner !== null ? REDACTED : scrubSecretFields(inner);
    }
    return copy;
  }
  return value;
}

/** Every string held by a secret-named field of `value`, at any depth (used for text redaction). */
export function collectSecretValues(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const inner of value) collectSecretValues(inner, into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      // A plain value where a secret's holder is expected may be the secret one level too high.
      if (
        (isSecretFieldName(key) || holdsSecretByName(key)) &&
        (typeof inner === "string" || typeof inner === "number")
      ) {
        into.add(String(inner));
      } else {
        collectSecretValues(inner, into);
      }
    }
  }
  return into;
}

/** `text` with every occurrence of each secret replaced by "***" (longest secrets first). */
export function redactText(text: string, secrets: Iterable<string | undefined>): string {
  const usable = [...secrets]
    .filter((secret): secret is string => typeof secret === "string" && secret.length >= MIN_REDACTABLE_LENGTH)
    .sort((a, b) => b.length - a.length);
  let result = text;
  for (const secret of usable) {
    result = result.split(secret).join(REDACTED);
    // The same secret may appear URL- or JSON-escaped when the service echoes it back.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) result = result.split(encoded).join(REDACTED);
    const jsonEscaped = JSON.stringify(secret).slice(1, -1);
    if (jsonEscaped !== secret) result = result.split(jsonEscaped).join(REDACTED);
  }
  return result;
}

/**
 * Defines `key` on `target` as a non-enumerable property, so JSON.stringify and util.inspect
 * leave it out. (Not an ES #private field: Pulumi's closure serializer cannot re-create classes
 * that declare those.)
 */
export function hideProperty(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: false, configurable: false });
}
