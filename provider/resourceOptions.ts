// Pulumi resource options the engine cannot apply to a dynamic resource by itself, handed to the
// provider by the SDK (sdk/resource.ts) as reserved inputs. Never sent to the service, never compared.
//
// replaceOnChanges: the engine applies it to the changed keys and detailed diff the provider's Diff
// reports (pkg/resource/deploy/step_generator.go, applyReplaceOnChanges), but the dynamic-provider
// host answers Diff with changes, replaces and deleteBeforeReplace only (sdk/nodejs/cmd/dynamic-provider),
// so on its own the option never turns an update into a replace. The provider's diff answers `replaces`
// for the changed fields the option's paths cover, with the engine's path rules (README "Resource options").
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../contract/validators";
import { isEmpty, satisfies } from "./compare";
import { isPlainObject } from "./shape";
import type { Props } from "./spec";

/** The resource's replaceOnChanges paths, as the program set them; absent when it set none. */
export const REPLACE_ON_CHANGES_INPUT = "__nmsReplaceOnChanges";

/**
 * Set by the SDK only when another resource of the program already owns the object this one would own (the same
 * adoptId, or the same unique name adopted by name): `{ property, reason }`. Check refuses the resource with it, so
 * that its create never runs (sdk/ownership.ts).
 */
export const OWNER_CONFLICT_INPUT = "__nmsOwnerConflict";

/**
 * Set by the SDK's `static get` (the `id` option): the engine reads the object (its read step) instead of refreshing
 * a state the stack wrote, and a dynamic provider's read cannot tell the two apart. A read has no state to drift
 * from: no "changed outside the stack" report, and the tenant it was read in is an output (sdk/resource.ts).
 */
export const GET_INPUT = "__nmsGet";

export const OPTION_INPUTS = [REPLACE_ON_CHANGES_INPUT, OWNER_CONFLICT_INPUT, GET_INPUT] as const;

/** One element of a property path: a key, an array index, or the wildcard `*` (any key or index). */
export type PathElement = string | number;

/**
 * A property path in Pulumi's syntax (`wlan.vlanId`, `apGroups[0].radio`, `tags["a.b"]`, `*`, `list[*].x`), parsed
 * as the engine parses it (sdk/go/common/resource/properties_path.go, parsePropertyPath).
 */
