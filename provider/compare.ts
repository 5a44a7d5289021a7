// How desired inputs are compared with what the service holds. The rules exist to kill the
// perpetual diffs users of comparable providers complain about most:
//  - absent, null, "" and [] all mean "nothing set";
//  - a field the program does not set inside an object is the service's to fill, so it is
//    not compared (server-filled defaults never show as changes); an object the program writes
//    empty ({}) sets no field, so nothing in it is compared;
//  - a top-level field the program does not set is compared with its documented default,
//    so removing a field from the program does show as a change.
import { isUnknown } from "../contract/validators";
import { isPlainObject } from "./shape";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** True when the value is "nothing set". */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value as object).every(isEmpty);
  return false;
}

/** True when the value, or anything inside it, is the preview's unknown sentinel. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/**
 * Does the actual value satisfy the desired one? Objects are compared on the desired keys
 * only (an empty object on none: whatever the service fills in satisfies it, and so does
 * nothing at all); arrays element by element and by length; scalars strictly.
 */
export function satisfies(desired: unknown, actual: unknown): boolean {
  if (isPlainObject(desired)) {
    if (!isPlainObject(actual) && !isEmpty(actual)) return false;
    const actualObject = isPlainObject(actual) ? actual : {};
    return Object.entries(desired).every(([key, d]) => d === undefined || satisfies(d, actualObject[key]));
  }
  if (isEmpty(desired)) return isEmpty(actual);
  if (Array.isArray(desired)) {
    if (!Array.isArray(actual) || actual.length !== desired.length) return false;
    return desired.every((d, i) => satisfies(d, actual[i]));
  }
  return desired === actual;
}

/**
 * Whether a top-level value reads, to someone who sees only the service's answer, as one the
 * program left out: nothing set, or the field's documented default.
 */
export function looksUnset(value: unknown, defaultValue: unknown): boolean {
  return isEmpty(value) || (defaultValue !== undefined && satisfies(defaultValue, value));
}

/**
 * The top-level input fields whose desired value the actual state does not satisfy.
 * `defaults` stands in for fields the program leaves out.
 */
export function changedFields(
  fields: readonly string[],
  desired: Record<string, unknown>,
  actual: Record<string, unknown>,
  defaults: Record<string, unknown> = {},
): string[] {
  return fields.filter((field) => {
    const want = desired[field] === undefined ? defaults[field] : desired[field];
    if (containsUnknown(want)) return true;
    return !satisfies(want, actual[field]);
  });
}
