/**
 * ReadResource: a resource registered with an `id` option (`Resource.get`, the SDK's `static get`) is read through
 * its provider, not created, and its state is external: the stack does not own the object, so no run deletes it
 * (pkg/resource/deploy/step_generator.go GenerateReadSteps, step.go ReadStep.Apply and DeleteStep.Apply).
 *
 * Engine rules followed:
 *   the read        -> Read(id, inputs = state = the registered properties), in a preview too (ReadStep runs then)
 *   no such object  -> the step fails: "resource '<id>' does not exist"
 *   the state       -> External, inputs = the registered properties, outputs = what Read answered, secrets marked
 *                      as for any step (additionalSecretOutputs, secret inputs), timestamps kept from the old state
 *   a managed object of the same URN and id -> taken out of the stack's management ("relinquish"), not deleted
 * Not followed: a managed resource of the same URN with another id is refused here, where the engine deletes it
 * (ReadReplacementStep).
 */
import type { ProviderHost } from "./providerHost";
import { type PropertyMap, annotateSecrets, clone, markStepSecrets } from "./props";
import { type ResourceState, timestampNow } from "./resourceState";
import { diffProperties } from "./propertyDiff";
import type { PlannedStep } from "./types";
import { DYNAMIC_PACKAGE, makeUrn, packageOf } from "./urns";

/** What ReadResource carries, decoded. */
export interface ReadRegistration {
  type: string;
  name: string;
  id: string;
  parent: string;
  provider: string;
  properties: PropertyMap;
  dependencies: string[];
  additionalSecretOutputs: string[];
}

export interface ReadResult {
  urn: string;
  outputs: PropertyMap;
}

/** What the read needs of the deployment it is part of. */
export interface ReadContext {
  stack: string;
  project: string;
  isRegistered(urn: string): boolean;
  /** Claims the URN for this run (an unclaimed old resource is deleted at the end). */
  claim(urn: string): void;
  old(urn: string): ResourceState | undefined;
  provider(): Promise<ProviderHost>;
  /** Records the step of the plan. */
  step(step: PlannedStep): void;
  /** Records a failure of the step (and answers the error the monitor returns). */
  fail(step: PlannedStep | undefined, message: string): Error;
  /** Puts the read state into the stack's live state. */
  keep(state: ResourceState): void;
}

export async function readStep(ctx: ReadContext, read: ReadRegistration): Promise<ReadResult> {
  const fail = (step: PlannedStep | undefined, message: string) => ctx.fail(step, message);
  if (read.parent && !ctx.isRegistered(read.parent))
    throw fail(undefined, `could not find parent resource ${read.parent}`);
  if (packageOf(read.type) !== DYNAMIC_PACKAGE)
    throw fail(
      undefined,
      `ReadResource of '${read.name}' [${read.type}] (a StackReference or another package's resource) is not supported ` +
        `by the local harness: it reads dynamic resources (${DYNAMIC_PACKAGE}:*) only`,
    );
  if (read.provider) throw fail(undefined, "the 'provider' resource option is not supported by the harness");
  const urn = makeUrn(ctx.stack, ctx.project, read.parent, read.type, read.name);
  if (ctx.isRegistered(urn)) throw fail(undefined, `duplicate resource URN '${urn}'`);
  ctx.claim(urn);
  const step: PlannedStep = {
    urn,
    type: read.type,
    name: read.name,
    op: "read",
    changedFields: [],
    changedPaths: [],
    id: read.id,
    custom: true,
  };
  ctx.step(step);
  if (!read.id) throw fail(step, `Expected an ID for ${urn}`);
  const old = ctx.old(urn);
  if (old && !old.external && old.id !== read.id) {
    throw fail(
      step,
      `the stack manages ${urn} with id ${old.id}: reading id ${read.id} in its place (the engine's read-replacement) ` +
        "is not supported by the harness; give the read resource another name",
    );
  }
  let answer: { id: string; outputs: PropertyMap };
  try {
    const host = await ctx.provider();
    const plainProps = host.plain(read.properties);
    answer = await host.read(urn, read.name, read.type, read.id, plainProps, plainProps);
  } catch (e) {
    throw fail(step, `read: ${(e as Error).message}`);
  }
  if (!answer.id) throw fail(step, `resource '${read.id}' does not exist`);
  const inputs = clone(read.properties);
  const outputs = markStepSecrets(annotateSecrets(answer.outputs, inputs), inputs, read.additionalSecretOutputs);
  const state: ResourceState = {
    urn,
    type: read.type,
    custom: true,
    id: answer.id,
    inputs,
    outputs,
    dependencies: [...read.dependencies],
    propertyDependencies: {},
    additionalSecretOutputs: [...read.additionalSecretOutputs],
    external: true,
    created: old?.created ?? timestampNow(),
    modified: old?.modified ?? timestampNow(),
  };
  if (read.parent) state.parent = read.parent;
  if (old && (diffProperties(old.inputs, inputs).length > 0 || diffProperties(old.outputs, outputs).length > 0))
    state.modified = timestampNow();
  ctx.keep(state);
  return { urn, outputs };
}
