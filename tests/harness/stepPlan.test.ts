// Step generation's decisions from a Diff (step_generator.go diffResource, applyReplaceOnChanges).
import { type PropertyMap, makeSecret } from "../../harness/props";
import { applyReplaceOnChanges, diffReplaces, settleDiff } from "../../harness/stepPlan";

const secret = (v: PropertyMap[string]) => makeSecret(v);

test("replaceOnChanges acts only on the changes a Diff names: none from a deciding dynamic provider, the engine's own when it answered unknown (applyReplaceOnChanges, diffResource)", () => {
  const decided = settleDiff(
    { changes: "some", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] },
    { size: 1 },
    { size: 2 },
    [],
  );
  expect(diffReplaces(applyReplaceOnChanges(decided, ["size"], false))).toBe(false);
  const unknown = settleDiff(
    { changes: "unknown", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] },
    { size: 1, wlan: { vlan: 1 } },
    { size: 1, wlan: { vlan: 2 } },
    [],
  );
  expect(unknown).toMatchObject({
    changes: "some",
    changedKeys: ["wlan"],
    detailedDiff: { "wlan.vlan": { replace: false } },
  });
  expect(diffReplaces(applyReplaceOnChanges(unknown, ["wlan.vlan"], false))).toBe(true);
  expect(applyReplaceOnChanges(unknown, ["wlan.vlan"], false).replaceKeys).toEqual([]);
  expect(applyReplaceOnChanges(unknown, ["wlan"], false).replaceKeys).toEqual(["wlan"]);
  // A secret that only became secret is no change to the engine's own comparison.
  expect(
    settleDiff(
      { changes: "unknown", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] },
      { a: "x" },
      { a: secret("x") },
      [],
    ).changes,
  ).toBe("none");
  // Init errors on a covered path force a replace.
  const none = settleDiff(
    { changes: "none", replaces: [], deleteBeforeReplace: false, stables: [], changedKeys: [] },
    {},
    {},
    [],
  );
  expect(applyReplaceOnChanges(none, ["*"], true)).toMatchObject({ changes: "some", replaceKeys: ["#initerror"] });
});
