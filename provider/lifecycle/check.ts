// Check: the program's inputs against the kind's schemas and the service's rules, before any call
// that changes the service; then what the service already holds (provider/lifecycle/previewReads.ts).
import type * as pulumi from "@pulumi/pulumi";
import { routeOf } from "../../contract/routes";
import { ignoredFields, validateBody } from "../../contract/validate";
import { isUnknown } from "../../contract/validators";
import { optionFailures, ownerConflictInAnInput, withoutCheckOnlyInputs } from "../resourceOptions";
import { isPlainObject, pathsOfUnknowns } from "../shape";
import {
  pick,
  RESOURCE_NAME_INPUT,
  RESOURCE_STACK_INPUT,
  type CheckResult,
  type Props,
  type ResourceSpec,
} from "../spec";
import {
  changesUnseenById,
  CREATE_GENERATION_INPUT,
  nextCreateGeneration,
  unidentifiedCreate,
} from "./createRequestId";
import { TENANT_INPUT, tenantFailures } from "../tenant";
import type { LifecycleContext } from "./context";
import { ADOPTION_FIELDS, PULUMI_RESERVED } from "./stateFields";
import type { WifiApiVariant } from "../../contract/meta";

type CheckFailure = pulumi.dynamic.CheckFailure;

export function adoptionFailures(news: Props, spec: ResourceSpec): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (news.adoptId !== undefined && !isUnknown(news.adoptId) && typeof news.adoptId !== "string") {
    failures.push({ property: "adoptId", reason: "must be a string" });
  }
  if (news.adoptByName !== undefined && !isUnknown(news.adoptByName) && typeof news.adoptByName !== "boolean") {
    failures.push({ property: "adoptByName", reason: "must be a boolean" });
  }
  if (news.adoptByName === true && !spec.findByName) {
    failures.push({ property: "adoptByName", reason: `nms:${spec.kind} has no unique name to adopt by; use adoptId` });
  }
  if ((news.adoptId !== undefined || news.adoptByName !== undefined) && !spec.ops.create) {
    failures.push({
      property: news.adoptId !== undefined ? "adoptId" : "adoptByName",
      reason: `nms:${spec.kind} always exists; creating it takes it over`,
    });
  }
  return failures;
}

