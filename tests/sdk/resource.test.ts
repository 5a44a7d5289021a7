/**
 * NmsResource keeps Pulumi from formatting a stack for every promise it makes while a resource is constructed
 * (sdk/promiseStacks.ts explains the cost), without losing stacks anyone can see.
 */
import * as pulumi from "@pulumi/pulumi";
import { specFields } from "../../provider/fields";
import { RESOURCE_SPECS } from "../../provider/resources";
import { GET_INPUT } from "../../provider/resourceOptions";
import * as nms from "../../sdk";
import type { ApGroupState, GuestUserState, NetworkState } from "../../sdk";
import { Venue } from "../../sdk";

/** What the mocked engine was asked to read (a registration with an `id`: `static get`). */
const reads: pulumi.runtime.MockResourceArgs[] = [];

pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      if (args.id !== undefined) reads.push(args);
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: () => ({}),
  },
  "nms-test",
  "dev",
  false,
);

type StackFormatter = typeof Error.prepareStackTrace;
const errorClass = Error as { prepareStackTrace?: StackFormatter; stackTraceLimit: number };

/** Resolves when the mocked engine has registered the resource (its provider is serialized on the way). */
function registered(resource: pulumi.CustomResource): Promise<string> {
  return new Promise((resolve) => resource.urn.apply(resolve));
}

/** Runs `work` with a formatter that counts how many stacks are formatted, and returns the count. */
function stacksFormattedDuring(work: () => void): number {
  const previous = errorClass.prepareStackTrace;
  let formatted = 0;
  errorClass.prepareStackTrace = (error, frames) => {
    formatted += 1;
    return `${error.name}: ${error.message}\n${frames.map((frame) => `    at ${String(frame)}`).join("\n")}`;
  };
  try {
    work();
  } finally {
    errorClass.prepareStackTrace = previous;
  }
  return formatted;
}

describe("NmsResource construction", () => {
  const debugLeaks = process.env.PULUMI_DEBUG_PROMISE_LEAKS;
  afterEach(() => {
    if (debugLeaks === undefined) delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
    else process.env.PULUMI_DEBUG_PROMISE_LEAKS = debugLeaks;
  });

  it("formats none of the stacks Pulumi attaches to its promises", async () => {
    delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
    let venue: Venue | undefined;
    expect(stacksFormattedDuring(() => (venue = new Venue("quiet", { name: "Quiet" })))).toBe(0);
    await expect(registered(venue!)).resolves.toContain("quiet");
  });

  it("keeps them when PULUMI_DEBUG_PROMISE_LEAKS asks for them (Pulumi then prints them)", async () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
    let venue: Venue | undefined;
    // Pulumi formats one per promise: several for each declared property.
    expect(stacksFormattedDuring(() => (venue = new Venue("debugged", { name: "Debugged" })))).toBeGreaterThan(10);
    await registered(venue!);
  });

  it("restores the stack settings afterwards", async () => {
    delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
    const formatter: StackFormatter = (error) => String(error);
    const before = { prepareStackTrace: errorClass.prepareStackTrace, stackTraceLimit: errorClass.stackTraceLimit };
    errorClass.prepareStackTrace = formatter;
    try {
      const venue = new Venue("restored", { name: "Restored" });
      expect(errorClass.prepareStackTrace).toBe(formatter);
      expect(errorClass.stackTraceLimit).toBe(before.stackTraceLimit);
      await registered(venue);
    } finally {
      errorClass.prepareStackTrace = before.prepareStackTrace;
    }
  });

  it("gives an error thrown by the constructor a stack that reaches the program line, and restores the settings", () => {
    delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
    const limit = errorClass.stackTraceLimit;
    let thrown: unknown;
    try {
      new Venue("orphan", { name: "Orphan" }, { parent: {} as pulumi.Resource });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toContain("Resource parent is not a valid Resource");
    expect((thrown as Error).stack).toMatch(/\n\s+at .*resource\.test\.ts/);
    expect(errorClass.stackTraceLimit).toBe(limit);
  });
});

