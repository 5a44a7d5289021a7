// The harness's checkpoint as a run goes (harness/journal.ts): pending operations and resource
// states appended to the journal are what the next load sees, also after a kill cut the last
// line short; pending creates outlive the next save; saving folds the journal into the state file.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { carriedPendingCreates, Journal, journalPath, pendingOperationsWarning } from "../../harness/journal";
import { Crypter } from "../../harness/secrets";
import type { ResourceState } from "../../harness/resourceState";
import { loadState, saveState } from "../../harness/state";
import { resourceState } from "./helpers";

const PASSPHRASE = "journal passphrase";

function resource(urn: string, id: string, extra: Partial<ResourceState> = {}): ResourceState {
  return resourceState(urn, { id, inputs: { name: urn }, outputs: { name: urn }, ...extra });
}

describe("the journal of a running update", () => {
  let dir: string;
  let statePath: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-journal-"));
    statePath = path.join(dir, "state.json");
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("what a killed run journaled is loaded: finished steps as resources, unfinished ones as pending operations", () => {
    const crypter = Crypter.create(PASSPHRASE);
    saveState(statePath, { version: 1, project: "p", stack: "s", resources: [resource("urn:a", "a1")] }, crypter);
    const journal = new Journal(statePath, crypter);
    const secretValue = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "hush" };
    journal.begin({ type: "creating", urn: "urn:b", resourceType: "t" });
    journal.put(resource("urn:b", "b1", { outputs: { password: secretValue } }));
    journal.end({ type: "creating", urn: "urn:b", resourceType: "t" });
    journal.begin({ type: "creating", urn: "urn:c", resourceType: "t" });
    journal.begin({ type: "deleting", urn: "urn:a", resourceType: "t" });
    journal.remove(resource("urn:a", "a1"));
    journal.end({ type: "deleting", urn: "urn:a", resourceType: "t" });
    fs.appendFileSync(journalPath(statePath), '{"begin":{"type":"updating","urn":"urn:'); // the kill came mid-line
    expect(fs.readFileSync(journalPath(statePath), "utf8")).not.toContain("hush");

    const { state } = loadState(statePath, PASSPHRASE);
    expect(state.resources.map((r) => r.id)).toEqual(["b1"]);
    expect(state.resources[0].outputs.password).toEqual(secretValue);
    expect(state.pendingOperations).toEqual([{ type: "creating", urn: "urn:c", resourceType: "t" }]);
    expect(pendingOperationsWarning(state.pendingOperations!)).toContain(
      "1 pending operations from previous deployment.\n  * urn:c, interrupted while creating",
    );
  });

  test("a save folds the journal into the file; pending creates are carried, other pending operations are not", () => {
    const crypter = Crypter.create(PASSPHRASE);
    saveState(statePath, { version: 1, resources: [] }, crypter);
    const journal = new Journal(statePath, crypter);
    journal.begin({ type: "creating", urn: "urn:x", resourceType: "t" });
    journal.begin({ type: "updating", urn: "urn:y", resourceType: "t" });
    const loaded = loadState(statePath, PASSPHRASE).state;
    const carried = carriedPendingCreates(loaded);
    expect(carried).toEqual([{ type: "creating", urn: "urn:x", resourceType: "t" }]);
    saveState(statePath, { ...loaded, pendingOperations: carried }, crypter);
    expect(fs.existsSync(journalPath(statePath))).toBe(false);
    expect(loadState(statePath, PASSPHRASE).state.pendingOperations).toEqual(carried);
  });

  test("a replaced original waiting for deletion is a resource of its own, removed by its id", () => {
    const crypter = Crypter.create(PASSPHRASE);
    saveState(statePath, { version: 1, resources: [resource("urn:r", "old")] }, crypter);
    const journal = new Journal(statePath, crypter);
    journal.put(resource("urn:r", "old", { delete: true }));
    journal.put(resource("urn:r", "new"));
    expect(
      loadState(statePath, PASSPHRASE)
        .state.resources.map((r) => `${r.id}${r.delete ? " (delete)" : ""}`)
        .sort(),
    ).toEqual(["new", "old (delete)"]);
    journal.remove(resource("urn:r", "old", { delete: true }));
    expect(loadState(statePath, PASSPHRASE).state.resources.map((r) => r.id)).toEqual(["new"]);
  });
});
