// The base of the generated resource classes (sdk/generated/). What a kind's registration needs is
// written into its class by the generator (sdk/kind.ts): nothing here loads provider code.
import * as pulumi from "@pulumi/pulumi";
import {
  GET_INPUT,
  REPLACE_ON_CHANGES_INPUT,
  RESOURCE_NAME_INPUT,
  RESOURCE_STACK_INPUT,
} from "./generated/reservedInputs";
import { noteParent, settingsParent } from "./deletedWith";
import type { KindInfo } from "./kind";
import { claimCreatedObject, ownershipInput } from "./ownership";
import { noteRegistration } from "./parallelHint";
import { withoutPromiseStacks } from "./promiseStacks";
import { stateIdentityInput } from "./stateIdentity";
import { providerStub } from "./stub";

/** Inputs every resource takes to adopt an object that already exists (see README). */
export interface AdoptionArgs {
  /** Take over the existing object with this ID instead of creating one. */
  adoptId?: pulumi.Input<string>;
  /** Take over the existing object with the same unique name in its scope, if there is one. */
  adoptByName?: pulumi.Input<boolean>;
}

/**
 * Registers a resource of the given kind: secret fields are marked secret in the inputs and
 * listed in additionalSecretOutputs, and read-only fields are declared so they become outputs.
 * The type token is `pulumi-nodejs:dynamic/nms:<Kind>`, each class's `__pulumiType`.
 */
export abstract class NmsResource extends pulumi.dynamic.Resource {
  protected constructor(info: KindInfo, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    if (opts?.id !== undefined) {
      // `static get`: the engine reads the object through the provider's read (ReadResource) instead of creating it,
      // and the stack does not own it: no adoption, ownership or state identity to register.
      const props = { ...declaredProps(info, args), [GET_INPUT]: true };
      super(providerStub(info.kind), name, props, withSecretOutputs(info, opts), "nms", info.kind);
      return;
    }
    const props = declaredProps(info, args);
    props[RESOURCE_NAME_INPUT] = name;
    const options: pulumi.CustomResourceOptions = {
      ...withSecretOutputs(info, opts),
      // Settings whose parent this run deletes too need no reset of their own (sdk/deletedWith.ts).
      deletedWith: opts?.deletedWith ?? settingsParent(info, args as Record<string, unknown>),
    };
    const restoreStacks = withoutPromiseStacks();
    try {
      // Stands for this resource in the program's register of owned objects (sdk/ownership.ts).
      const owner = {};
      // The first resource of the run registers the state's identity too (sdk/stateIdentity.ts).
      props[RESOURCE_STACK_INPUT] = stateIdentityInput();
      Object.assign(props, optionInputs(info, name, owner, args as Record<string, unknown>, opts));
      super(providerStub(info.kind), name, props, options, "nms", info.kind);
      claimCreatedObject(info, name, owner, this.id, args as Record<string, unknown>);
      noteParent(info, this, opts);
    } catch (error) {
      restoreStacks();
      // Thrown while stacks were off: give it the stack of this constructor's caller, the user's program line.
      if (error instanceof Error && !/\n\s+at /.test(error.stack ?? "")) Error.captureStackTrace(error, NmsResource);
      throw error;
    } finally {
      restoreStacks();
    }
    noteRegistration();
  }
}

/**
 * Reserved inputs for what the engine cannot do for a dynamic resource (provider/resourceOptions.ts): the
 * replaceOnChanges option, for the provider's diff; a conflict with another resource that owns the same object,
 * for check to refuse (sdk/ownership.ts). Each only when there is something to say, so state holds nothing more.
 */
function optionInputs(
  info: KindInfo,
  name: string,
  owner: object,
  args: Record<string, unknown>,
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  if (opts?.replaceOnChanges && opts.replaceOnChanges.length > 0)
    inputs[REPLACE_ON_CHANGES_INPUT] = [...opts.replaceOnChanges];
  const ownership = ownershipInput(info, name, owner, args);
  if (ownership !== undefined) inputs[ownership.field] = ownership.value;
  return inputs;
}

/** The options with the kind's secret outputs added (Pulumi keeps them secret in state and in the program). */
function withSecretOutputs(
  info: KindInfo,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  return {
    ...opts,
    additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...info.additionalSecretOutputs],
  };
}

/**
 * The inputs (or, for a read, the state the program gave: what finds the object, such as its parent's ID), secret
 * inputs marked secret, and every output declared so that each becomes an output of the resource.
 */
function declaredProps(info: KindInfo, state: object): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state))
    props[key] = value !== undefined && info.secretInputs.includes(key) ? pulumi.secret(value) : value;
  for (const field of info.outputs) if (!(field in props)) props[field] = undefined;
  return props;
}
