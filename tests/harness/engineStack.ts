/**
 * A stack of tests/harness/fixtures/engine for the tests that pin the harness to the engine: resources and the
 * provider's answers chosen per run, every provider call read back from the fixture's log.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type RunResult, type StackOptions, preview, refresh, up } from "../../harness";
import { PASSPHRASE, PROJECT_DIR } from "./helpers";

export const ENGINE_PROGRAM = path.join(__dirname, "fixtures", "engine", "index.js");
export const SECRET_PROBE = "probe-Secret-5e1d";

/** One resource of the program (fixtures/engine/index.js). */
export interface Entry {
  name: string;
  props?: Record<string, unknown>;
  opts?: {
    protect?: boolean;
    ignoreChanges?: string[];
    replaceOnChanges?: string[];
    deleteBeforeReplace?: boolean;
    deletedWith?: string;
    dependsOn?: string[];
    replacementTrigger?: unknown;
  };
  exports?: string[];
}

/** What the fixture provider does for one resource (see fixtures/engine/provider.js). */
export interface Behavior {
  diff?: "decide" | "unknown";
  replaceOn?: string[];
  dbr?: boolean;
  checkFail?: string;
  createFail?: string;
  createPartial?: string;
  updatePartial?: string;
  readNewId?: boolean;
  delayMs?: number;
  diffDelayMs?: number;
  createDelayMs?: number;
}

/** A line of the fixture's log. */
export interface Call {
  op: string;
  name?: string;
  id?: string;
  phase?: "begin" | "end";
  at?: number;
  olds?: Record<string, unknown>;
  news?: Record<string, unknown>;
  inputs?: Record<string, unknown>;
  props?: Record<string, unknown>;
  cwd?: string;
  other?: string;
  secret?: string;
}

export class EngineStack {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-engine-"));
  readonly log = path.join(this.dir, "calls.log");
  readonly db = path.join(this.dir, "db.json");
  readonly state = path.join(this.dir, "state.json");
  private mark = 0;

  options(
    resources: Entry[],
    behavior: Record<string, Behavior> = {},
    extra: Partial<StackOptions> = {},
  ): StackOptions {
    return {
      projectDir: PROJECT_DIR,
      program: ENGINE_PROGRAM,
      projectName: "engine",
      stackName: "test",
      statePath: this.state,
      passphrase: PASSPHRASE,
      parallel: 4,
      // The provider calls of the last run are the update's; the preview `up` runs first is asked for where tested.
      skipPreview: true,
      config: {
        "engine:log": this.log,
        "engine:db": this.db,
        "engine:resources": JSON.stringify(resources),
        "engine:behavior": JSON.stringify(behavior),
        "other:setting": "visible to every provider",
      },
      secretConfig: { "engine:secretProbe": SECRET_PROBE },
      ...extra,
    };
  }

  /** Runs a command; afterwards calls() holds the provider calls it made. */
  async run(
    command: "up" | "preview" | "refresh",
    resources: Entry[],
    behavior: Record<string, Behavior> = {},
    extra: Partial<StackOptions> & { refresh?: boolean } = {},
  ): Promise<RunResult> {
    this.mark = this.allCalls().length;
    const opts = this.options(resources, behavior, extra);
    return command === "up" ? up(opts) : command === "preview" ? preview(opts) : refresh(opts);
  }

  allCalls(): Call[] {
    if (!fs.existsSync(this.log)) return [];
    return fs
      .readFileSync(this.log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Call);
  }

  /** The calls of the last run, of one operation (without the begin/end markers) when `op` is given. */
  calls(op?: string): Call[] {
    return this.allCalls()
      .slice(this.mark)
      .filter((c) => (op === undefined ? true : c.op === op && c.phase === undefined));
  }

  /** The resource states in the state file as saved (secrets still encrypted). */
  savedResources(): Record<string, unknown>[] {
    return (JSON.parse(fs.readFileSync(this.state, "utf8")) as { resources: Record<string, unknown>[] }).resources;
  }

  saved(name: string): Record<string, unknown>[] {
    return this.savedResources().filter((r) => String(r["urn"]).endsWith(`::${name}`));
  }

  cleanup(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Fails with the run's errors and diagnostics when it failed. */
export function ok(r: RunResult): RunResult {
  if (r.failed) throw new Error(`run failed:\n${r.errors.join("\n")}\n${r.diagnostics.join("\n")}`);
  return r;
}

export function stepOf(r: RunResult, name: string) {
  const s = r.steps.find((x) => x.name === name);
  if (!s) throw new Error(`no step for ${name}: ${JSON.stringify(r.steps.map((x) => `${x.op} ${x.name}`))}`);
  return s;
}
