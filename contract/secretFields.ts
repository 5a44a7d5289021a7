// The names of the service's secret fields, for what must recognize a secret by its name alone:
// the client cutting secrets out of error entries and log lines, the emulator keeping them out of
// its error answers. The schemas mark each secret field with secret() (meta.ts); a test holds these
// lists to those marks (tests/contract/secretFields.test.ts).

/** Field names whose values are secrets wherever they appear in a request, an answer or an error entry. */
export const SECRET_FIELD_NAMES: readonly string[] = [
  "sharedSecret",
  "passphrase",
  "wepHexKey",
  "password",
  "switchLoginPassword",
  "rpPrivateKey",
  "psk",
  "passphraseBackup",
  "integrationKey",
  "externalPortalKey",
  "apPassword",
  "API-KEY",
  "token",
];

/**
 * Names of the fields that hold a secret field somewhere below them (a RADIUS pair's `primary` holds its
 * sharedSecret). A value found where one of them is expected may be the secret put one level too high
 * (`authRadius.primary: "<secret>"`), so it is not repeated either.
 */
export const SECRET_HOLDER_FIELD_NAMES: readonly string[] = [
  "accountingRadius",
  "authRadius",
  "content",
  "data",
  "guestPortal",
  "primary",
  "secondary",
  "wisprPage",
  "wlan",
];

// Plain lists, no Set: the provider's client is serialized as a Pulumi closure, which cannot carry a Set.
const isNamed = (names: readonly string[], name: string): boolean =>
  names.some((known) => known.toLowerCase() === name.toLowerCase());

/** Whether a value under this field name may be a secret put one level too high (a string for a RADIUS pair). */
export function holdsSecretByName(name: string): boolean {
  return isNamed(SECRET_HOLDER_FIELD_NAMES, name);
}

/**
 * Whether `value`, found at this path (a.b[0].c as error entries write it, or a/b/c), may be a secret and must not be
 * repeated: a secret field anywhere on the path (the value is the secret or inside it), or a plain value or list
 * where an object holding a secret is expected (`authRadius.primary: "<secret>"`). An object there is not one: the
 * secret fields inside it are cut out by name. Names compare without case, as a body may misspell them.
 */
export function mayHoldSecret(path: string | undefined, value?: unknown): boolean {
  if (path === undefined) return false;
  const names = path.split(/[./[\]]/).filter((part) => part !== "" && !/^\d+$/.test(part));
  if (names.some((name) => isNamed(SECRET_FIELD_NAMES, name))) return true;
  const last = names[names.length - 1];
  const plainObject = typeof value === "object" && value !== null && !Array.isArray(value);
  return last !== undefined && isNamed(SECRET_HOLDER_FIELD_NAMES, last) && !plainObject;
}
