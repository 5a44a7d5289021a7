// The names by which the client and the emulator recognize a secret (SECRET_FIELD_NAMES) are
// exactly the names of the fields the contract's schemas mark secret().
import { z } from "zod";
import * as contract from "../../contract";
import { mayHoldSecret, SECRET_FIELD_NAMES, SECRET_HOLDER_FIELD_NAMES } from "../../contract";
import { holdsSecret } from "../../contract/meta";

/** The schemas a wrapper, list, union, record or lazy schema holds. */
function innerSchemas(schema: z.ZodTypeAny): z.ZodTypeAny[] {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodNullable
    ? [schema.unwrap()]
    : schema instanceof z.ZodDefault
      ? [schema.removeDefault()]
      : schema instanceof z.ZodEffects
        ? [schema.innerType()]
        : schema instanceof z.ZodArray
          ? [schema.element]
          : schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion
            ? [...(schema.options as z.ZodTypeAny[])]
            : schema instanceof z.ZodRecord
              ? [schema.valueSchema]
              : schema instanceof z.ZodLazy
                ? [schema.schema]
                : [];
}

/** Every field of the schema, at any depth, by name, with whether that occurrence is marked secret(). */
function fields(
  schema: z.ZodTypeAny,
  found: { name: string; secret: boolean }[],
  seen = new Set<z.ZodTypeAny>(),
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
      found.push({ name, secret: contract.fieldsOf(z.object({ [name]: field }))[0].secret });
      fields(field, found, seen);
    }
    return;
  }
  for (const next of innerSchemas(schema)) fields(next, found, seen);
}

/** Names of every field marked secret() anywhere inside the schema (objects, arrays, unions, wrappers). */
function markedSecretNames(schema: z.ZodTypeAny, found: Set<string>, seen = new Set<z.ZodTypeAny>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
      if (contract.fieldsOf(z.object({ [name]: field }))[0].secret) found.add(name);
      markedSecretNames(field, found, seen);
    }
    return;
  }
  for (const next of innerSchemas(schema)) markedSecretNames(next, found, seen);
}

test("every field a schema marks secret has its name in SECRET_FIELD_NAMES, and every name there is marked somewhere", () => {
  const found = new Set<string>();
  for (const value of Object.values(contract)) if (value instanceof z.ZodType) markedSecretNames(value, found);
  expect([...found].sort()).toEqual([...SECRET_FIELD_NAMES].sort());
});

/**
 * A credential by its name: passwords, shared secrets, passphrases, PSKs, keys and tokens (the guest portal's
 * externalPortalKey and a WISPr page's integrationKey, a venue's apPassword, the login's API-KEY). The names of
 * settings about them (passphraseLength, smsPasswordDuration, changePasswordUrl) do not end so.
 */
const CREDENTIAL_NAME = /(password|secret|passphrase|passphraseBackup|psk|key|token)$/i;

test("every field named like a credential is marked secret, wherever it is", () => {
  const found: { name: string; secret: boolean }[] = [];
  for (const value of Object.values(contract)) if (value instanceof z.ZodType) fields(value, found);
  const credentials = found.filter((field) => CREDENTIAL_NAME.test(field.name));
  expect(credentials.map((field) => field.name)).toEqual(
    expect.arrayContaining(["apPassword", "externalPortalKey", "integrationKey"]),
  );
  expect([...new Set(credentials.filter((field) => !field.secret).map((field) => field.name))]).toEqual([]);
});

test("SECRET_HOLDER_FIELD_NAMES are the names of the fields that hold a secret field below them", () => {
  const holders = new Set<string>();
  const collect = (schema: z.ZodTypeAny, seen = new Set<z.ZodTypeAny>()): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    if (schema instanceof z.ZodObject) {
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
        if (!contract.fieldsOf(z.object({ [name]: field }))[0].secret && holdsSecret(field)) holders.add(name);
        collect(field, seen);
      }
      return;
    }
    for (const next of innerSchemas(schema)) collect(next, seen);
  };
  for (const value of Object.values(contract)) if (value instanceof z.ZodType) collect(value);
  expect([...SECRET_HOLDER_FIELD_NAMES].sort()).toEqual([...holders].sort());
});

test.each([
  ["authRadius.primary.sharedSecret", "s3cret", true],
  ["authRadius.primary", "s3cret", true],
  ["authRadius.primary", ["s3cret"], true],
  ["authRadius", 1812, true],
  ["wlan.passphrase[0]", "s3cret", true],
  ["guestPortal.wisprPage.integrationKey.x", "s3cret", true],
  ["radius/primary/SharedSecret", "s3cret", true],
  ["authRadius.primary", { port: "x" }, false],
  ["authRadius.primary.port", "x", false],
  ["wlan.ssid", "corp", false],
  ["name", "HQ", false],
])("a value at %s (%j) may be a secret: %s", (path, value, expected) => {
  expect(mayHoldSecret(path, value)).toBe(expected);
});
