/**
 * Program secrets reach the harness the ways the Pulumi CLI takes them, never on its command line: the stack config
 * file with `secure:` values of the passphrase secrets provider (pkg/secrets/passphrase/manager.go,
 * sdk/go/common/resource/config/crypt.go), a secrets file, or the environment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main, parseArgs, SECRETS_ENV } from "../../harness/cli";
import { PassphraseDecrypter } from "../../stackSecrets/passphrase";
import { readStackConfig } from "../../harness/project";
import { API_PASSWORD, FIXTURE_PROGRAM, NET_PASSWORD, PASSPHRASE, PROJECT_DIR, expectNoChildren } from "./helpers";
import { passphraseEncrypter, stackConfigYaml } from "./pulumiConfigFile";

jest.setTimeout(120_000);

const CONFIG_PASSPHRASE = "config passphrase for the stack";
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-secrets-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the stack config file (Pulumi.<stack>.yaml)", () => {
  test("decrypts pulumi/pulumi's own test vectors (manager_test.go; tests/roundtrip/roundtrip_test.go)", () => {
    expect(() =>
      PassphraseDecrypter.open("password", "v1:fozI5u6B030=:v1:F+6ZduKKd8G0/V7L:PGMFeIzwobWRKmEAzUdaQHqC5mMRIQ=="),
    ).not.toThrow();
    // The CLI's round-trip test writes this file (comments and all) and edits it with passphrase
    // "TestConfigRoundtripComments"; AES-GCM's tag proves the key, so the plaintext is the CLI's.
    const file = path.join(dir, "Pulumi.roundtrip.yaml");
    fs.writeFileSync(
      file,
      [
        "encryptionsalt: v1:ThS5UPxP9qc=:v1:UZYAXF+ylaJ0rGhv:9OTvBnOEDFgxs7btjzSu+LZ470vLpg==",
        "# header comment",
        "config:",
        "  foo:a: some-value # comment after value",
        "  foo:c:",
        "    a: A",
        "    c:",
        "      - 1",
        "      - 2",
        "  foo:d:",
        "    secure: v1:T1ftqhY0hqr+EJK6:+jvd5PMecFx80tcavzuZY4tLatgIfoe/xR72GA== # comment on secret",
        "  e: E",
        "",
      ].join("\n"),
    );
    expect(readStackConfig(file, "foo", "TestConfigRoundtripComments")).toEqual({
      config: { "foo:a": "some-value", "foo:c": '{"a":"A","c":[1,2]}', "foo:e": "E" },
      secretConfig: { "foo:d": "secret-value" },
    });
  });

  test("reads what the CLI's encryption writes, and refuses a wrong or missing passphrase with the CLI's message", () => {
    const file = path.join(dir, "Pulumi.written.yaml");
    fs.writeFileSync(
      file,
      stackConfigYaml(passphraseEncrypter(CONFIG_PASSPHRASE), { "nms:region": "eu" }, { "nms:password": NET_PASSWORD }),
    );
    expect(readStackConfig(file, "proj", CONFIG_PASSPHRASE)).toEqual({
      config: { "nms:region": "eu" },
      secretConfig: { "nms:password": NET_PASSWORD },
    });
    expect(() => readStackConfig(file, "proj", "not the passphrase")).toThrow(
      /Pulumi\.written\.yaml: failed to decrypt: incorrect passphrase, please set PULUMI_CONFIG_PASSPHRASE to the correct passphrase/,
    );
    expect(() => readStackConfig(file, "proj", undefined)).toThrow(
      /passphrase must be set with PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE/,
    );
  });
});

describe("the command line", () => {
  const base = ["up", "--project-dir", PROJECT_DIR, "--stack", "s", "--state", "/tmp/unused-state.json"];

  test("--secret is refused, saying where secrets go instead", async () => {
    let err = "";
    const spy = jest
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
    try {
      expect(await main([...base, "--secret", `nms:password=${NET_PASSWORD}`])).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(err).toContain("--secret is not accepted: the command line is visible to every user of the machine (ps)");
    expect(err).toContain("--secrets-file");
    expect(err).not.toContain(NET_PASSWORD);
  });

  test("takes secrets from a YAML or JSON file and from env NMS_HARNESS_SECRETS, never alongside the same --config key", () => {
    const yamlFile = path.join(dir, "secrets.yaml");
    fs.writeFileSync(yamlFile, `nms:password: ${NET_PASSWORD}\nradiusSecret: "r-1"\n`);
    const jsonFile = path.join(dir, "secrets.json");
    fs.writeFileSync(jsonFile, JSON.stringify({ "nms:password": NET_PASSWORD }));
    expect(parseArgs([...base, "--secrets-file", yamlFile], {}).opts.secretConfig).toEqual({
      "nms:password": NET_PASSWORD,
      radiusSecret: "r-1",
    });
    expect(parseArgs([...base, "--secrets-file", jsonFile], {}).opts.secretConfig).toEqual({
      "nms:password": NET_PASSWORD,
    });
    const env = { [SECRETS_ENV]: JSON.stringify({ "nms:password": API_PASSWORD }) };
    expect(parseArgs([...base, "--secrets-file", yamlFile], env).opts.secretConfig).toMatchObject({
      "nms:password": API_PASSWORD,
    });
    expect(() => parseArgs([...base, "--config", "nms:password=x"], env)).toThrow(
      /nms:password is given both as --config and as a secret/,
    );
    expect(() => parseArgs(base, { [SECRETS_ENV]: "not json" })).toThrow(
      /NMS_HARNESS_SECRETS: not valid JSON at line 1, column 1/,
    );
  });
});

/** Every process in the tree under `root` (by /proc/<pid>/stat's parent), with its command line. */
function processTree(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const tree = new Map<number, string>();
  const visit = (pid: number) => {
    try {
      tree.set(pid, fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " "));
    } catch {
      return;
    }
    for (const [child, parent] of parents) if (parent === pid) visit(child);
  };
  visit(root);
  return tree;
}

