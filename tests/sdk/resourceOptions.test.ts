// replaceOnChanges on a dynamic resource: the engine applies the option only to the keys a provider's
// Diff reports as changed, and the dynamic-provider host reports none (provider/resourceOptions.ts), so
// the SDK hands the paths to the provider and its Diff answers `replaces`. Checked on the provider's
// Diff answer itself, which is what the engine acts on, and through a real program run by the harness.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { preview, up, type RunResult, type StackOptions } from "../../harness";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import {
  changedPaths,
  OWNER_CONFLICT_INPUT,
  parsePropertyPath,
  pathCovers,
  REPLACE_ON_CHANGES_INPUT,
} from "../../provider/resourceOptions";

type Props = Record<string, any>;

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const noClient = () => Promise.reject(new Error("diff and check must not call the service"));
const network = makeLifecycle(RESOURCE_SPECS.Network, noClient);
const venue = makeLifecycle(RESOURCE_SPECS.Venue, noClient);

describe("property paths, as the engine reads them", () => {
  test.each([
    ["root", ["root"]],
    ["root.nested", ["root", "nested"]],
    ['root["nested"]', ["root", "nested"]],
    ["root.array[0].nested", ["root", "array", 0, "nested"]],
    ['root["key with a ."]', ["root", "key with a ."]],
    ['root["key with \\"escaped\\" quotes"]', ["root", 'key with "escaped" quotes']],
    ['["root key"].nested', ["root key", "nested"]],
    ["root.array[*].field", ["root", "array", "*", "field"]],
    ["*", ["*"]],
  ])("%s", (text, elements) => {
    expect(parsePropertyPath(text)).toEqual(elements);
  });

  const unclosedQuote = 'root["open';
  test.each([".root", "root.", "root[", "root[x]", unclosedQuote])("%s is refused", (text) => {
    expect(() => parsePropertyPath(text)).toThrow();
  });

  test("a path covers what lies under it; * stands for any one key or index", () => {
    expect(pathCovers(["wlan"], ["wlan", "vlanId"])).toBe(true);
    expect(pathCovers(["wlan", "vlanId"], ["wlan"])).toBe(false);
    expect(pathCovers(["*"], ["name"])).toBe(true);
    expect(pathCovers(["apGroups", "*", "radio"], ["apGroups", 2, "radio"])).toBe(true);
    expect(pathCovers(["apGroups", "*", "radio"], ["apGroups", 2, "apGroupId"])).toBe(false);
  });

  test("changed paths follow the provider's comparison: keys the program leaves out are not compared", () => {
    expect(changedPaths({ ssid: "a", vlanId: 20 }, { ssid: "a", vlanId: 10, bssMinRate: "x" })).toEqual([["vlanId"]]);
    expect(changedPaths({ ssid: "a" }, { ssid: "a", vlanId: 10 })).toEqual([]);
    expect(changedPaths([{ r: 1 }, { r: 2 }], [{ r: 1 }, { r: 3 }])).toEqual([[1, "r"]]);
    expect(changedPaths([{ r: 1 }], [{ r: 1 }, { r: 3 }])).toEqual([[]]);
    expect(changedPaths({ vlanId: UNKNOWN }, { vlanId: 10 })).toEqual([["vlanId"]]);
  });
});

describe("the provider's Diff with replaceOnChanges", () => {
  const stored: Props = {
    name: "Corp",
    type: "open",
    wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "Open" },
    __nmsName: "corp",
  };
  const diffWith = (news: Props, paths?: string[]) =>
    network.diff!("n-1", stored, {
      ...news,
      __nmsName: "corp",
      ...(paths ? { [REPLACE_ON_CHANGES_INPUT]: paths } : {}),
    });

  test("without the option a changed VLAN is an update in place", async () => {
    const answer = await diffWith({
      name: "Corp",
      type: "open",
      wlan: { ssid: "corp", vlanId: 20, wlanSecurity: "Open" },
    });
    expect(answer).toMatchObject({ changes: true, replaces: [] });
  });

  test("a nested path replaces when that value changes, not when another field of the object does", async () => {
    const paths = ["wlan.vlanId"];
    expect(
      await diffWith({ name: "Corp", type: "open", wlan: { ssid: "corp", vlanId: 20, wlanSecurity: "Open" } }, paths),
    ).toMatchObject({
      changes: true,
      replaces: ["wlan"],
    });
    expect(
      await diffWith({ name: "Corp", type: "open", wlan: { ssid: "corp-2", vlanId: 10, wlanSecurity: "Open" } }, paths),
    ).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  test("a top-level path, and *, replace on any change of what they cover", async () => {
    const renamed = { name: "Corp 2", type: "open", wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "Open" } };
    expect(await diffWith(renamed, ["wlan"])).toMatchObject({ replaces: [] });
    expect(await diffWith(renamed, ["name"])).toMatchObject({ replaces: ["name"] });
    expect(await diffWith(renamed, ["*"])).toMatchObject({ replaces: ["name"] });
  });

  test("no change, no replace, whatever the option", async () => {
    expect(
      await diffWith({ name: "Corp", type: "open", wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "Open" } }, ["*"]),
    ).toMatchObject({
      changes: false,
      replaces: [],
    });
  });

  test("a replace that keeps the unique name deletes the old object first; one that changes it creates first", async () => {
    const stored: Props = { name: "Office", description: "old", __nmsName: "office" };
    const byDescription = await venue.diff!("v-1", stored, {
      name: "Office",
      description: "new",
      [REPLACE_ON_CHANGES_INPUT]: ["description"],
    });
    expect(byDescription).toMatchObject({ replaces: ["description"], deleteBeforeReplace: true });
    const byName = await venue.diff!("v-1", stored, {
      name: "Office 2",
      description: "old",
      [REPLACE_ON_CHANGES_INPUT]: ["name"],
    });
    expect(byName).toMatchObject({ replaces: ["name"], deleteBeforeReplace: false });
  });
});

