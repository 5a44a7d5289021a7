/**
 * NmsResource keeps Pulumi from formatting a stack for every promise it makes while a resource is constructed
 * (sdk/promiseStacks.ts explains the cost), without losing stacks anyone can see.
 */
import * as pulumi from "@pulumi/pulumi";
import { specFields } from "../../provider/fields";
import { RESOURCE_SPECS } from "../../provider/resources";
import * as nms from "../../sdk";
import { Venue } from "../../sdk";

pulumi.runtime.setMocks(
  {
    newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
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
