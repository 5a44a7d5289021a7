// The provider that Pulumi serializes into state for every resource. It captures nothing but
// the resource kind: no credentials, no client, no schema. Its methods load the implementation
// from the installed package when they run, so state stays small and upgrades of the package
// apply to existing stacks (docs/pulumi-facts.md, "Closure serialization of dynamic providers").
// `require` resolves from the provider host's working directory, the project that installed
// pulumi-nms.
// Every character here is stored once per resource, hence the terse names.
import type * as pulumi from "@pulumi/pulumi";

type Provider = pulumi.dynamic.ResourceProvider;

const stubs = new Map<string, Provider>();

export function providerStub(kind: string): Provider {
  let stub = stubs.get(kind);
  if (!stub) {
    const k = kind;
    const i = () => require("pulumi-nms/runtime").of(k);
    stub = {
      configure: (r) => i().configure(r),
      check: (...a) => i().check(...a),
      diff: (...a) => i().diff(...a),
      create: (n) => i().create(n),
      read: (...a) => i().read(...a),
      update: (...a) => i().update(...a),
      delete: (...a) => i().delete(...a),
    };
    stubs.set(kind, stub);
  }
  return stub;
}
