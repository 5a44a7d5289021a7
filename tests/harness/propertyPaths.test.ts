// Property paths as the engine writes and parses them.
import { joinPath, parsePath } from "../../harness/propertyPaths";

test("joinPath quotes a key that is not a name; parsePath reads paths back and fails where the engine's parser fails", () => {
  expect(joinPath(joinPath("", "a"), "b.c")).toBe('a["b.c"]');
  expect(parsePath('a["b.c"][0].d')).toEqual(["a", "b.c", 0, "d"]);
  expect(parsePath("wlan.vlanId")).toEqual(["wlan", "vlanId"]);
  expect(parsePath("a[")).toBeUndefined();
});
