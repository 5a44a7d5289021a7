// The ignoreChanges option applied to new inputs (step_generator.go processIgnoreChanges).
import { applyIgnoreChanges } from "../../harness/ignoreChanges";
import { type PropertyMap, makeSecret } from "../../harness/props";

const secret = (v: PropertyMap[string]) => makeSecret(v);

describe("ignoreChanges", () => {
  test("ignoreChanges keeps old values, including nested ones", () => {
    const news: PropertyMap = { a: 2, b: { c: 3, d: 4 }, e: 5 };
    const invalid = applyIgnoreChanges(news, { a: 1, b: { c: 9, d: 4 } }, ["a", "b.c", "e", "x.y"]);
    expect(news).toEqual({ a: 1, b: { c: 9, d: 4 } });
    expect(invalid).toEqual([]);
  });

  test("ignoreChanges with `*` resets every key or element; a path through an added or removed element is reported (properties_path.go Reset)", () => {
    const news: PropertyMap = { tags: { a: 2, b: 3, c: 4 }, items: [{ v: 9, w: 1 }, { v: 8 }], list: [1, 2] };
    const olds: PropertyMap = { tags: { a: 1, b: 1 }, items: [{ v: 1, w: 1 }, { v: 2 }], list: [1, 2, 3] };
    expect(applyIgnoreChanges(news, olds, ["tags.*", "items[*].v", "list[2]", "missing.deep"])).toEqual(["list[2]"]);
    expect(news).toEqual({ tags: { a: 1, b: 1 }, items: [{ v: 1, w: 1 }, { v: 2 }], list: [1, 2] });
    const all: PropertyMap = { a: 2, b: 3 };
    expect(applyIgnoreChanges(all, { a: 1, c: 5 }, ["*"])).toEqual([]);
    expect(all).toEqual({ a: 1, c: 5 });
    // An old secret put back into a plain place stays secret.
    const plain: PropertyMap = { psk: "new" };
    applyIgnoreChanges(plain, { psk: secret("old") }, ["psk"]);
    expect(plain).toEqual({ psk: secret("old") });
  });
});
