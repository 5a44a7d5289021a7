// Which property paths differ between two property maps.
import { diffProperties, uniqueTopLevel } from "../../harness/propertyDiff";
import { type PropertyMap, makeSecret } from "../../harness/props";

const secret = (v: PropertyMap[string]) => makeSecret(v);

describe("diffs", () => {
  test("a diff names nested paths and array elements, and a change of secret-ness alone", () => {
    const olds: PropertyMap = {
      name: "a",
      wlan: { vlanId: 1, ssid: "s" },
      tags: ["x", "y"],
      psk: secret("1"),
      gone: 1,
      same: { a: [1] },
    };
    const news: PropertyMap = {
      name: "a",
      wlan: { vlanId: 2, ssid: "s" },
      tags: ["x", "z", "w"],
      psk: secret("2"),
      added: true,
      same: { a: [1] },
    };
    const d = diffProperties(olds, news);
    expect(d).toEqual([
      { path: "wlan.vlanId", kind: "update" },
      { path: "tags[1]", kind: "update" },
      { path: "tags[2]", kind: "add" },
      { path: "psk", kind: "update" },
      { path: "gone", kind: "delete" },
      { path: "added", kind: "add" },
    ]);
    expect(uniqueTopLevel(d)).toEqual(["wlan", "tags", "psk", "gone", "added"]);
    expect(diffProperties({ a: "1" }, { a: secret("1") })).toEqual([{ path: "a", kind: "update" }]);
    expect(diffProperties({ a: secret("1") }, { a: secret("1") })).toEqual([]);
    expect(diffProperties({ a: null }, {})).toEqual([]);
  });
});
