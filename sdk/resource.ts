import * as pulumi from "@pulumi/pulumi";
import { RESOURCE_SPECS } from "../provider/resources";
import { providerStub } from "./stub";

/** An input that may be an Output at any depth, as Pulumi programs write them. */
export type DeepInput<T> = pulumi.Input<
  T extends (infer U)[] ? DeepInput<U>[] : T extends object ? { [K in keyof T]: DeepInput<T[K]> } : T
>;

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
 */
export abstract class NmsResource extends pulumi.dynamic.Resource {
  protected constructor(kind: string, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    const spec = RESOURCE_SPECS[kind];
    const secretFields = spec.secretFields ?? [];
    const props: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) {
      props[key] = value !== undefined && secretFields.includes(key) ? pulumi.secret(value) : value;
    }
    for (const field of [...spec.inputFields, ...spec.outputFields]) if (!(field in props)) props[field] = undefined;
    const options: pulumi.CustomResourceOptions = {
      ...opts,
      additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretFields],
    };
    super(providerStub(kind), name, props, options, "nms", kind);
  }
}
