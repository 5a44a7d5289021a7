// The state file: secrets encrypted, the serialized provider once, and its lock.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type PropertyMap, makeSecret } from "../../harness/props";
import { SecretsError } from "../../harness/secrets";
import { acquireLock, loadState, saveState } from "../../harness/state";
import { resourceState } from "./helpers";

const secret = (v: PropertyMap[string]) => makeSecret(v);

describe("state file", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-units-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const res = resourceState;

  test("secrets are encrypted, the serialized provider stored once, and everything comes back", () => {
    const file = path.join(dir, "s.json");
    const provider = "exports.handler = () => ({})";
    const r = res("urn:pulumi:s::p::t::a", {
      inputs: { __provider: provider, psk: secret("hunter2-psk"), n: 1 },
      outputs: { __provider: provider, psk: secret("hunter2-psk"), nested: { token: secret({ deep: "tok-abc" }) } },
    });
    const { crypter } = loadState(file, "pass");
    saveState(file, { version: 1, project: "p", stack: "s", resources: [r] }, crypter);
    const text = fs.readFileSync(file, "utf8");
    expect(text).not.toContain("hunter2-psk");
    expect(text).not.toContain("tok-abc");
    expect(text.split(provider).length - 1).toBe(1);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    const back = loadState(file, "pass").state.resources[0];
    expect(back.inputs).toEqual(r.inputs);
    expect(back.outputs).toEqual(r.outputs);

    expect(() => loadState(file, "wrong")).toThrow(/incorrect passphrase/);
    expect(() => loadState(file, undefined)).toThrow(SecretsError);
    expect(() => saveState(file, { version: 1, resources: [r] }, null)).toThrow(
      /refusing to save secret values without a passphrase/,
    );
  });

  test("the lock is exclusive", () => {
    const file = path.join(dir, "s.json");
    const release = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(/already in use|locked/);
    release();
    acquireLock(file)();
    fs.writeFileSync(`${file}.lock`, "999999999"); // a dead owner
    acquireLock(file)();
  });
});
