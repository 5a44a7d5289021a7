// The ignore list of nms-drift (docs/drift.md "Ignore list"): an entry matches when every field it
// gives does, `*` in a name stands for any characters, and a file that would ignore nothing by a
// typo is refused with the entry's place.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ignoreList, readIgnoreFile } from "../../drift/ignore";

const KINDS = ["Venue", "Network", "Admin"];
const object = { tenantId: "t1", kind: "Network", id: "n1", name: "lab-east" };

test("an entry matches when each field it gives does; names take * for any characters", () => {
  expect(ignoreList([{ kind: "Network", name: "lab-*" }]).matches(object)).toBe(true);
  expect(ignoreList([{ kind: "Network", name: "lab" }]).matches(object)).toBe(false);
  expect(ignoreList([{ kind: "Venue", name: "lab-*" }]).matches(object)).toBe(false);
  expect(ignoreList([{ id: "n1" }]).matches(object)).toBe(true);
  expect(ignoreList([{ tenantId: "t2", id: "n1" }]).matches(object)).toBe(false);
  // Characters of regular expressions are plain characters in a name.
  expect(ignoreList([{ name: "lab.east" }]).matches(object)).toBe(false);
  expect(ignoreList([]).matches(object)).toBe(false);
});

describe("the file", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-drift-ignore-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (content: unknown) => {
    const at = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(at, typeof content === "string" ? content : JSON.stringify(content));
    return at;
  };

  it("is optional where it is the default, required where --ignore names it", () => {
    expect(readIgnoreFile(path.join(dir, "absent.json"), false, KINDS).entries).toEqual([]);
    expect(() => readIgnoreFile(path.join(dir, "absent.json"), true, KINDS)).toThrow(/no such file/);
  });

  it.each([
    ["not JSON", "{", /is not JSON/],
    ["no list", { entries: [] }, /expected \{"ignore": \[ \.\.\. \]\}/],
    ["an entry naming nothing", { ignore: [{ reason: "why" }] }, /ignore\[0\] names no object/],
    ["an unknown field", { ignore: [{ kind: "Venue", nmae: "x" }] }, /ignore\[0\]\.nmae is not a field of an entry/],
    ["an unknown kind", { ignore: [{ kind: "Venue" }, { kind: "Vlan" }] }, /ignore\[1\]\.kind: Vlan is not a kind/],
    ["a value that is not a string", { ignore: [{ id: 7 }] }, /ignore\[0\]\.id must be a non-empty string/],
  ])("refuses %s", (_, content, message) => {
    expect(() => readIgnoreFile(file(content), true, KINDS)).toThrow(message);
  });

  it("reads the entries of a good file", () => {
    const list = readIgnoreFile(file({ ignore: [{ kind: "Admin", reason: "the identity team's" }] }), true, KINDS);
    expect(list.matches({ tenantId: "t", kind: "Admin", id: "a", name: "x@example.com" })).toBe(true);
  });
});
