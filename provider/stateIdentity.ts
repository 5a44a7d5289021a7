// The state's identity: a random ID made once per Pulumi state by one hidden resource of every
// stack (sdk/stateIdentity.ts), kept in that resource's outputs, and handed to every other resource
// of the stack in RESOURCE_STACK_INPUT. A create's request ID includes it (lifecycle/createRequestId.ts),
// so only a create of the same state can find an interrupted create's record and take its object
// over: names cannot fool it (two backends' stacks of one name, a stack made again under a renamed
// one's name). docs/adoption.md, "What a takeover needs".
import { randomUUID } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";

/** The hidden resource's kind (type token pulumi-nodejs:dynamic/nms:StateIdentity). */
export const STATE_IDENTITY_KIND = "StateIdentity";

/** Its one output: the random ID. */
export const STATE_ID_OUTPUT = "stateId";

/**
 * Its one input: whether the program runs in a preview (`pulumi.runtime.isDryRun()`). The engine tells a dynamic
 * provider nothing of it (docs/pulumi-facts.md §10), but the identity is registered before every other resource of
 * the program, which all take its output: its check is the provider host's first, so the host knows what run it
 * serves before any other check (provider/lifecycle/previewReads.ts). Compared by nothing.
 */
export const PREVIEW_INPUT = "__nmsPreview";

/**
 * Made at create and never changed: no input can change it (diff reports none, refresh keeps it), so the state keeps
 * its identity as long as it keeps this resource. Nothing is sent to the service.
 */
export function stateIdentityProvider(
  configure: (config: { get(key: string): string | undefined }) => void,
  runIs: (preview: boolean | undefined) => void,
): pulumi.dynamic.ResourceProvider {
  return {
    configure: async (req) => configure(req.config),
    check: async (_olds, news) => {
      const preview = news[PREVIEW_INPUT];
      // Absent from programs of SDKs before it: the run is then taken for a preview, which reads the most.
      runIs(typeof preview === "boolean" ? preview : undefined);
      return { inputs: news };
    },
    diff: async () => ({ changes: false }),
    create: async () => {
      const stateId = randomUUID();
      return { id: stateId, outs: { [STATE_ID_OUTPUT]: stateId } };
    },
    read: async (id, props) => ({ id, props: { ...props, [STATE_ID_OUTPUT]: props?.[STATE_ID_OUTPUT] ?? id } }),
    update: async (_id, olds) => ({ outs: olds }),
    delete: async () => undefined,
  };
}
