// What the examples' mock-based unit tests share: Pulumi's mocks recording every registration, and
// reading an Output's value or secrecy the way Pulumi's docs show (Output.apply in a Promise).
import * as pulumi from "@pulumi/pulumi";

export type Props = Record<string, any>;

/** Sets the program's config (secret keys marked secret) and Pulumi's mocks; returns what the mocks saw. */
export function mockPulumi(
  project: string,
  config: Record<string, string>,
  secretKeys: string[],
  answers: {
    /** The answer of a function call (by token). */
    call?: (args: pulumi.runtime.MockCallArgs) => Record<string, any>;
    /** Outputs the service would add to a resource's inputs (a generated password). */
    generated?: (args: pulumi.runtime.MockResourceArgs) => Props;
  } = {},
): { registered: pulumi.runtime.MockResourceArgs[]; called: pulumi.runtime.MockCallArgs[] } {
  const registered: pulumi.runtime.MockResourceArgs[] = [];
  const called: pulumi.runtime.MockCallArgs[] = [];
  pulumi.runtime.setAllConfig(config, secretKeys);
  void pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.push(args);
        return { id: `${args.name}-id`, state: { ...args.inputs, ...answers.generated?.(args) } };
      },
      call(args) {
        called.push(args);
        return answers.call?.(args) ?? {};
      },
    },
    project,
    "dev",
    false,
  );
  return { registered, called };
}

export function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((v) => resolve(v)));
}

/** The inputs the mocks received for the resource of that name. */
export function inputsOf(registered: pulumi.runtime.MockResourceArgs[], name: string): Props {
  const found = registered.find((r) => r.name === name);
  if (!found) throw new Error(`no resource ${name} among ${registered.map((r) => r.name).join(", ")}`);
  return found.inputs;
}

/**
 * Resolves once the program's exports are known and no registration arrived for a while: a
 * resource no export depends on (a venue's syslog settings) registers once its inputs are known.
 */
export async function settled(program: object, registered: unknown[]): Promise<void> {
  await valueOf(pulumi.output(program as Record<string, unknown>));
  let seen = -1;
  while (seen !== registered.length) {
    seen = registered.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
