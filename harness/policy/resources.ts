/**
 * Resources as the engine hands them to analyzers: from a registration with its checked inputs (Analyze, in step
 * generation) or from the state the run left (AnalyzeStack, with outputs). Custom resources name their provider,
 * the default provider of their package, as the engine's step generator does (getProviderResource).
 */
import type { PropertyMap } from "../props";
import type { Registration } from "../registration";
import type { ResourceState } from "../resourceState";
import { ROOT_STACK_TYPE, makeUrn, packageOf, urnName } from "../urns";
import type { AnalyzedResource } from "./analyzer";

/** The default provider resource of a custom resource's package: `pulumi:providers:<package>::default`. */
function defaultProvider(type: string, stack: string, project: string): AnalyzedResource["provider"] {
  const providerType = `pulumi:providers:${packageOf(type)}`;
  return {
    urn: makeUrn(stack, project, "", providerType, "default"),
    type: providerType,
    name: "default",
    properties: {},
  };
}

export function analyzedRegistration(
  reg: Registration,
  urn: string,
  inputs: PropertyMap,
  stack: string,
  project: string,
): AnalyzedResource {
  return {
    urn,
    type: reg.type,
    name: reg.name,
    properties: inputs,
    options: {
      protect: !!reg.protect,
      ignoreChanges: reg.ignoreChanges,
      ...(reg.deleteBeforeReplaceDefined ? { deleteBeforeReplace: reg.deleteBeforeReplace } : {}),
      additionalSecretOutputs: reg.additionalSecretOutputs,
      aliases: reg.aliasUrns,
      ...(reg.parent ? { parent: reg.parent } : {}),
    },
    ...(reg.custom ? { provider: defaultProvider(reg.type, stack, project) } : {}),
  };
}

export function analyzedState(r: ResourceState, stack: string, project: string): AnalyzedResource {
  return {
    urn: r.urn,
    type: r.type,
    name: urnName(r.urn),
    properties: r.outputs,
    options: {
      protect: !!r.protect,
      ignoreChanges: r.ignoreChanges ?? [],
      ...(r.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: r.deleteBeforeReplace } : {}),
      additionalSecretOutputs: r.additionalSecretOutputs,
      aliases: [],
      ...(r.parent ? { parent: r.parent } : {}),
    },
    ...(r.custom && r.type !== ROOT_STACK_TYPE ? { provider: defaultProvider(r.type, stack, project) } : {}),
    dependencies: r.dependencies,
    propertyDependencies: r.propertyDependencies,
  };
}