describe("secrets, read from the schemas", () => {
  type Constructor = new (name: string, args: object, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

  /** The props and options the resource was registered with (a transformation sees them as given). */
  async function registration(
    kind: string,
    name: string,
    args: Record<string, unknown>,
  ): Promise<pulumi.ResourceTransformationArgs> {
    let seen: pulumi.ResourceTransformationArgs | undefined;
    const capture = (given: pulumi.ResourceTransformationArgs) => {
      seen = given;
      return undefined;
    };
    await registered(
      new (nms as unknown as Record<string, Constructor>)[kind](name, args, { transformations: [capture] }),
    );
    return seen!;
  }

  async function isSecretValue(value: unknown): Promise<boolean> {
    return pulumi.Output.isInstance(value) && (await (value as unknown as { isSecret: Promise<boolean> }).isSecret);
  }

  it("marks Network's passphrase, WEP key and RADIUS pairs secret, given as plain values", async () => {
    const radius = { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "plain-secret" } };
    const seen = await registration("Network", "plain-secrets", {
      name: "Corp",
      type: "psk",
      wlan: { ssid: "corp" },
      passphrase: "a plain passphrase",
      wepHexKey: "0123456789",
      authRadius: radius,
      accountingRadius: radius,
    });
    expect((seen.opts as pulumi.CustomResourceOptions).additionalSecretOutputs).toEqual([
      "authRadius",
      "accountingRadius",
      "guestPortal",
      "passphrase",
      "wepHexKey",
      "passphraseBackup",
    ]);
    for (const field of ["passphrase", "wepHexKey", "authRadius", "accountingRadius"])
      expect(await isSecretValue(seen.props[field])).toBe(true);
    for (const field of ["name", "wlan"]) expect(await isSecretValue(seen.props[field])).toBe(false);
  });

  it.each(Object.values(RESOURCE_SPECS))(
    "$kind: exactly the schema's secret fields are secret inputs and additionalSecretOutputs",
    async (spec) => {
      const fields = specFields(spec);
      const args = Object.fromEntries(fields.inputNames.map((name) => [name, `value of ${name}`]));
      const seen = await registration(spec.kind, `secrets-${spec.kind}`, args);
      expect((seen.opts as pulumi.CustomResourceOptions).additionalSecretOutputs).toEqual([
        ...fields.secretInputs,
        ...fields.secretOutputs,
      ]);
      for (const name of fields.inputNames)
        expect([name, await isSecretValue(seen.props[name])]).toEqual([name, fields.secretInputs.includes(name)]);
      // Read-only outputs are declared so that the engine's answer becomes the class's outputs.
      for (const name of fields.outputNames) expect(name in seen.props).toBe(true);
    },
  );

  it("keeps additionalSecretOutputs the program gives", async () => {
    let seen: pulumi.ResourceTransformationArgs | undefined;
    const venue = new Venue(
      "own-secret",
      { name: "Own" },
      { additionalSecretOutputs: ["description"], transformations: [(given) => ((seen = given), undefined)] },
    );
    expect((seen!.opts as pulumi.CustomResourceOptions).additionalSecretOutputs).toEqual(["description"]);
    await registered(venue);
  });
});

// Pulumi codegen's `static get(name, id, state?, opts?)` and `<Kind>State`: the types (checked by the compiler, npm run
// typecheck and ts-jest) and what a get registers (tests/sdk/lookupsStack.test.ts reads through the emulator).
/** True when A and B are the same type (not merely assignable either way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

/** The output properties of a resource class: the Output-typed members, without the engine's own id and urn. */
type OutputNames<R> = Exclude<
  { [K in keyof R]-?: R[K] extends pulumi.Output<unknown> ? K : never }[keyof R],
  "id" | "urn" | "__pulumiType"
>;
/** Each exported class with a static get: [its State, its instance]. */
type Gettable = {
  [K in keyof typeof nms]: (typeof nms)[K] extends {
    get(name: string, id: pulumi.Input<pulumi.ID>, state?: infer S, opts?: pulumi.CustomResourceOptions): infer R;
  }
    ? [S, R]
    : never;
}[keyof typeof nms];
/** Kinds whose State does not have exactly the class's outputs as its keys, every one optional. */
type Mismatched = Gettable extends infer G
  ? G extends [infer S, infer R]
    ? Same<keyof S, OutputNames<R>> extends true
      ? Same<S, Partial<S>> extends true
        ? never
        : G
      : G
    : never
  : never;

describe("the <Kind>State interfaces", () => {
  it("have every output of their class, each optional, as Pulumi inputs", () => {
    holds<Same<Mismatched, never>>();
    holds<Same<ApGroupState["venueId"], pulumi.Input<string> | undefined>>();
    holds<Same<ApGroupState["isDefault"], pulumi.Input<boolean> | undefined>>();
    holds<Same<GuestUserState["password"], pulumi.Input<string> | undefined>>();
    holds<Same<NetworkState["tenantId"], pulumi.Input<string> | undefined>>();
    // @ts-expect-error A State holds outputs only.
    const unknownField: ApGroupState = { adoptId: "x" };
    expect(unknownField).toBeDefined();
  });
});

describe("static get", () => {
  const kinds = Object.keys(RESOURCE_SPECS).sort();

  it("exists on every resource class", () => {
    const classes = nms as unknown as Record<string, { get?: unknown }>;
    expect(kinds.filter((kind) => typeof classes[kind]?.get !== "function")).toEqual([]);
  });

  // Two kinds: a kind's first registration serializes its provider (slow); tests/sdk/lookupsStack.test.ts reads six
  // through the emulator.
  it("registers a read of the ID with the state given, not a resource to create", async () => {
    reads.length = 0;
    const kinds = ["GuestUser", "Venue"];
    const classes = nms as unknown as Record<string, { get(name: string, id: string, state?: object): nms.Venue }>;
    const resources = kinds.map((kind) =>
      classes[kind].get(`read-${kind}`, `${kind}-id`, { tenantId: "t".repeat(32) }),
    );
    const ids = await Promise.all(resources.map((resource) => new Promise((resolve) => resource.id.apply(resolve))));
    expect(ids).toEqual(kinds.map((kind) => `${kind}-id`));
    // In the order the reads were ready (a kind's provider serialized once).
    expect(reads.map((read) => [read.type, read.name, read.id]).sort()).toEqual(
      kinds.map((kind) => [`pulumi-nodejs:dynamic/nms:${kind}`, `read-${kind}`, `${kind}-id`]),
    );
    for (const read of reads) {
      expect(read.inputs).toMatchObject({ tenantId: "t".repeat(32), [GET_INPUT]: true });
      // Nothing of the stack's ownership: no resource name, no state identity.
      expect(Object.keys(read.inputs).filter((key) => key.startsWith("__nms") && key !== GET_INPUT)).toEqual([]);
    }
  });
});
