// The main job: deploy examples/quickstart against the embedded emulator, show what was
// created and what the emulator holds, then prove a second preview shows no changes.
// Ends with one JSON line for machines.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { startEmulator } from "../emulator";
import { formatPlan, preview, up, type StackOptions } from "../harness";
import { pulumiCliAvailable, runWithPulumiCli } from "./pulumiCli";

const ROOT = path.resolve(__dirname, "..", "..");

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  const workDir = mkdtempSync(path.join(tmpdir(), "nms-demo-"));
  try {
    const stack: StackOptions = {
      projectDir: ROOT,
      program: path.join(ROOT, "dist", "examples", "quickstart", "index.js"),
      projectName: "nms-quickstart",
      stackName: "demo",
      statePath: path.join(workDir, "state.json"),
      passphrase: process.env.NMS_HARNESS_PASSPHRASE ?? randomBytes(16).toString("hex"),
      config: {
        "nms:baseUrl": emulator.url,
        "nms:tenantId": emulator.demo.tenantId,
        "nms:username": emulator.demo.username,
      },
      secretConfig: {
        "nms:password": emulator.demo.password,
        "quickstart:radiusSecret": randomBytes(12).toString("hex"),
      },
      log: progressLine(Date.now()),
    };
    if (pulumiCliAvailable()) {
      console.log("Pulumi CLI found on PATH: running the quickstart through it.");
      const summary = await runWithPulumiCli(stack, workDir);
      console.log(JSON.stringify(summary));
      return;
    }
    console.log("No Pulumi CLI on PATH: running the quickstart through the project's engine harness.\n");

    console.log("Previewing…");
    const plan = await preview(stack);
    console.log("== Plan\n" + formatPlan(plan));
    if (plan.failed) throw new Error(`preview failed:\n${plan.errors.join("\n")}`);

    console.log("Deploying (each resource is printed as it starts; a wait on the service past 5 s prints a line)…");
    const result = await up(stack);
    console.log("== Up\n" + formatPlan(result));
    if (result.failed) throw new Error(`up failed:\n${result.errors.join("\n")}`);
    const created = result.steps.filter((s) => s.op === "create" && s.custom);
    console.log("== Created resources");
    for (const step of created) console.log(`  ${step.type.padEnd(45)} ${step.name.padEnd(12)} id=${step.id}`);
    console.log("== Stack outputs\n" + JSON.stringify(result.outputs, null, 2));

    const held = await (await fetch(`${emulator.url}/__admin/tenants/${emulator.demo.tenantId}/objects`)).json();
    console.log("== What the emulator now holds (secrets masked)\n" + JSON.stringify(maskSecrets(held), null, 2));

    console.log("Previewing again…");
    const second = await preview(stack);
    console.log("== Second preview\n" + formatPlan(second));
    console.log(
      JSON.stringify({
        resources: created.length,
        changesOnSecondPreview: second.changes,
        emulatorUrl: emulator.url,
        engine: "harness",
      }),
    );
    if (second.changes !== 0 || second.failed) process.exitCode = 1;
  } finally {
    await emulator.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The harness's lines worth showing while a run goes on: the run's start (the program takes a while
 * to load), each resource as its create, update or delete starts, and what the provider reports (its waits on the service past a few seconds,
 * retries), with the seconds since the demo started.
 */
function progressLine(startedAt: number): (line: string) => void {
  return (line) => {
    const shown =
      /^(previewing|updating) \S+\/\S+: /.test(line) ||
      /^(\+-?|~|-)\s+(creating|updating|deleting) /.test(line) ||
      /^\[provider\] nms (info|warn):/.test(line);
    if (shown)
      console.log(`  [${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line.replace(/^\[provider\] /, "")}`);
  };
}

const SECRET_KEYS = new Set(["sharedSecret", "passphrase", "wepHexKey", "password"]);
function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? "[secret]" : maskSecrets(v)]),
    );
  }
  return value;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
