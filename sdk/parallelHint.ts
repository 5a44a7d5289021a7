// Every create, update and delete of this provider waits for its request to finish in the service,
// so a run takes about (resources ÷ Pulumi's --parallel) of those waits. A program that registers
// many resources while --parallel is low prints one line saying what to set (README "Performance").
//
// How the program learns --parallel: the Node.js language host passes the engine's value to the
// program as `--parallel N` (sdk/nodejs/cmd/pulumi-language-nodejs/main.go), and the SDK's runner
// (cmd/run) puts it in PULUMI_NODEJS_PARALLEL, from @pulumi/pulumi 3.141 to today. The SDK's own
// copy of the value is not public, and an Automation API inline program gets it only there, so
// without the variable the value is unknown and nothing is printed.
import * as pulumi from "@pulumi/pulumi";
import { perRun } from "./perRun";

/** From this many resources in one program, the parallelism decides the run's length. */
export const MANY_RESOURCES = 200;
/** The parallelism the README recommends; below it, a large program is told. */
export const RECOMMENDED_PARALLEL = 128;

const registrations = perRun(() => ({ count: 0 }));

/** The engine's --parallel as the language host gave it to this program; undefined when unknown. */
export function engineParallel(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = Number(env.PULUMI_NODEJS_PARALLEL);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function hintText(resources: number, parallel: number): string {
  return (
    `pulumi-nms: this program registers ${resources} or more resources and Pulumi runs at most ${parallel} of their ` +
    `creates, updates and deletes at once (--parallel ${parallel}); each waits for its request to finish in the service, ` +
    `so the run takes about ${resources} ÷ ${parallel} such waits. Set PULUMI_PARALLEL=${RECOMMENDED_PARALLEL} ` +
    `(or --parallel ${RECOMMENDED_PARALLEL}) to run more at once (pulumi-nms README, "Performance").`
  );
}

/** Counts a resource of the program; prints the hint once, when the count reaches MANY_RESOURCES at a low parallelism. */
export function noteRegistration(): void {
  const seen = registrations();
  seen.count += 1;
  if (seen.count !== MANY_RESOURCES) return;
  const parallel = engineParallel();
  if (parallel === undefined || parallel >= RECOMMENDED_PARALLEL) return;
  void pulumi.log.info(hintText(MANY_RESOURCES, parallel));
}