export function parsePropertyPath(path: string): PathElement[] {
  const elements: PathElement[] = [];
  let rest = path;
  if (rest.startsWith(".")) throw new Error("expected property path to start with a name or index");
  while (rest.length > 0) {
    if (rest[0] === ".") {
      rest = rest.slice(1);
      if (rest.length === 0) throw new Error("expected property path to end with a name or index");
    } else if (rest[0] === "[") {
      if (rest[1] === '"') {
        let key = "";
        let i = 2;
        for (;;) {
          if (i >= rest.length) throw new Error("missing closing quote in property name");
          if (rest[i] === '"') {
            i += 1;
            break;
          }
          if (rest[i] === "\\" && rest[i + 1] === '"') {
            key += '"';
            i += 2;
          } else {
            key += rest[i];
            i += 1;
          }
        }
        if (rest[i] !== "]") throw new Error("missing closing bracket in property access");
        elements.push(key);
        rest = rest.slice(i + 1);
      } else {
        const close = rest.indexOf("]");
        if (close === -1) throw new Error("missing closing bracket in array index");
        const segment = rest.slice(1, close);
        if (segment === "*") elements.push("*");
        else if (/^-?\d+$/.test(segment)) elements.push(Number(segment));
        else throw new Error(`invalid array index: ${segment}`);
        rest = rest.slice(close + 1);
      }
    } else {
      const end = rest.search(/[.[]/);
      const name = end === -1 ? rest : rest.slice(0, end);
      elements.push(name);
      rest = end === -1 ? "" : rest.slice(end);
    }
  }
  return elements;
}

/** Whether `option` covers `changed`: a prefix of it, `*` matching any one element (PropertyPath.Contains). */
export function pathCovers(option: readonly PathElement[], changed: readonly PathElement[]): boolean {
  if (changed.length < option.length) return false;
  return option.every((element, i) => element === "*" || element === changed[i]);
}

/**
 * The paths inside `desired` whose value `actual` does not satisfy, by the rules of the provider's diff
 * (provider/compare.ts): a key the program leaves out of an object is not compared, arrays are compared element
 * by element (a different length changes the array itself), an unknown value counts as changed.
 */
export function changedPaths(desired: unknown, actual: unknown): PathElement[][] {
  if (isUnknown(desired)) return [[]];
  if (isPlainObject(desired)) {
    if (!isPlainObject(actual) && !isEmpty(actual)) return [[]];
    const actualObject = isPlainObject(actual) ? actual : {};
    return Object.entries(desired)
      .filter(([, value]) => value !== undefined)
      .flatMap(([key, value]) => changedPaths(value, actualObject[key]).map((path) => [key, ...path]));
  }
  if (isEmpty(desired)) return isEmpty(actual) ? [] : [[]];
  if (Array.isArray(desired)) {
    if (!Array.isArray(actual) || actual.length !== desired.length) return [[]];
    return desired.flatMap((element, i) => changedPaths(element, actual[i]).map((path) => [i, ...path]));
  }
  return satisfies(desired, actual) ? [] : [[]];
}

/** The replaceOnChanges paths of the checked inputs, parsed; invalid ones were refused by check. */
export function replaceOnChangesOf(news: Props): PathElement[][] {
  const given = news[REPLACE_ON_CHANGES_INPUT];
  if (!Array.isArray(given)) return [];
  const parsed: PathElement[][] = [];
  for (const path of given) {
    if (typeof path !== "string") continue;
    try {
      parsed.push(parsePropertyPath(path));
    } catch {
      // check refused it
    }
  }
  return parsed;
}

/**
 * Of the top-level fields that differ, those the replaceOnChanges paths cover: a path on the field itself (or `*`),
 * or a nested path whose value changed (`wlan.vlanId` replaces when the VLAN changes, not when the SSID does).
 * `want` gives a field's desired value (the program's, or its default when the program leaves it out).
 */
export function replacedByOption(
  paths: readonly PathElement[][],
  differing: readonly string[],
  want: (field: string) => unknown,
  actual: Props,
): string[] {
  if (paths.length === 0) return [];
  return differing.filter((field) => {
    const changed = changedPaths(want(field), actual[field]).map((path) => [field, ...path]);
    return paths.some((path) => changed.some((c) => pathCovers(path, c)));
  });
}

/** Check failures for the option inputs: replaceOnChanges paths that do not parse or name no input; an ownership conflict. */
export function optionFailures(news: Props, inputNames: readonly string[]): pulumi.dynamic.CheckFailure[] {
  const failures: pulumi.dynamic.CheckFailure[] = [];
  const paths = news[REPLACE_ON_CHANGES_INPUT];
  if (paths !== undefined && !isUnknown(paths)) {
    if (!Array.isArray(paths) || paths.some((p) => typeof p !== "string" && !isUnknown(p))) {
      failures.push({ property: "replaceOnChanges", reason: "must be a list of property paths" });
    } else {
      for (const path of paths as string[]) {
        if (isUnknown(path)) continue;
        let parsed: PathElement[];
        try {
          parsed = parsePropertyPath(path);
        } catch (error) {
          failures.push({
            property: "replaceOnChanges",
            reason: `${JSON.stringify(path)} is not a property path: ${(error as Error).message}`,
          });
          continue;
        }
        const [first] = parsed;
        if (first !== "*" && !inputNames.includes(String(first))) {
          failures.push({
            property: "replaceOnChanges",
            reason: `${JSON.stringify(path)} names no input of this resource`,
          });
        }
      }
    }
  }
  const conflict = conflictOf(news[OWNER_CONFLICT_INPUT]);
  if (conflict) failures.push(conflict);
  return failures;
}

/** The SDK's `{ property, reason }` of an ownership conflict (sdk/ownership.ts); undefined for anything else (unknown). */
function conflictOf(value: unknown): { property: string; reason: string } | undefined {
  if (!isPlainObject(value) || typeof value.reason !== "string") return undefined;
  return { property: typeof value.property === "string" ? value.property : "", reason: value.reason };
}

/**
 * A conflict the SDK handed over in place of the input that named the owned object (sdk/ownership.ts ownershipInput):
 * that input's value is then `{ [OWNER_CONFLICT_INPUT]: { property, reason } }`. Check refuses the resource with it
 * alone: the input's other rules would only say that it is no ID.
 */
export function ownerConflictInAnInput(news: Props): { property: string; reason: string } | undefined {
  for (const value of Object.values(news)) {
    const conflict = isPlainObject(value) ? conflictOf(value[OWNER_CONFLICT_INPUT]) : undefined;
    if (conflict) return conflict;
  }
  return undefined;
}

/** The checked inputs without what only check needs (the conflict, an unknown in preview): nothing of it reaches state. */
export function withoutCheckOnlyInputs(news: Props): Props {
  if (news[OWNER_CONFLICT_INPUT] === undefined) return news;
  const { [OWNER_CONFLICT_INPUT]: _conflict, ...rest } = news;
  return rest;
}
