/** What the deployment (harness/deployment.ts) needs of the run around it (harness/run.ts). */
import type { Checkpoint } from "./journal";
import type { PolicyRunner } from "./policy/packs";
import type { ProviderHost } from "./providerHost";

export interface EngineHost {
  dryRun: boolean;
  project: string;
  stack: string;
  /** The program's working directory: relative asset paths are read from here. */
  pwd: string;
  /** Is a passphrase available (secrets can be saved)? */
  canStoreSecrets: boolean;
  /** The configured provider host, started on first use. */
  provider(): Promise<ProviderHost>;
  log(line: string): void;
  /** Messages the engine shows the user (info, warnings). */
  diag(line: string): void;
  /**
   * Provider steps in flight at once, like the engine's --parallel: creates, updates and deletes of replacements while
   * the program runs, and deletes after it finished.
   */
  parallel: number;
  /** Diffs run in step slots, up to `parallel` at once, instead of in step generation (PULUMI_PARALLEL_DIFF). */
  parallelDiff?: boolean;
  /** Records each step as it starts and ends (harness/journal.ts); none in a preview. */
  checkpoint?: Checkpoint;
  /** The policy packs (--policy-pack): Analyze after each Check, AnalyzeStack at the end (harness/policy/). */
  policies?: PolicyRunner;
}
