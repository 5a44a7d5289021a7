// Runs the pack's rules the way @pulumi/policy's analyzer server calls them (server.ts makeAnalyzeRpcFun and
// makeAnalyzeStackRpcFun), without the server: a rule gets the resource and its config, and what it reports is
// collected. The harness test (tests/harness/policyPack.test.ts) runs the real server.
import type {
  PolicyResource,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationPolicy,
} from "@pulumi/policy";
import { typeOf } from "../../policy/common";

const urnOf = (kind: string, name: string) => `urn:pulumi:test::policy::${typeOf(kind)}::${name}`;

function optionsOf(additionalSecretOutputs: string[] = []) {
  return {
    protect: false,
    ignoreChanges: [],
    aliases: [],
    additionalSecretOutputs,
    customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
  };
}

/** The messages `policy` reports for one resource of `kind`. */
export async function violationsOf(
  policy: ResourceValidationPolicy,
  kind: string,
  props: Record<string, unknown>,
  config: Record<string, unknown> = {},
  additionalSecretOutputs: string[] = [],
): Promise<string[]> {
  const found: string[] = [];
  const args: ResourceValidationArgs = {
    type: typeOf(kind),
    props,
    urn: urnOf(kind, "r"),
    name: "r",
    opts: optionsOf(additionalSecretOutputs),
    stackTags: new Map(),
    getConfig: <T>() => config as T,
    isType: () => false,
    asType: () => undefined,
    notApplicable: (reason?: string): never => {
      throw new Error(`not applicable: ${reason}`);
    },
  };
  const validations = Array.isArray(policy.validateResource) ? policy.validateResource : [policy.validateResource];
  for (const validate of validations) await validate?.(args, (message) => found.push(String(message)));
  return found;
}

/** A resource of the stack as AnalyzeStack gives it: its props, and the resources its properties take values from. */
export function resource(
  kind: string,
  name: string,
  props: Record<string, unknown>,
  propertyDependencies: Record<string, PolicyResource[]> = {},
): PolicyResource {
  return {
    type: typeOf(kind),
    name,
    urn: urnOf(kind, name),
    props,
    opts: optionsOf(),
    dependencies: Object.values(propertyDependencies).flat(),
    propertyDependencies,
    isType: () => false,
    asType: () => undefined,
  } as unknown as PolicyResource;
}

/** The messages `policy` reports for a stack of `resources`. */
export async function stackViolationsOf(
  policy: StackValidationPolicy,
  resources: PolicyResource[],
  config: Record<string, unknown> = {},
): Promise<{ message: string; urn?: string }[]> {
  const found: { message: string; urn?: string }[] = [];
  await policy.validateStack(
    {
      resources,
      stackTags: new Map(),
      getConfig: <T>() => config as T,
      notApplicable: (reason?: string): never => {
        throw new Error(`not applicable: ${reason}`);
      },
    },
    (message, urn) => found.push({ message: String(message), ...(urn ? { urn } : {}) }),
  );
  return found;
}
