// The names by which the client and the emulator recognize a secret (SECRET_FIELD_NAMES) are
// exactly the names of the fields the contract's schemas mark secret().
import { z } from "zod";
import * as contract from "../../contract";
import { SECRET_FIELD_NAMES } from "../../contract";

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
  const inner =
    schema instanceof z.ZodOptional || schema instanceof z.ZodNullable
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
  for (const next of inner) markedSecretNames(next, found, seen);
}

test("every field a schema marks secret has its name in SECRET_FIELD_NAMES, and every name there is marked somewhere", () => {
  const found = new Set<string>();
  for (const value of Object.values(contract)) if (value instanceof z.ZodType) markedSecretNames(value, found);
  expect([...found].sort()).toEqual([...SECRET_FIELD_NAMES].sort());
});
