// The floor's stand-in for pulumi-nms: every resource class of the bench's program, each a dynamic resource whose
// provider does nothing (check returns the inputs, create answers an ID at once with the inputs as outputs, diff finds
// no change, delete does nothing). floorPreload.ts makes the program's `require("pulumi-nms")` load this module, so
// the floor runs the bench's own program file: the same resources, inputs, options and dependencies, none of this
// provider's work. Its `up` costs what Pulumi costs on this machine (the program and the SDK, gRPC, the dynamic-provider
// host, the harness standing in for the engine): the least wall time any dynamic provider could take.
//
// Each class declares the same outputs as the real class (every input and read-only output, as `undefined` in the
// registration), as every Pulumi SDK's generated class does: Pulumi makes an Output of each for the life of the
// resource, which is most of a program's heap and much of its CPU (docs/performance.md, "The SDK's cost per resource
// in the program"). A floor without them measured that Pulumi cost against this provider.
import * as pulumi from "@pulumi/pulumi";
import { withDeclaredOutputs } from "./floorOutputs";
import { withoutPromiseStacks } from "../../sdk/promiseStacks";

type Args = Record<string, unknown>;

/** What the provider does, serialized into state once per resource as any dynamic provider is. */
function noopProvider(): pulumi.dynamic.ResourceProvider {
  return {
    check: async (_olds: Args, news: Args) => ({ inputs: news }),
    diff: async () => ({ changes: false }),
    create: async (inputs: Args) => ({ id: require("node:crypto").randomUUID(), outs: inputs }),
    delete: async () => undefined,
  };
}

const classes = new Map<string, unknown>();

/** The class standing for a kind of pulumi-nms: the program's `new nms.Venue(name, args, opts)`. */
function classOf(kind: string): unknown {
  let cls = classes.get(kind);
  if (cls === undefined) {
    // One provider per kind, as the real SDK has one provider stub per kind (sdk/stub.ts).
    const provider = noopProvider();
    cls = class extends pulumi.dynamic.Resource {
      constructor(name: string, args: Args, opts?: pulumi.CustomResourceOptions) {
        const props = withDeclaredOutputs(kind, args);
        // As the real SDK constructs its resources: Pulumi at its cheapest, not a cost this SDK avoids.
        const restore = withoutPromiseStacks();
        try {
          super(provider, name, props, opts, "nms-floor", kind);
        } finally {
          restore();
        }
      }
    };
    classes.set(kind, cls);
  }
  return cls;
}

// `import * as nms from "pulumi-nms"` compiles to a plain require (esModuleInterop is off): any class name the program
// asks for is a no-op kind.
module.exports = new Proxy({} as Record<string, unknown>, {
  get: (_target, key) => (typeof key === "string" && /^[A-Z]/.test(key) ? classOf(key) : undefined),
});
