/** Shared setup for the harness tests: a temp directory per scenario and the fixture stack's options. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type StackOptions, liveChildren } from "../../harness";
import type { ResourceState } from "../../harness/resourceState";

export const PROJECT_DIR = path.resolve(__dirname, "../..");
export const FIXTURE_PROGRAM = path.join(__dirname, "fixtures", "stack", "index.js");
export const NET_PASSWORD = "net-Pa55word-9f3c1e";
export const API_PASSWORD = "api-Pa55word-77b2d4";
export const PASSPHRASE = "correct horse battery staple";

export interface Scenario {
  dir: string;
  db: string;
  log: string;
  state: string;
  opts(config?: Record<string, string>, extra?: Partial<StackOptions>): StackOptions;
  /** Lines of the fixture provider's call log (create/update/delete/read). */
  calls(): string[];
  /** Lines of the call log other than reads. */
  writes(): string[];
  dbObjects(): Record<string, Record<string, unknown>>;
  editDb(fn: (objects: Record<string, Record<string, unknown>>) => void): void;
  cleanup(): void;
}

export function scenario(name: string): Scenario {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `harness-${name}-`));
  const db = path.join(dir, "db.json");
  const log = `${db}.log`;
  const state = path.join(dir, "state.json");
  const readLog = (): string[] =>
    fs.existsSync(log)
      ? fs
          .readFileSync(log, "utf8")
          .split("\n")
          .filter((l) => l !== "")
      : [];
  const readDb = (): { nextId: number; objects: Record<string, Record<string, unknown>> } =>
    fs.existsSync(db) ? JSON.parse(fs.readFileSync(db, "utf8")) : { nextId: 1, objects: {} };
  return {
    dir,
    db,
    log,
    state,
    opts(config = {}, extra = {}) {
      return {
        projectDir: PROJECT_DIR,
        program: FIXTURE_PROGRAM,
        projectName: "fixture",
        stackName: "test",
        statePath: state,
        config: { "fixture:dbPath": db, ...config },
        secretConfig: { "fixture:netPassword": NET_PASSWORD, "fixture:apiPassword": API_PASSWORD },
        passphrase: PASSPHRASE,
        parallel: 4,
        // The preview `up` runs first doubles each run; the tests that check it ask for it (cli, lifecycle).
        skipPreview: true,
        ...extra,
      };
    },
    calls: readLog,
    writes: () => readLog().filter((l) => !l.startsWith("read ")),
    dbObjects: () => readDb().objects,
    editDb(fn) {
      const d = readDb();
      fn(d.objects);
      fs.writeFileSync(db, JSON.stringify(d, null, 2));
    },
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asserts that a command left no child process behind. */
export function expectNoChildren(): void {
  expect(liveChildren()).toBe(0);
}

/**
 * The command-line options that run the fixture stack of a scenario through harness/cli.ts; its secrets go in a
 * secrets file in the scenario's directory, never on the command line.
 */
export function fixtureCliArgs(s: Pick<Scenario, "state" | "db" | "dir">, passphraseFile: string): string[] {
  const secretsFile = path.join(s.dir, "secrets.yaml");
  fs.writeFileSync(secretsFile, `fixture:netPassword: ${NET_PASSWORD}\nfixture:apiPassword: ${API_PASSWORD}\n`, {
    mode: 0o600,
  });
  return [
    "--project-dir",
    PROJECT_DIR,
    "--program",
    FIXTURE_PROGRAM,
    "--project",
    "fixture",
    "--stack",
    "test",
    "--state",
    s.state,
    "--config",
    `fixture:dbPath=${s.db}`,
    "--secrets-file",
    secretsFile,
    "--passphrase-file",
    passphraseFile,
  ];
}

/** A custom resource's state as the harness records it: ID from the URN's last part, no inputs, no dependencies. */
export function resourceState(urn: string, extra: Partial<ResourceState> = {}): ResourceState {
  return {
    urn,
    type: "pulumi-nodejs:dynamic:Resource",
    custom: true,
    id: urn.split("::").pop(),
    inputs: {},
    outputs: {},
    dependencies: [],
    propertyDependencies: {},
    additionalSecretOutputs: [],
    ...extra,
  };
}
