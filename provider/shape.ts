// Structural helpers for property bags: the shape a program wrote, and where preview's unknowns sit.
import { isUnknown } from "../contract/validators";
import type { Props } from "./spec";

/** The parts of `value` that `shape` describes: objects on shape's keys, arrays element-wise. */
export function shapeLike(shape: unknown, value: unknown): unknown {
  if (Array.isArray(shape) && Array.isArray(value)) {
    return value.map((element, i) =>
      shape.length > 0 ? shapeLike(shape[Math.min(i, shape.length - 1)], element) : element,
    );
  }
  if (isPlainObject(shape) && isPlainObject(value)) {
    const out: Props = {};
    for (const key of Object.keys(shape)) {
      if (value[key] !== undefined) out[key] = shapeLike(shape[key], value[key]);
    }
    return out;
  }
  return value;
}

export function isPlainObject(value: unknown): value is Props {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Paths (Pulumi's form, a.b[0]) of the preview's unknown values inside `value`. */
export function pathsOfUnknowns(value: unknown, prefix = ""): string[] {
  if (isUnknown(value)) return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsOfUnknowns(v, `${prefix}[${i}]`));
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([k, v]) => pathsOfUnknowns(v, prefix === "" ? k : `${prefix}.${k}`));
  }
  return [];
}
