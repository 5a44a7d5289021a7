// Running a stack through a real Pulumi CLI with a local file backend, when one is on PATH.
// No CLI can be installed on this project's machines (docs/pulumi-facts.md §2), so this path is not
// exercised by CI here; the harness path is.
import { spawnSync } from "node:child_process";
import type { StackOptions } from "../harness";

export function pulumiCliAvailable(): boolean {
  const probe = spawnSync("pulumi", ["version"], { encoding: "utf8" });
  return probe.status === 0;
}

export interface CliSummary {
  resources: number;
  changesOnSecondPreview: number;
  engine: "pulumi-cli";
}

export async function runWithPulumiCli(stack: StackOptions, backendDir: string): Promise<CliSummary> {
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: stack.passphrase ?? "",
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
  const pulumi = (args: string[], allowFailure = false) => {
    const run = spawnSync("pulumi", [...args, "--non-interactive", "--cwd", stack.projectDir], {
      env,
      encoding: "utf8",
    });
    if (run.status !== 0 && !allowFailure) throw new Error(`pulumi ${args[0]} failed:\n${run.stderr}`);
    return run;
  };
  pulumi(["stack", "init", stack.stackName]);
  try {
    for (const [key, value] of Object.entries(stack.config ?? {})) pulumi(["config", "set", key, value]);
    for (const [key, value] of Object.entries(stack.secretConfig ?? {}))
      pulumi(["config", "set", "--secret", key, value]);
    pulumi(["up", "--yes", "--skip-preview"]);
    const exported = JSON.parse(pulumi(["stack", "export"]).stdout) as {
      deployment: { resources?: { type: string }[] };
    };
    const resources = (exported.deployment.resources ?? []).filter((r) =>
      r.type.startsWith("pulumi-nodejs:dynamic"),
    ).length;
    const second = pulumi(["preview", "--expect-no-changes"], true);
    pulumi(["destroy", "--yes"]);
    return { resources, changesOnSecondPreview: second.status === 0 ? 0 : 1, engine: "pulumi-cli" };
  } finally {
    pulumi(["stack", "rm", "--yes", "--force", stack.stackName], true);
  }
}
