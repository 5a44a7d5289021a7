// Every numeric field of every resource refuses NaN and ±Infinity at preview, naming the field and the
// one rule (contract/validators.ts FINITE_NUMBER_RULE): JSON cannot carry them (JSON.stringify writes
// null, which the service reads as "not set"), so such a value must never leave check. Found by walking
// each kind's input schema, so a numeric field added later is covered without a line here.
import { z } from "zod";
import { FINITE_NUMBER_RULE } from "../../contract/validators";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import { checkArgs } from "../../provider/programClient";

type Props = Record<string, unknown>;
type Path = (string | number)[];

/** The schema under its optional, nullable, default and refinement wrappers. */
function core(schema: z.ZodTypeAny): z.ZodTypeAny {
  for (;;) {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap();
    else if (schema instanceof z.ZodDefault) schema = schema.removeDefault();
    else if (schema instanceof z.ZodEffects) schema = schema.innerType();
    else return schema;
  }
}

/** Each numeric field inside the schema: its path, and a value holding `leaf` there (with the discriminators that reach it). */
function numericFields(schema: z.ZodTypeAny, leaf: number, path: Path = []): { path: Path; value: unknown }[] {
  const inner = core(schema);
  if (inner instanceof z.ZodNumber) return [{ path, value: leaf }];
  if (inner instanceof z.ZodArray)
    return numericFields(inner.element, leaf, [...path, 0]).map((f) => ({ path: f.path, value: [f.value] }));
  if (inner instanceof z.ZodDiscriminatedUnion) {
    return (inner.options as z.AnyZodObject[]).flatMap((option) =>
      numericFields(option, leaf, path).map((f) => ({
        path: f.path,
        value: { ...(f.value as Props), [inner.discriminator]: option.shape[inner.discriminator].value },
      })),
    );
  }
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodTypeAny>).flatMap(([key, field]) =>
      numericFields(field, leaf, [...path, key]).map((f) => ({ path: f.path, value: { [key]: f.value } })),
    );
  }
  return [];
}

const pulumiPath = (path: Path) =>
  path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    "",
  );
const noClient = () => Promise.reject(new Error("check must not call the service"));
const BAD = [NaN, Infinity, -Infinity];

const cases = Object.entries(RESOURCE_SPECS).flatMap(([kind, spec]) =>
  BAD.flatMap((bad) =>
    numericFields(spec.inputSchema("newer"), bad).map(({ path, value }) => ({
      kind,
      field: pulumiPath(path),
      bad,
      inputs: value as Props,
    })),
  ),
);

test("the walk finds the numeric fields (positions, percentages, VLANs, ports)", () => {
  const fields = new Set(cases.map((c) => `${c.kind}.${c.field}`));
  for (const expected of [
    "Switch.position.xPercent",
    "Ap.position.xPercent",
    "SwitchPortSettings.poeBudget",
    "VenueSyslog.port",
    "NetworkVenueActivation.apGroups[0].vlanId",
  ]) {
    expect(fields).toContain(expected);
  }
});

test.each(cases)(
  "$kind.$field = $bad is refused by check with the field and the rule",
  async ({ kind, field, inputs }) => {
    const checked = await makeLifecycle(RESOURCE_SPECS[kind], noClient).check!({}, inputs);
    expect(checked.failures).toContainEqual({ property: field, reason: FINITE_NUMBER_RULE });
    // The field's own rules (its range) are not repeated for it.
    expect(checked.failures!.filter((f) => f.property === field)).toHaveLength(1);
  },
);

test("a function's numeric argument follows the same rule", () => {
  const noConfig = () => undefined;
  expect(() => checkArgs("getSwitchVlanReference", { vlanId: Infinity, venueId: "v-1" }, noConfig)).toThrow(
    `getSwitchVlanReference: vlanId: ${FINITE_NUMBER_RULE}`,
  );
  expect(() => checkArgs("getSwitchVlanReference", { vlanId: NaN, venueId: "v-1" }, noConfig)).toThrow(
    `getSwitchVlanReference: vlanId: ${FINITE_NUMBER_RULE}`,
  );
});