/** Failures of the body the inputs make, by the body schema's rules and the fields the service would ignore. */
function bodyFailures(
  ctx: LifecycleContext,
  news: Props,
  variant: WifiApiVariant,
  known: ReadonlySet<string>,
): CheckFailure[] {
  const { spec } = ctx;
  const failures: CheckFailure[] = [];
  const body = ctx.toApi(news);
  // Trigger inputs travel in their own operations' bodies, under the input schema's rules (a body schema without them drops them).
  const checked = isPlainObject(body) ? { ...body, ...pick(news, ctx.triggerFields) } : body;
  const unknownPaths = pathsOfUnknowns(checked);
  const bodySchema = (spec.bodySchema ?? spec.inputSchema)(variant);
  const result = validateBody(bodySchema, checked);
  // Fields the service would ignore (another network type's, a misspelt nested one) could never converge: refused here.
  // Trigger inputs go by the input schema's fields; top-level names that are no input were named above.
  const ignored = [
    ...ignoredFields(bodySchema, body, isUnknown),
    ...ignoredFields(spec.inputSchema(variant), pick(news, ctx.triggerFields), isUnknown),
  ].filter((f) => {
    const top = f.path.split(/[.[]/)[0];
    return top === "" || known.has(top); // "": a body that is an array (updateVenueLanPorts)
  });
  for (const failure of [...(result.ok ? [] : result.failures), ...ignored]) {
    // Not known until the resource it depends on exists.
    if (
      unknownPaths.some(
        (p) => failure.path === p || failure.path.startsWith(`${p}.`) || failure.path.startsWith(`${p}[`),
      )
    )
      continue;
    failures.push({
      property: spec.inputPathOf ? spec.inputPathOf(failure.path) : failure.path,
      reason: failure.message,
    });
  }
  return failures;
}

/**
 * Create generations that a check of this process with old inputs gave ("kind stack name"). When the engine replaces
 * a resource, it checks the program's inputs again without the old ones and creates the replacement from that answer
 * (docs/pulumi-facts.md, "How the engine runs a dynamic resource's steps"); that second check, in the same process, takes the generation from the
 * first, or the replacement would carry the old object's create ID.
 */
const generationCheckedInThisRun = new Map<string, number>();

/**
 * The create generation the checked inputs carry (CREATE_GENERATION_INPUT): a replacement told from the old object by
 * its secrets alone gets a create ID of its own. A check without old inputs is a new resource's (nothing to tell it
 * from) or a replacement's second check.
 */
function createGeneration(ctx: LifecycleContext, olds: Props, news: Props): number | undefined {
  const resource =
    unidentifiedCreate(news) === undefined
      ? `${ctx.spec.kind} ${news[RESOURCE_STACK_INPUT]} ${news[RESOURCE_NAME_INPUT]}`
      : undefined;
  if (Object.keys(olds).length === 0)
    return resource === undefined ? undefined : generationCheckedInThisRun.get(resource);
  const unseen = changesUnseenById(olds, news, ctx.fields.secretInputs);
  const generation = nextCreateGeneration(olds, unseen.length > 0 && ctx.replacedBy(unseen, news, olds).length > 0);
  if (resource !== undefined && generation !== undefined) generationCheckedInThisRun.set(resource, generation);
  else if (resource !== undefined) generationCheckedInThisRun.delete(resource);
  return generation;
}

export function checkStep(ctx: LifecycleContext) {
  const { spec, fields } = ctx;
  const previewReads = ctx.options.previewReads?.forKind(spec, ctx.getClient, {
    changed: ctx.changed,
    outputsOf: ctx.outputsOf,
    defaults: ctx.defaults,
  });
  /** The shared check of the inputs, after the failures the kind's own check found. */
  const check = async (olds: Props, news: Props, found: readonly CheckFailure[]): Promise<CheckResult> => {
    const failures: CheckFailure[] = [...found];
    const known = new Set<string>([...fields.inputNames, ...ADOPTION_FIELDS, TENANT_INPUT]);
    for (const key of Object.keys(news)) {
      if (!known.has(key) && !PULUMI_RESERVED.has(key))
        failures.push({ property: key, reason: `is not a property of nms:${spec.kind}` });
    }
    failures.push(...adoptionFailures(news, spec));
    failures.push(...tenantFailures(news));
    failures.push(...optionFailures(news, fields.inputNames));
    let tenantVariant: WifiApiVariant;
    try {
      tenantVariant = ctx.variant();
    } catch (error) {
      return {
        inputs: withoutCheckOnlyInputs(news),
        failures: [...failures, { property: "nms:wifiApiVariant", reason: (error as Error).message }],
      };
    }
    const newerOnlyOps = Object.values(spec.ops).filter((op) => op !== undefined && routeOf(op).variant === "newer");
    if (tenantVariant === "older" && newerOnlyOps.length > 0) {
      failures.push({
        property: "nms:wifiApiVariant",
        reason: `nms:${spec.kind} exists only in the newer variant of the Wi-Fi API (${newerOnlyOps.join(", ")})`,
      });
    }
    for (const field of fields.pathInputs) {
      if (news[field] === undefined || news[field] === null || news[field] === "")
        failures.push({ property: field, reason: "is required" });
      else if (typeof news[field] !== "string") failures.push({ property: field, reason: "must be a string" });
    }
    failures.push(...bodyFailures(ctx, news, tenantVariant, known));
    // An input the SDK declares required, which the body may not show missing (a network's wlan, made from a lifted passphrase).
    for (const field of fields.inputs) {
      if (field.required && news[field.name] === undefined && !failures.some((f) => f.property === field.name))
        failures.push({ property: field.name, reason: "is required" });
    }
    if (failures.length === 0 && previewReads) failures.push(...(await previewReads.check(olds, news)));
    const generation = createGeneration(ctx, olds, news);
    const { [CREATE_GENERATION_INPUT]: _given, ...program } = news;
    return {
      inputs: withoutCheckOnlyInputs(
        generation === undefined ? program : { ...program, [CREATE_GENERATION_INPUT]: generation },
      ),
      failures,
    };
  };
  const own = spec.overrides?.check;
  return (olds: Props, given: Props): Promise<CheckResult> => {
    const conflict = ownerConflictInAnInput(given);
    if (conflict) return Promise.resolve({ inputs: given, failures: [conflict] });
    return own ? own(given, (news, found) => check(olds, news, found)) : check(olds, given, []);
  };
}