// Reads other processes' command lines from /proc, which only Linux has: elsewhere the test is reported skipped.
const onLinux = process.platform === "linux" ? test : test.skip;

onLinux(
  "a CLI run with its secrets in Pulumi.<stack>.yaml and the environment puts none of them in any process's command line (ps, Linux /proc)",
  async () => {
    const cli = path.join(PROJECT_DIR, "dist", "harness", "cli.js");
    const project = path.join(dir, "project");
    fs.mkdirSync(project);
    const db = path.join(dir, "db.json");
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), `name: fixture\nruntime: nodejs\nmain: ${FIXTURE_PROGRAM}\n`);
    fs.writeFileSync(
      path.join(project, "Pulumi.test.yaml"),
      stackConfigYaml(
        passphraseEncrypter(CONFIG_PASSPHRASE),
        { "fixture:dbPath": db, "fixture:createDelayMs": "1500", withSite: "false" },
        { "fixture:netPassword": NET_PASSWORD },
      ),
    );
    const child: ChildProcess = spawn(
      process.execPath,
      [cli, "up", "--project-dir", project, "--stack", "test", "--state", path.join(dir, "state.json")],
      {
        env: {
          ...process.env,
          PULUMI_CONFIG_PASSPHRASE: CONFIG_PASSPHRASE,
          NMS_HARNESS_PASSPHRASE: PASSPHRASE,
          [SECRETS_ENV]: JSON.stringify({ "fixture:apiPassword": API_PASSWORD }),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout!.on("data", (d) => (output += String(d)));
    child.stderr!.on("data", (d) => (output += String(d)));
    // Every command line seen, kept: a process that has exited and not been reaped yet reads as an empty one.
    const seen = new Set<string>();
    const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? -1)));
    let running = true;
    void exited.then(() => (running = false));
    while (running) {
      for (const cmdline of processTree(child.pid!).values()) if (cmdline !== "") seen.add(cmdline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect({ code: await exited, output: output.slice(-2000) }).toMatchObject({ code: 0 });
    const commandLines = [...seen.values()];
    // The harness, the program (cmd/run) and the provider host (cmd/dynamic-provider) were all looked at.
    expect(commandLines.some((c) => c.includes("cmd/run"))).toBe(true);
    expect(commandLines.some((c) => c.includes("cmd/dynamic-provider"))).toBe(true);
    for (const secret of [NET_PASSWORD, API_PASSWORD, CONFIG_PASSPHRASE, PASSPHRASE]) {
      expect(commandLines.filter((c) => c.includes(secret))).toEqual([]);
    }
    // The secrets did reach the program and the provider: the network holds the stack file's password.
    const objects = JSON.parse(fs.readFileSync(db, "utf8")).objects as Record<string, Record<string, unknown>>;
    expect(Object.values(objects).map((o) => o["password"])).toEqual([NET_PASSWORD]);
    expect(fs.readFileSync(path.join(dir, "state.json"), "utf8")).not.toContain(NET_PASSWORD);
    expectNoChildren();
  },
);
