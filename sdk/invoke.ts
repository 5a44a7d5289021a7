// What the generated functions (sdk/generated/<function>.ts) call. The implementation, with the
// HTTP client, is loaded by the first call, not when the program imports the SDK: most programs
// call no function, and loading undici and p-retry costs every one of them.
import * as pulumi from "@pulumi/pulumi";

type ProgramClient = typeof import("../provider/programClient");

export type { ActionOutcome, ActionSkipped } from "../provider/functions/spec";

let loaded: ProgramClient | undefined;

function programClient(): ProgramClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require("../provider/programClient") as ProgramClient;
  return loaded;
}

/** The Promise form: runs in the program's process (the options of a provider invoke do not apply). */
export function invokeFunction<T>(name: string, args: object | undefined, _opts?: pulumi.InvokeOptions): Promise<T> {
  return Promise.resolve().then(() => programClient().invoke(name, args ?? {}) as Promise<T>);
}

/**
 * The Output form: runs once the arguments and the resources of `dependsOn` are known. Unknown
 * until then, and unknown in preview for a function that may not run during preview. Secret when
 * an argument is, or when the result holds a secret (`secret`), as Pulumi marks an invoke's
 * Output when its answer holds one.
 */
export function invokeFunctionOutput<T>(
  name: string,
  args: object | undefined,
  opts: pulumi.InvokeOutputOptions | undefined,
  when: { runsInPreview: boolean; secret?: boolean },
): pulumi.Output<T> {
  const result = invokeWhenKnown<T>(name, args, opts, when);
  return when.secret ? (pulumi.secret(result) as pulumi.Output<T>) : result;
}

function invokeWhenKnown<T>(
  name: string,
  args: object | undefined,
  opts: pulumi.InvokeOutputOptions | undefined,
  when: { runsInPreview: boolean },
): pulumi.Output<T> {
  return pulumi.all([pulumi.output(args ?? {}), dependenciesOf(opts)]).apply(([known]): pulumi.Input<T> => {
    const client = programClient();
    if (!when.runsInPreview && pulumi.runtime.isDryRun()) {
      client.checkArgs(name, known);
      return pulumi.output(pulumi.unknown) as pulumi.Output<T>;
    }
    return client.invoke(name, known) as Promise<T>;
  }) as pulumi.Output<T>;
}

/** The IDs (custom resources) or URNs of `dependsOn`: known once those resources exist. */
function dependenciesOf(opts: pulumi.InvokeOutputOptions | undefined): pulumi.Output<unknown[]> {
  if (opts?.dependsOn === undefined) return pulumi.output([]);
  const dependsOn = pulumi.output(opts.dependsOn as pulumi.Input<unknown>) as pulumi.Output<unknown>;
  return dependsOn.apply((resolved) => {
    const resources = (Array.isArray(resolved) ? resolved : [resolved]) as pulumi.Resource[];
    return pulumi.all(resources.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn)));
  });
}
