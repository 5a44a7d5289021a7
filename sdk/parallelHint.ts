// Every create, update and delete of this provider waits for its request to finish in the service,
// so a run takes about (resources ÷ Pulumi's --parallel) of those waits. A program that registers
// many resources while --parallel is low prints one line saying what to set (README "Performance").
//
// How the program learns --parallel: the Node.js language host passes the engine's value to the
// program as `--parallel N` (sdk/nodejs/cmd/pulumi-language-nodejs/main.go), and the SDK's runner
// (cmd/run) puts it in PULUMI_NODEJS_PARALLEL, from @pulumi/pulumi 3.141 to today. The SDK's own
// copy of the value is not public, and an Automation API inline program gets it only there, so
// without the variable the value is unknown and nothing is printed.
//
// A very large program may also outgrow Node's heap: the program process keeps every resource's
// inputs and outputs, and Node's default heap limit is a quarter of the machine's memory, at most
// about 4 GB. One line says so before the heap runs out (docs/performance.md, "Very large stacks").
import * as v8 from "node:v8";
import * as pulumi from "@pulumi/pulumi";
import { perRun } from "./perRun";

/** From this many resources in one program, the parallelism decides the run's length. */
export const MANY_RESOURCES = 200;
/** The parallelism the README recommends; below it, a large program is told. */
export const RECOMMENDED_PARALLEL = 128;

/**
 * The program's heap per resource, measured: 2,406 MB at the peak for the bench's 10,000-resource
 * stack (docs/performance.md, "Very large stacks"), rounded up.
 */
export const HEAP_MB_PER_RESOURCE = 0.25;
/** The hint comes when that many resources would fill this share of the heap limit. */
const HEAP_SHARE_TO_WARN_AT = 0.75;
/** The heap is weighed at every this many registrations. */
const HEAP_CHECK_EVERY = 1000;

const registrations = perRun(() => ({ count: 0, heapHinted: false }));

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

/** Node's heap limit of this process, in MB. */
export function heapLimitMb(): number {
  return v8.getHeapStatistics().heap_size_limit / 2 ** 20;
}

/** The line for a program of `resources` resources under a heap limit of `limitMb`; undefined while they fit. */
export function heapHintText(resources: number, limitMb: number): string | undefined {
  const neededMb = resources * HEAP_MB_PER_RESOURCE;
  if (neededMb <= limitMb * HEAP_SHARE_TO_WARN_AT) return undefined;
  const suggestedMb = Math.ceil((neededMb * 1.5) / 1024) * 1024;
  return (
    `pulumi-nms: this program has registered ${resources} resources; a Pulumi program holds about ` +
    `${HEAP_MB_PER_RESOURCE} MB of Node's heap per resource, and this process may use at most ` +
    `${Math.round(limitMb)} MB (Node's default is a quarter of the machine's memory, at most about 4 GB). ` +
    `Give it more with NODE_OPTIONS=--max-old-space-size=${suggestedMb} in the environment of pulumi, ` +
    `or split the stack by tenant or by region (pulumi-nms docs/performance.md, "Very large stacks").`
  );
}

/**
 * Counts a resource of the program; prints the parallelism hint once, when the count reaches MANY_RESOURCES at a low
 * parallelism, and the heap hint once, when the count outgrows the heap limit.
 */
export function noteRegistration(): void {
  const seen = registrations();
  seen.count += 1;
  if (!seen.heapHinted && seen.count % HEAP_CHECK_EVERY === 0) {
    const text = heapHintText(seen.count, heapLimitMb());
    if (text !== undefined) {
      seen.heapHinted = true;
      void pulumi.log.warn(text);
    }
  }
  if (seen.count !== MANY_RESOURCES) return;
  const parallel = engineParallel();
  if (parallel === undefined || parallel >= RECOMMENDED_PARALLEL) return;
  void pulumi.log.info(hintText(MANY_RESOURCES, parallel));
}
