// The outputs a floor resource declares: those of the real SDK's class of its kind (floorSdk.ts says why).
import type { KindInfo } from "../../sdk/kind";

type Args = Record<string, unknown>;

/** The outputs the real SDK's class of `kind` declares (its generated `__kind`); none for a name it does not have. */
export function declaredOutputsOf(kind: string): readonly string[] {
  const sdk = require("../../sdk") as Record<string, { __kind?: KindInfo } | undefined>;
  return sdk[kind]?.__kind?.outputs ?? [];
}

/** The program's inputs with every other declared output as `undefined`, as the real class registers them. */
export function withDeclaredOutputs(kind: string, args: Args): Args {
  const props: Args = { ...args };
  for (const field of declaredOutputsOf(kind)) if (!(field in props)) props[field] = undefined;
  return props;
}
