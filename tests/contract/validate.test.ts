// ignoredFields: what the service would drop from a body, found the way the provider's check reports it;
// validateBody's rule for every number.
import { z } from "zod";
import { ignoredFields, validateBody } from "../../contract/validate";
import { FINITE_NUMBER_RULE, intBetween } from "../../contract/validators";

const paths = (schema: z.ZodTypeAny, value: unknown) => ignoredFields(schema, value).map((f) => f.path);

test("a field no schema object declares is named by its path, inside objects and array elements", () => {
  const schema = z.object({
    a: z.object({ b: z.string().optional() }).optional(),
    list: z.array(z.object({ c: z.number() })),
  });
  expect(paths(schema, { a: { b: "x", typo: 1 }, list: [{ c: 1 }, { c: 2, d: 3 }] })).toEqual(["a.typo", "list[1].d"]);
});

test("objects that pass unknown keys through, and values of records, keep what they are given", () => {
  const schema = z.object({ open: z.object({}).passthrough(), byName: z.record(z.object({ x: z.number() })) });
  expect(paths(schema, { open: { anything: 1 }, byName: { k: { x: 1, y: 2 } } })).toEqual(["byName.k.y"]);
});

test("in an option of a discriminated union, another option's field does not apply to this one", () => {
  const schema = z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("a"), inner: z.object({ shared: z.number().optional() }) }),
    z.object({
      kind: z.literal("b"),
      inner: z.object({ shared: z.number().optional(), onlyB: z.boolean().optional() }),
      extra: z.string(),
    }),
  ]);
  expect(
    ignoredFields(schema, { kind: "a", inner: { onlyB: true, nowhere: 1 }, extra: "x" }).map((f) => [
      f.path,
      f.message.split(" (")[0],
    ]),
  ).toEqual([
    ["inner.onlyB", "does not apply to kind a"],
    ["inner.nowhere", "is not a field the service knows here"],
    ["extra", "does not apply to kind a"],
  ]);
});

test("refinements and defaults are looked through; null, undefined and the preview's unknowns are not looked into", () => {
  const schema = z.object({ o: z.object({ x: z.number() }).default({ x: 1 }) }).superRefine(() => undefined);
  expect(paths(schema, { o: { x: 1, y: 2 } })).toEqual(["o.y"]);
  expect(paths(schema, { o: null, gone: undefined })).toEqual([]);
  expect(ignoredFields(schema, { o: "unknown" }, (v) => v === "unknown")).toEqual([]);
});

describe("every number must be finite (JSON has no NaN or Infinity)", () => {
  const schema = z.object({
    free: z.number().optional(),
    ranged: intBetween(1, 4094).optional(),
    nested: z.object({ list: z.array(z.object({ x: z.number() })) }).optional(),
  });

  test.each([NaN, Infinity, -Infinity])(
    "%p is refused on any numeric field, at its path, with the one rule and nothing else there",
    (bad) => {
      const result = validateBody(schema, { free: bad, ranged: bad, nested: { list: [{ x: 1 }, { x: bad }] } });
      expect(result).toEqual({
        ok: false,
        failures: [
          { path: "free", message: FINITE_NUMBER_RULE },
          { path: "ranged", message: FINITE_NUMBER_RULE },
          { path: "nested.list[1].x", message: FINITE_NUMBER_RULE },
        ],
      });
    },
  );

  test("finite numbers go on to their fields' own rules", () => {
    expect(validateBody(schema, { free: 1e308, ranged: 5000 })).toEqual({
      ok: false,
      failures: [{ path: "ranged", message: "must be between 1 and 4094" }],
    });
    expect(validateBody(schema, { free: -1e308, ranged: 10 })).toMatchObject({ ok: true });
  });
});
