// A secrets source or stack config file that does not parse is named with its line and column, and
// nothing of its text shows in anything the harness prints: the parsers' own messages quote the text
// around the fault, which in a secrets source is the secret (issue: a typo printed a secret).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { run, SECRETS_ENV } from "../../harness/cli";
import { PROJECT_DIR } from "./helpers";

const SECRET = "Hunter2-S3cret";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-malformed-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI, capturing all it prints (the unexpected error's stack too: --verbose). */
async function capture(args: string[], env: Record<string, string> = {}): Promise<{ code: number; printed: string }> {
  let printed = "";
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const write = (chunk: string | Uint8Array) => ((printed += String(chunk)), true);
  const stdout = jest.spyOn(process.stdout, "write").mockImplementation(write);
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(write);
  try {
    const code = await run([...args, "--verbose"]);
    return { code, printed };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

const base = () => ["preview", "--project-dir", PROJECT_DIR, "--stack", "dev", "--state", path.join(dir, "s.json")];

test.each([
  ["an unquoted value", `{"nms:password": ${SECRET}}`, "line 1, column 18"],
  ["a missing closing brace", `{\n  "nms:password": "${SECRET}"\n`, "line 3, column 1"],
  ["a trailing comma", `{"nms:password": "${SECRET}",}`, "line 1, column 35"],
  ["an unfinished string", `{"nms:password": "${SECRET}`, "line 1, column 33"],
])(`${SECRETS_ENV} with %s is named by line and column, never quoted`, async (_, text, where) => {
  const { code, printed } = await capture(base(), { [SECRETS_ENV]: text });
  expect(code).toBe(2);
  expect(printed).toContain(`${SECRETS_ENV}: not valid JSON at ${where}`);
  expect(printed).not.toContain(SECRET.slice(0, 6));
});

test.each([
  ["YAML", `nms:password: ${SECRET}\nradius: [${SECRET}\n`, "line 3, column 1"],
  ["JSON", `{"nms:password": "${SECRET}}\n`, "line 2, column 1"],
  ["a tab", `nms:password:\n\t${SECRET}: x\n`, "line 2, column 1"],
])("--secrets-file holding malformed %s is named by line and column, never quoted", async (_, text, where) => {
  const secretsFile = file("secrets.txt", text);
  const { code, printed } = await capture([...base(), "--secrets-file", secretsFile]);
  expect(code).toBe(2);
  expect(printed).toContain(`--secrets-file ${secretsFile}: not valid YAML at ${where}`);
  expect(printed).not.toContain(SECRET.slice(0, 6));
});

test("a --config-file that does not parse is named by line and column, never quoted", async () => {
  const configFile = file("Pulumi.dev.yaml", `config:\n  nms:password:\n    secure: ${SECRET}\n   bad: ${SECRET}\n`);
  const { code, printed } = await capture([...base(), "--config-file", configFile]);
  expect(code).toBe(1);
  expect(printed).toMatch(/Pulumi\.dev\.yaml: not valid YAML at line \d+, column \d+/);
  expect(printed).not.toContain(SECRET.slice(0, 6));
});

test("a state file that does not parse is named by line and column, never quoted: its outputs are in the clear", async () => {
  const statePath = file("broken-state.json", `{"kind": "nms-harness-state", "outputs": {"key": ${SECRET}}}`);
  const args = ["preview", "--project-dir", PROJECT_DIR, "--stack", "dev", "--state", statePath];
  const { code, printed } = await capture(args);
  expect(code).toBe(1);
  expect(printed).toContain(`state file ${statePath}: not valid JSON at line 1, column 50`);
  expect(printed).not.toContain(SECRET.slice(0, 6));
});
