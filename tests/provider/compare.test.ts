import { changedFields, containsUnknown, isEmpty, satisfies } from "../../provider/compare";
import { UNKNOWN } from "../../contract/validators";

describe("isEmpty treats every spelling of 'nothing set' alike", () => {
  it.each([undefined, null, "", [], {}, { a: undefined, b: [] }])("%p is empty", (value) => {
    expect(isEmpty(value)).toBe(true);
  });
  it.each([0, false, "x", [0], { a: 1 }])("%p is not empty", (value) => {
    expect(isEmpty(value)).toBe(false);
  });
});

describe("satisfies compares desired against actual", () => {
  it("ignores keys the program does not set inside objects (server-filled defaults)", () => {
    expect(satisfies({ vlanId: 10 }, { vlanId: 10, ssid: "filled-by-service", enabled: true })).toBe(true);
  });
  it("sees a changed nested value", () => {
    expect(satisfies({ vlanId: 10 }, { vlanId: 20 })).toBe(false);
  });
  it("compares arrays by length and element", () => {
    expect(satisfies([{ a: 1 }], [{ a: 1, id: "x" }])).toBe(true);
    expect(satisfies([{ a: 1 }], [{ a: 1 }, { a: 2 }])).toBe(false);
    expect(satisfies([], undefined)).toBe(true);
  });
  it("compares an empty object on no key: whatever the service fills in satisfies it, and so does nothing", () => {
    expect(satisfies({}, { type: "ALWAYS_ON", mon: "111111111111111111111111" })).toBe(true);
    expect(satisfies({ advancedCustomization: {} }, { advancedCustomization: { clientIsolation: false } })).toBe(true);
    expect(satisfies({}, undefined)).toBe(true);
    expect(satisfies({}, null)).toBe(true);
    expect(satisfies({}, "not an object")).toBe(false);
    expect(satisfies({ a: undefined }, { a: 1 })).toBe(true);
  });
  it("still sees a value set inside an object the program writes, and an object the service lacks", () => {
    expect(satisfies({ type: "CUSTOM" }, { type: "ALWAYS_ON" })).toBe(false);
    expect(satisfies({ type: "CUSTOM" }, undefined)).toBe(false);
    expect(satisfies([{}], [{ a: 1 }])).toBe(true);
    expect(satisfies([{}], [])).toBe(false);
  });
  it("does not treat 0 or false as empty", () => {
    expect(satisfies(false, undefined)).toBe(false);
    expect(satisfies(0, 0)).toBe(true);
  });
});

describe("changedFields", () => {
  const fields = ["name", "description", "isAllAPGroups"];
  it("reports nothing when actual holds the desired values plus server defaults", () => {
    expect(
      changedFields(
        fields,
        { name: "a" },
        { name: "a", description: "", isAllAPGroups: true },
        { isAllAPGroups: true },
      ),
    ).toEqual([]);
  });
  it("reports a field removed from the program when the service still holds a value", () => {
    expect(changedFields(fields, { name: "a" }, { name: "a", description: "old" })).toEqual(["description"]);
  });
  it("reports a drifted default", () => {
    expect(changedFields(fields, { name: "a" }, { name: "a", isAllAPGroups: false }, { isAllAPGroups: true })).toEqual([
      "isAllAPGroups",
    ]);
  });
  it("reports a field whose value is not known yet", () => {
    expect(changedFields(fields, { name: UNKNOWN }, { name: "a" })).toEqual(["name"]);
    expect(containsUnknown({ a: [{ b: UNKNOWN }] })).toBe(true);
  });
});
