// What a resource's code-bearing declarations do, seen by running them against a recording client:
// which operations findByName (adoption) and a kind's own create call, and which inputs
// they read. The declarations are functions, so this is the only way to derive it without
// restating it by hand; nothing reaches the network.
import { ROUTES, type OperationName } from "../../contract/routes";
import type { NmsClient } from "../../provider/client";
import { specFields } from "../../provider/fields";
import { findsCreateById, takesOverByName } from "../../provider/lifecycle/interruptedCreate";
import type { Props, ResourceSpec } from "../../provider/spec";

export interface Probe {
  /** Operations called, in order, without repeats. */
  readonly ops: OperationName[];
  /** Inputs read, in order, without repeats (only the resource's own input names). */
  readonly inputs: string[];
}

/**
 * A client whose every method records an operation name it is given and answers one empty object in
 * a list (so that list lookups run their match against it, reading the inputs they compare).
 */
function recordingClient(ops: Set<OperationName>): NmsClient {
  const method = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0] in ROUTES) ops.add(args[0] as OperationName);
    return Promise.resolve([{}]);
  };
  return new Proxy({}, { get: () => method }) as NmsClient;
}

/** Inputs whose every field reads as `value`, recording the reads of the resource's input names. */
function recordingInputs(names: readonly string[], read: Set<string>, value: unknown): Props {
  return new Proxy({} as Props, {
    get: (_, key) => {
      if (typeof key === "string" && names.includes(key)) read.add(key);
      return value;
    },
  });
}

/**
 * Runs `action` twice, once with every input absent and once with every input set, and unions
 * what it did: a lookup that branches on an input (an administrator by externalId, else by email)
 * shows both branches' reads. A run that throws keeps what it did before throwing.
 */
async function probe(
  spec: ResourceSpec,
  action: (client: NmsClient, inputs: Props) => Promise<unknown>,
): Promise<Probe> {
  const ops = new Set<OperationName>();
  const read = new Set<string>();
  const names = specFields(spec).inputNames;
  for (const value of [undefined, "probe"]) {
    try {
      await action(recordingClient(ops), recordingInputs(names, read, value));
    } catch {
      // The recording client's answers are not the service's; what ran up to here is recorded.
    }
  }
  return { ops: [...ops], inputs: [...read] };
}

export interface SpecProbes {
  readonly adoption?: Probe;
  readonly createThrough?: Probe;
}

const cache = new WeakMap<ResourceSpec, Promise<SpecProbes>>();

export function probeSpec(spec: ResourceSpec): Promise<SpecProbes> {
  let probes = cache.get(spec);
  if (!probes) {
    probes = (async () => ({
      adoption: spec.findByName ? await probe(spec, (client, inputs) => spec.findByName!(client, inputs)) : undefined,
      // What the kind's own create calls besides its create operation, which `send` stands for here.
      createThrough: spec.overrides?.create
        ? await probe(spec, (client, inputs) =>
            spec.overrides!.create!(inputs, { client, op: spec.ops.create!, send: async () => ({}) }),
          )
        : undefined,
    }))();
    cache.set(spec, probes);
  }
  return probes;
}

/** Every operation a resource may call, with the role it plays, from its declaration. */
export async function operationsOf(spec: ResourceSpec): Promise<{ op: OperationName; role: string }[]> {
  const out: { op: OperationName; role: string }[] = [];
  const add = (op: OperationName | undefined, role: string) => {
    if (op !== undefined) out.push({ op, role });
  };
  const probes = await probeSpec(spec);
  for (const op of spec.overrides?.writeBody?.calls ?? []) add(op, "before a write");
  for (const op of probes.createThrough?.ops ?? []) add(op, "to build the create's body");
  if (spec.ops.create !== undefined && findsCreateById(spec))
    add("getRequest", "before the create: an interrupted create of the resource is found by its request ID");
  add(spec.ops.create, spec.overrides?.create ? "create (through the parent's update)" : "create");
  add(spec.ops.read, "read");
  add(spec.ops.update, "update");
  add(spec.ops.delete, "delete");
  add(spec.ops.bulkDelete, "delete (bulk, one ID)");
  add(spec.ops.reset, "reset");
  for (const [field, toggle] of Object.entries(spec.toggles ?? {})) {
    add(toggle.whenTrue, `\`${field}\` becomes true`);
    add(toggle.whenFalse, `\`${field}\` becomes false`);
  }
  for (const [field, trigger] of Object.entries(spec.triggers ?? {}))
    add(trigger.op, `\`${field}\` changes${trigger.onCreate ? " (also after the create)" : ""}`);
  add(spec.readFromList?.op, "refresh of many (one list call)");
  // Found by name, an interrupted create is taken over; a kind the service does not refuse twice is found by its request ID (A2).
  const byName = takesOverByName(spec)
    ? "adoption by name, and the takeover of an interrupted create"
    : "adoption by name";
  for (const op of probes.adoption?.ops ?? []) add(op, byName);
  return out;
}