describe("check and the reserved inputs", () => {
  const inputs: Props = { name: "Office", __nmsName: "office" };

  test("accepts replaceOnChanges paths and keeps them for Diff", async () => {
    const result = await venue.check!({}, { ...inputs, [REPLACE_ON_CHANGES_INPUT]: ["address.city", "*"] });
    expect(result.failures).toEqual([]);
    expect(result.inputs?.[REPLACE_ON_CHANGES_INPUT]).toEqual(["address.city", "*"]);
  });

  test("refuses a path that does not parse or names no input of the resource", async () => {
    const result = await venue.check!({}, { ...inputs, [REPLACE_ON_CHANGES_INPUT]: ["adress.city", "name["] });
    expect(result.failures).toEqual([
      { property: "replaceOnChanges", reason: '"adress.city" names no input of this resource' },
      { property: "replaceOnChanges", reason: expect.stringContaining('"name[" is not a property path') },
    ]);
  });

  test("refuses a resource the SDK found owning another's object, on the property it names; never keeps the conflict", async () => {
    const conflict = { property: "adoptId", reason: "nms:Venue::b and nms:Venue::a would both own the Venue" };
    const refused = await venue.check!({}, { ...inputs, adoptId: "v-1", [OWNER_CONFLICT_INPUT]: conflict });
    expect(refused.failures).toEqual([conflict]);
    expect(refused.inputs).not.toHaveProperty(OWNER_CONFLICT_INPUT);
    // In preview a conflict that depends on an unknown ID is itself unknown: no failure yet.
    const unknown = await venue.check!({}, { ...inputs, [OWNER_CONFLICT_INPUT]: UNKNOWN });
    expect(unknown.failures).toEqual([]);
    expect(unknown.inputs).not.toHaveProperty(OWNER_CONFLICT_INPUT);
  });

  test("refuses a resource whose naming input carries the conflict in place of its value, with the conflict alone", async () => {
    const conflict = { property: "adoptId", reason: "nms:Venue::b and nms:Venue::a would both own the Venue" };
    const refused = await venue.check!({}, { ...inputs, adoptId: { [OWNER_CONFLICT_INPUT]: conflict } });
    // Not also "adoptId: must be a string": the value is the conflict, not an ID.
    expect(refused.failures).toEqual([conflict]);
  });
});

describe("through a program run by the harness", () => {
  const ROOT = path.resolve(__dirname, "..", "..");
  let emulator: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, asyncDelayMs: 5 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-options-"));
  });

  afterAll(async () => {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = (knobs: Record<string, string>): StackOptions => ({
    projectDir: ROOT,
    program: path.join(__dirname, "fixtures", "options", "index.js"),
    projectName: "options",
    stackName: "dev",
    statePath: path.join(dir, "state.json"),
    passphrase: "options passphrase",
    config: {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "options:replaceOnChanges": JSON.stringify(["address.city"]),
      ...Object.fromEntries(Object.entries(knobs).map(([k, v]) => [`options:${k}`, v])),
    },
    secretConfig: { "nms:password": emulator.demo.password },
  });

  const office = (result: RunResult) => {
    if (result.failed) throw new Error(result.errors.join("\n"));
    return result.steps.find((s) => s.name === "office")!;
  };

  async function venues(): Promise<Props[]> {
    const held = (await (
      await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)
    ).json()) as Props;
    return held.venues.filter((v: Props) => v.name === "Options office");
  }

  test("replaceOnChanges: ['address.city'] replaces on a new city (the old venue deleted first: same name), updates in place otherwise", async () => {
    const created = office(await up(run({})));
    expect(created.op).toBe("create");

    const described = office(await up(run({ description: "Second description" })));
    expect(described).toMatchObject({ op: "update", id: created.id });

    expect(office(await preview(run({ description: "Second description", city: "Porto" })))).toMatchObject({
      op: "replace",
      deleteBeforeReplace: true,
    });
    const moved = office(await up(run({ description: "Second description", city: "Porto" })));
    expect(moved.op).toBe("replace");
    expect(moved.id).not.toBe(created.id);
    expect((await venues()).map((v) => [v.id, v.address?.city])).toEqual([[moved.id, "Porto"]]);

    // Refresh gives the option back with the other inputs the service does not hold: nothing to change after it.
    const again = await preview({ ...run({ description: "Second description", city: "Porto" }), refresh: true });
    expect(office(again)).toMatchObject({ op: "same" });
    expect(again.changes).toBe(0);
  });
});
