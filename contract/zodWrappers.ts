// The one walk through zod's wrappers (optional, nullable, default, refinements and transforms, pipelines,
// lazy, brand, readonly, catch) down to the schema they wrap. Every reader of a schema (field metadata,
// body checks, the importer, the SDK and docs generators) goes through it, so that a wrapper one of them
// learns to see through, all of them see through.
import { z } from "zod";

export type ZodWrapper =
  | "optional"
  | "nullable"
  | "default"
  | "effects"
  | "pipeline"
  | "lazy"
  | "branded"
  | "readonly"
  | "catch";

export const EVERY_ZOD_WRAPPER: readonly ZodWrapper[] = [
  "optional",
  "nullable",
  "default",
  "effects",
  "pipeline",
  "lazy",
  "branded",
  "readonly",
  "catch",
];

export interface UnwrapOptions {
  /**
   * The wrappers to go through; every wrapper when left out. A reader that handles a wrapper itself
   * (the SDK generator prints a pipeline's input or output side) leaves it out, and stops there.
   */
  readonly through?: readonly ZodWrapper[];
  /** A layer to stop at although it is a wrapper gone through otherwise (a refinement, a marked layer). */
  readonly stopAt?: (layer: z.ZodTypeAny) => boolean;
}

/** The wrapper a schema is, and the schema it wraps; undefined when it is no wrapper. */
export function wrapperOf(schema: z.ZodTypeAny): { kind: ZodWrapper; inner: z.ZodTypeAny } | undefined {
  if (schema instanceof z.ZodOptional) return { kind: "optional", inner: schema.unwrap() };
  if (schema instanceof z.ZodNullable) return { kind: "nullable", inner: schema.unwrap() };
  if (schema instanceof z.ZodDefault) return { kind: "default", inner: schema.removeDefault() };
  if (schema instanceof z.ZodEffects) return { kind: "effects", inner: schema.innerType() };
  // A pipeline is read from its input side: what a writer sends is checked first against it.
  if (schema instanceof z.ZodPipeline) return { kind: "pipeline", inner: schema._def.in };
  if (schema instanceof z.ZodLazy) return { kind: "lazy", inner: schema.schema };
  if (schema instanceof z.ZodBranded) return { kind: "branded", inner: schema.unwrap() };
  if (schema instanceof z.ZodReadonly) return { kind: "readonly", inner: schema.unwrap() };
  if (schema instanceof z.ZodCatch) return { kind: "catch", inner: schema.removeCatch() };
  return undefined;
}

/**
 * Every layer of a schema from the outside in: the wrappers gone through, then the schema the walk
 * stopped at (the last layer).
 */
export function layersOf(schema: z.ZodTypeAny, options: UnwrapOptions = {}): z.ZodTypeAny[] {
  const layers = [schema];
  for (let next = innerLayer(schema, options); next; next = innerLayer(next, options)) layers.push(next);
  return layers;
}

/** The schema under its wrappers (see UnwrapOptions for where the walk stops). */
export function unwrapSchema(schema: z.ZodTypeAny, options: UnwrapOptions = {}): z.ZodTypeAny {
  let current = schema;
  for (let next = innerLayer(current, options); next; next = innerLayer(next, options)) current = next;
  return current;
}

function innerLayer(schema: z.ZodTypeAny, options: UnwrapOptions): z.ZodTypeAny | undefined {
  if (options.stopAt?.(schema)) return undefined;
  const wrapper = wrapperOf(schema);
  if (!wrapper || (options.through && !options.through.includes(wrapper.kind))) return undefined;
  return wrapper.inner;
}
