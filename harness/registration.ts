/**
 * What the monitor hands the deployment for each RegisterResource, what it answers, and the state a registration
 * becomes.
 */
import type { PropertyMap, PropertyValue } from "./props";
import { type ResourceState, timestampNow } from "./resourceState";
import { DYNAMIC_PACKAGE, packageOf } from "./urns";

/** What RegisterResource carries, decoded. */
export interface Registration {
  type: string;
  name: string;
  parent: string;
  custom: boolean;
  remote: boolean;
  object: PropertyMap;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  provider: string;
  protect?: boolean;
  deleteBeforeReplace: boolean;
  deleteBeforeReplaceDefined: boolean;
  ignoreChanges: string[];
  replaceOnChanges: string[];
  additionalSecretOutputs: string[];
  aliasUrns: string[];
  importId: string;
  retainOnDelete?: boolean;
  deletedWith: string;
  /**
   * The `replacementTrigger` option (wire form; unknown in a preview when it depends on an unknown output). Sent by
   * @pulumi/pulumi 3.248 and later; undefined when unset or from an older SDK.
   */
  replacementTrigger?: PropertyValue;
}

export interface RegisterResult {
  urn: string;
  id: string;
  object: PropertyMap;
  propertyDependencies: Record<string, string[]>;
}

/**
 * A registration that did not succeed. With an URN it is a step failure the monitor reports as Result FAIL (or SKIP
 * for registrations not processed after an earlier failure) to SDKs that support result reporting, like the engine
 * does; without one (bad request: duplicate URN, unknown parent, unsupported resource kind) it is a gRPC error.
 */
export class RegistrationError extends Error {
  constructor(
    message: string,
    readonly urn?: string,
    readonly result: "fail" | "skip" = "fail",
  ) {
    super(message);
  }
}

/** Why the harness cannot run this registration (see "Differences from the real engine" in harness/README.md). */
export function unsupportedReason(reg: Registration): string | undefined {
  if (reg.remote) return "remote (multi-language) components are not supported by the harness";
  if (reg.custom && reg.type.startsWith("pulumi:providers:")) {
    return "explicit provider resources are not supported by the harness (dynamic resources need none)";
  }
  if (reg.custom && packageOf(reg.type) !== DYNAMIC_PACKAGE) {
    return `no provider for package '${packageOf(reg.type)}': the harness only runs dynamic resources (${DYNAMIC_PACKAGE}:*)`;
  }
  if (reg.custom && reg.provider) return "the 'provider' resource option is not supported by the harness";
  if (reg.importId) return "the 'import' resource option is not supported (dynamic resources cannot be imported)";
  return undefined;
}

/**
 * The state of a registered resource with these inputs, outputs and id: its options come from the registration,
 * its timestamps from the old state when there is one (callers that change the object set `modified`).
 */
export function resourceStateFor(
  reg: Registration,
  urn: string,
  old: ResourceState | undefined,
  inputs: PropertyMap,
  outputs: PropertyMap,
  id: string | undefined,
): ResourceState {
  const s: ResourceState = {
    urn,
    type: reg.type,
    custom: reg.custom,
    inputs,
    outputs,
    dependencies: [...reg.dependencies],
    propertyDependencies: Object.fromEntries(Object.entries(reg.propertyDependencies).filter(([, v]) => v.length > 0)),
    additionalSecretOutputs: [...reg.additionalSecretOutputs],
    created: old?.created ?? timestampNow(),
    modified: old?.modified ?? timestampNow(),
  };
  if (id !== undefined && id !== "") s.id = id;
  if (reg.parent) s.parent = reg.parent;
  if (reg.protect) s.protect = true;
  if (reg.retainOnDelete) s.retainOnDelete = true;
  if (reg.deletedWith) s.deletedWith = reg.deletedWith;
  if (reg.deleteBeforeReplaceDefined) s.deleteBeforeReplace = reg.deleteBeforeReplace;
  if (reg.ignoreChanges.length) s.ignoreChanges = [...reg.ignoreChanges];
  if (reg.replaceOnChanges.length) s.replaceOnChanges = [...reg.replaceOnChanges];
  // Stored with the state, as the engine's goal state keeps it, to compare with the next run's (shouldTriggerReplace).
  if (reg.replacementTrigger !== undefined && reg.replacementTrigger !== null)
    s.replacementTrigger = reg.replacementTrigger;
  return s;
}
