// The pack's rule on secrets: a secret field given as a plain value would be stored in plaintext.
import { SECRET_FIELD_NAMES } from "../contract/secretFields";
import { type Props, rawValue, violation } from "./common";
import { resourceRule, noParams } from "./resourceRule";

/** `value[key]`, undefined when it is not known yet (the analyzer's proxy throws on an unknown in a preview). */
function known(value: Props, key: string | number): unknown {
  try {
    return value[key];
  } catch {
    return undefined;
  }
}

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_FIELD_NAMES);

/**
 * Paths below `value` whose last name is a secret field's and which hold a value. Only secret fields and objects are
 * read through the analyzer's proxy: a plain or unknown value elsewhere holds no path, and reading an unknown throws.
 */
function secretPaths(value: Props, at: string, out: string[]): string[] {
  const keys: (string | number)[] = Array.isArray(value)
    ? Array.from({ length: value.length }, (_, i) => i)
    : Object.keys(value);
  for (const k of keys) {
    const path = typeof k === "number" ? `${at}[${k}]` : at ? `${at}.${k}` : k;
    if (typeof k === "string" && SECRET_NAMES.has(k)) {
      const v = known(value, k);
      if (v !== undefined && v !== null && v !== "") out.push(path);
      continue;
    }
    const raw = rawValue(value, k);
    if (raw !== null && typeof raw === "object") secretPaths(value[k], path, out);
  }
  return out;
}

export const secretsKeptSecret = resourceRule({
  name: "secrets-kept-secret",
  description:
    "Secrets (passphrases, RADIUS secrets, passwords, keys) are secret values: encrypted in state, hidden in output.",
  enforcementLevel: "mandatory",
  params: noParams,
  kinds: "all",
  check(props, _params, at, report, args) {
    // The analyzer gets secrets unwrapped; what shows that a secret field was given as a plain value is that the
    // field is not among the resource's secret outputs (the SDK lists every secret field there, sdk/resource.ts).
    const secretOutputs = new Set(args.opts.additionalSecretOutputs);
    for (const path of secretPaths(props, "", [])) {
      const top = path.split(/[.[]/)[0];
      if (secretOutputs.has(top)) continue;
      report(
        violation(
          at.kind,
          at.name,
          path,
          undefined,
          `a secret given as a plain value: it would be stored in plaintext in state`,
          `mark it secret: pulumi.secret(...) or config.requireSecret(...), and add "${top}" to additionalSecretOutputs (the pulumi-nms SDK does both)`,
        ),
      );
    }
  },
});
