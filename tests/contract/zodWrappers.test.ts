// The one walk through zod's wrappers, and that every reader of a schema goes through the same wrappers
// (the union of what each used to know), except where a reader stops on purpose.
import { z } from "zod";
import { boundsOf, fieldsOf, holdsSecret, objectOf, secret } from "../../contract/meta";
import { ignoredFields } from "../../contract/validate";
import { layersOf, unwrapSchema } from "../../contract/zodWrappers";
import { strip } from "../../scripts/sdkgen/printType";

const core = z.string().min(2).max(5);
/** Every wrapper zod has, each around the next. */
const wrappedInEverything = z.lazy(() =>
  core
    .brand("Name")
    .catch("ab" as never)
    .readonly()
    .optional()
    .nullable()
    .default(null)
    .refine(() => true)
    .transform((v) => v)
    .pipe(z.unknown()),
);

test("the walk goes through optional, nullable, default, effects, pipeline, lazy, branded, readonly and catch", () => {
  expect(unwrapSchema(wrappedInEverything)).toBe(core);
  const kinds = layersOf(wrappedInEverything).map((layer) => layer.constructor.name);
  expect(kinds).toEqual([
    "ZodLazy",
    "ZodPipeline",
    "ZodEffects",
    "ZodEffects",
    "ZodDefault",
    "ZodNullable",
    "ZodOptional",
    "ZodReadonly",
    "ZodCatch",
    "ZodBranded",
    "ZodString",
  ]);
});

test("a reader that handles a wrapper itself stops there, and a stop rule ends the walk at its layer", () => {
  const piped = z.string().optional().pipe(z.string());
  expect(unwrapSchema(piped.optional(), { through: ["optional"] })).toBe(piped);
  const refined = z.number().refine((n) => n > 0);
  const isRefinement = (layer: z.ZodTypeAny) => layer instanceof z.ZodEffects;
  expect(unwrapSchema(refined.optional().default(1), { stopAt: isRefinement })).toBe(refined);
  expect(layersOf(z.number(), { through: [] })).toHaveLength(1);
});

test("the body check finds an unknown field under a readonly, branded or caught object", () => {
  const inner = z.object({ known: z.number() });
  for (const field of [inner.readonly(), inner.brand("B"), inner.catch({ known: 0 })]) {
    const schema = z.object({ field });
    expect(ignoredFields(schema, { field: { known: 1, typo: 2 } }).map((f) => f.path)).toEqual(["field.typo"]);
  }
});

test("field rules, bounds and secrecy are read under every wrapper", () => {
  expect(boundsOf(core.brand("N").readonly().optional())).toEqual({ min: 2, max: 5, unit: "characters" });
  expect(holdsSecret(z.object({ key: secret(z.string()) }).catch({ key: "x" }))).toBe(true);
  expect(holdsSecret(z.array(secret(z.string()).brand("K")).readonly())).toBe(true);
});

test("a field's schema keeps its refinements, and an optional object is not an object schema", () => {
  const refined = z.string().refine((s) => s !== "x");
  const [field] = fieldsOf(z.object({ name: refined.optional().default("y") }));
  expect(field).toMatchObject({ required: false, defaultValue: "y", schema: refined });
  expect(() => objectOf(z.object({}).optional())).toThrow("not an object schema");
});

test("the SDK printer's walk stops at a pipeline, which it prints by side", () => {
  const piped = z.coerce.number().pipe(z.number().int());
  const stripped = strip(piped.readonly().describe("How long.").optional());
  expect(stripped).toMatchObject({ core: piped, optional: true, description: "How long." });
});
