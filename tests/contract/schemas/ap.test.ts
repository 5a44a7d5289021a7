// contract/schemas/ap.ts: the AP list items with and without operational=false.
import { AP_OPERATIONAL_FIELDS, apListItemReadSchema, apReadSchema, validateBody } from "../../../contract";
import { golden } from "../goldenCases";

describe("AP list items", () => {
  const ap = () => (golden("W2").response as { response: Record<string, unknown>[] }).response[0];
  const withoutOperational = () => {
    const item = ap();
    for (const field of AP_OPERATIONAL_FIELDS) delete item[field];
    return item;
  };

  test("with operational=false the operational fields may be absent", () => {
    expect(validateBody(apListItemReadSchema(false), withoutOperational()).ok).toBe(true);
  });

  test("otherwise they are required", () => {
    expect(apListItemReadSchema(true)).toBe(apReadSchema);
    const result = validateBody(apReadSchema, withoutOperational());
    expect(result.ok ? [] : result.failures.map((f) => f.path).sort()).toEqual([...AP_OPERATIONAL_FIELDS].sort());
  });
});
