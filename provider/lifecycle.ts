// The one resource lifecycle: check, diff, create, read, update, delete for every spec, whatever
// its shape (created or always-existing, generated or input-given ID, parents, update in place or
// replace, readable or write-only, destroyed by delete, reset, defaults or not at all).
import type * as pulumi from "@pulumi/pulumi";
import { DEFAULT_WIFI_API_VARIANT, fieldsOf, type WifiApiVariant } from "../contract/meta";
import { routeOf } from "../contract/routes";
import { validateBody } from "../contract/validate";
import type { NmsClient } from "./client";
import { isNotFound, NmsApiError, NmsWaitTimeoutError } from "./client/errors";
import { changedFields, isEmpty, satisfies } from "./compare";
import { specFields } from "./fields";
import { objectAccess, type ObjectAccess } from "./objectAccess";
import { isPlainObject, pathsOfUnknowns, shapeLike } from "./shape";
import { pick, RESOURCE_NAME_INPUT, type Props, type ResourceSpec } from "./spec";
import { adoptionFailures, ADOPTION_FIELDS, unfinishedCreate, CREATE_REQUEST_ID, PROGRAM_SET_FIELDS } from "./lifecycleSupport";
import { createRequestIdOf, interruptedCreateEvidence, isNameTaken } from "./interruptedCreate";
import type { Written } from "./objectAccess";
import type { PreviewReads } from "./previewReads";

type DynamicProvider = pulumi.dynamic.ResourceProvider;

export { ADOPTION_FIELDS, shapeLike };

const PULUMI_RESERVED = new Set(["__provider", RESOURCE_NAME_INPUT]);
/** Inputs the service does not hold, kept in the outputs so that refresh gives them back as they were. */
const CARRIED_INPUTS = [...ADOPTION_FIELDS, RESOURCE_NAME_INPUT];

export type ClientSource = () => Promise<NmsClient>;

export interface LifecycleOptions {
  /** Whether refresh reads come from cached list calls where the spec allows (default yes). */
  refreshFromLists?: () => boolean;
  /** The tenant's Wi-Fi API variant (nms:wifiApiVariant); throws when the setting is invalid. */
  variant?: () => WifiApiVariant;
  /** What check reads from the service once the inputs are valid (provider/previewReads.ts); none without. */
  previewReads?: PreviewReads;
}

/**
 * How an object the service answers becomes what the state records: its outputs (`outputsOf`) and,
 * on refresh, the inputs the program is taken to have set (`inputsOf`). Shared by the lifecycle and
 * by what generates programs from a tenant (importer/), so that a generated program's inputs are
 * exactly what a refresh would record.
 */
export function readMapping(spec: ResourceSpec, variant: () => WifiApiVariant) {
  const fields = specFields(spec);
  const fromApi = (api: Props): Props => (spec.fromApi ? spec.fromApi(api) : pick(api, [...fields.inputNames, ...fields.outputNames]));
  /** Outputs keep the program's shape for input fields, so state holds what the program manages. */
  // Inputs the service's read form never holds: what names the object in the path, a trigger's value, secrets it may
  // not return, and what the spec declares (a local file's path). Refresh keeps the program's value for these only, so
  // that a field another admin cleared shows as drift instead of being refilled.
  const notEchoed = new Set([
    ...fields.pathInputs,
    ...Object.keys(spec.identity.parents ?? {}),
    ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : []),
    ...Object.keys(spec.triggers ?? {}),
    ...fields.secretInputs,
    ...(spec.notEchoed ?? []),
  ]);
  /** The outputs from an answer; `refill` "all" after a write (the answer may be partial), "notEchoed" on refresh. */
  const outputsOf = (api: Props, inputs: Props, refill: "all" | "notEchoed" = "all"): Props => {
    const outs: Props = {};
    for (const [key, value] of Object.entries(fromApi(api))) {
      // undefined cannot cross the provider protocol (protobuf Struct); absent means unset.
      if (value === undefined) continue;
      outs[key] = fields.inputNames.includes(key) && inputs[key] !== undefined ? shapeLike(inputs[key], value) : value;
    }
    for (const field of fields.inputNames) {
      if (outs[field] === undefined && inputs[field] !== undefined && (refill === "all" || notEchoed.has(field))) outs[field] = inputs[field];
    }
    for (const field of CARRIED_INPUTS) if (inputs[field] !== undefined) outs[field] = inputs[field];
    const programSet = refill === "all" ? fields.filledByService.filter((f) => inputs[f] !== undefined) : programSetIn(inputs);
    if (programSet.length > 0) outs[PROGRAM_SET_FIELDS] = programSet;
    return outs;
  };
  /** Which filledByService inputs the program set, as the state's outputs remember it. */
  const programSetIn = (outs: Props): string[] => {
    const listed = outs[PROGRAM_SET_FIELDS];
    return Array.isArray(listed) ? fields.filledByService.filter((f) => listed.includes(f)) : [];
  };

  /**
   * What refresh records as the program's inputs. A field holding nothing or just the service's
   * default is left out: the program did not set it, and listing it would show as a change later.
   * A field the service fills in is kept only when the program set it (PROGRAM_SET_FIELDS).
   */
  const inputsOf = (outs: Props): Props => {
    const inputs = pick(outs, CARRIED_INPUTS);
    const defaults = fields.defaults(variant());
    const programSet = programSetIn(outs);
    for (const field of fields.inputNames) {
      const value = outs[field];
      if (isEmpty(value)) continue;
      if (fields.filledByService.includes(field)) {
        if (programSet.includes(field)) inputs[field] = value;
        continue;
      }
      const isDefault = defaults[field] !== undefined && satisfies(defaults[field], value);
      if (!isDefault) inputs[field] = value;
    }
    return inputs;
  };

  return { fromApi, outputsOf, inputsOf };
}

export function makeLifecycle(spec: ResourceSpec, getClient: ClientSource, options: LifecycleOptions = {}): DynamicProvider {
  const fields = specFields(spec);
  const variant = () => options.variant?.() ?? DEFAULT_WIFI_API_VARIANT;
  const sideEffectFields = new Set([...Object.keys(spec.toggles ?? {}), ...Object.keys(spec.triggers ?? {})]);
  // What the write body carries: every input but the triggers (they call their own operations), and of those only the
  // body schema's fields when the spec has one and no mapping of its own (a settings body has no slot for its venueId).
  const inputBodyFields = fields.inputNames.filter((f) => !Object.keys(spec.triggers ?? {}).includes(f) && !fields.pathInputs.includes(f));
  const bodyFields = spec.bodySchema && !spec.toApi ? fieldsOf(spec.bodySchema("newer")).map((f) => f.name) : inputBodyFields;
  const toApi = (inputs: Props): Props | Props[] => (spec.toApi ? spec.toApi(pick(inputs, inputBodyFields)) : pick(inputs, bodyFields));
  const triggerFields = Object.keys(spec.triggers ?? {});
  /** The write body: the program's fields in the wire's shape, and those the provider makes itself (a file uploaded for its ID). */
  const writeBody = async (client: NmsClient, inputs: Props, previous: Props | undefined): Promise<Props | Props[]> =>
    spec.beforeWrite ? { ...(toApi(inputs) as Props), ...(await spec.beforeWrite.write(client, inputs, previous)) } : toApi(inputs);
  const access = async (): Promise<{ client: NmsClient; objects: ObjectAccess }> => {
    const client = await getClient();
    return { client, objects: objectAccess(spec, client) };
  };

  const { outputsOf, inputsOf } = readMapping(spec, variant);

  const changed = (desired: Props, actual: Props): string[] => {
    // A field the service fills in from its own state, left out by the program, is whatever the service chose.
    const compared = fields.inputNames.filter((f) => !(fields.filledByService.includes(f) && desired[f] === undefined));
    return changedFields(compared, desired, actual, fields.defaults(variant()));
  };

  /** One object, from the cached list when the spec has one; a GET when the list lacks it. */
  const readForRefresh = async (client: NmsClient, objects: ObjectAccess, id: string, props: Props): Promise<Props | undefined> => {
    if ((options.refreshFromLists?.() ?? true) && spec.readFromList) {
      const { op, query, items } = spec.readFromList;
      const listed = await client.list<Props>(op, objects.params(props), query);
      const found = (items ? items(listed) : listed).find((object) => String(object[objects.idField]) === id);
      if (found) return { ...pick(props, spec.readFromList.lacks ?? []), ...found };
    }
    // Not listed is not proof of absence (paging limits, eventual consistency): ask directly.
    return objects.readLive(id, props);
  };

  /** Brings an existing object to the inputs: side-effect operations for toggles and triggers, then the update. */
  const bringToInputs = async (objects: ObjectAccess, id: string, olds: Props, news: Props): Promise<Props> => {
    const differing = changed(news, olds);
    let latest: Props | undefined;
    for (const [field, toggle] of Object.entries(spec.toggles ?? {})) {
      // A toggle the program leaves out goes back to its default (a guest disabled by hand is enabled again).
      const wanted = news[field] ?? fields.defaults(variant())[field];
      if (!differing.includes(field) || typeof wanted !== "boolean") continue;
      latest = (await objects.write(wanted ? toggle.whenTrue : toggle.whenFalse, news, id, undefined).catch(goneHint)).response ?? latest;
    }
    for (const [field, trigger] of Object.entries(spec.triggers ?? {})) {
      if (!differing.includes(field) || news[field] === undefined) continue;
      latest = (await objects.write(trigger.op, news, id, trigger.body?.(news, olds)).catch(goneHint)).response ?? latest;
    }
    if (spec.ops.update && differing.some((field) => !sideEffectFields.has(field))) {
      const written = await writeBody(await getClient(), news, olds);
      const body = spec.identity.updateIdIn === "body" ? { ...written, [objects.idField]: id } : written;
      latest = (await objects.write(spec.ops.update, news, id, body).catch(goneHint)).response;
    }
    // A partial answer (a toggle's bare requestId) is not the object: read it back.
    return (await objects.readLive(id, news)) ?? latest ?? { ...news, [objects.idField]: id };
  };

  /**
   * The service accepted a create and named the object, but the request did not finish by the deadline. A create
   * that fails with an id (Pulumi's ErrorResourceInitFailed) keeps the resource in state, and the engine sends it an
   * update on the next up even without changes: the object is then brought to match instead of created again.
   */
  const createdButUnfinished = (objects: ObjectAccess, error: unknown, inputs: Props): Error | undefined => {
    if (!(error instanceof NmsWaitTimeoutError)) return undefined;
    const accepted = Array.isArray(error.acceptedResponse) ? error.acceptedResponse[0] : error.acceptedResponse;
    if (!isPlainObject(accepted) || accepted[objects.idField] === undefined || accepted[objects.idField] === "") return undefined;
    const id = objects.idOf(accepted, inputs);
    const message = `${error.message} ${spec.kind} ${id} stays in the stack's state: the next up brings it to match the program, or refresh drops it if the request failed.`;
    // __provider: the dynamic provider host passes these properties to state as they are, and later calls need it.
    const properties = { ...outputsOf(accepted, inputs), [CREATE_REQUEST_ID]: error.requestId, __provider: inputs.__provider };
    return Object.assign(new Error(message), { id, properties, reasons: [message] });
  };

  /** The existing object the inputs ask to take over, brought to match them; undefined when there is none to adopt. */
  const adopt = async (objects: ObjectAccess, client: NmsClient, inputs: Props): Promise<Props | undefined> => {
    let existing: Props | undefined;
    if (typeof inputs.adoptId === "string" && inputs.adoptId !== "") {
      existing = await objects.readLive(inputs.adoptId, inputs);
      if (!existing) throw new Error(`cannot adopt ${spec.kind} ${inputs.adoptId}: the service has no such object`);
    } else if (inputs.adoptByName === true && spec.findByName) {
      existing = await spec.findByName(client, inputs);
      if (!existing) return undefined;
    } else {
      return undefined;
    }
    const id = objects.idOf(existing, inputs);
    // As refresh sees it: a field the existing object lacks is a change to make, not one to assume made.
    const current = outputsOf(existing, inputs, "notEchoed");
    return changed(inputs, current).length > 0 ? bringToInputs(objects, id, current, inputs) : existing;
  };

  /** Settings that always exist: take over the object the parent owns and write the program's values. */
  const adoptSettings = async (objects: ObjectAccess, inputs: Props): Promise<Props> => {
    // A singleton of the tenant (the recovery PSK, a user profile) is named by no input: its path holds the configured
    // tenant only (an empty ID leaves the tenantId path parameter to the client), and its ID is what the answer says.
    const named = spec.identity.idFromInput !== undefined ? objects.idOf({}, inputs) : "";
    const existing = await objects.readLive(named, inputs);
    if (!existing) throw new Error(`${spec.kind} ${named} cannot be read: the object it belongs to does not exist`);
    const id = named === "" ? objects.idOf(existing, inputs) : named;
    // The inputs naming the object (its venue's ID, its switch and port) are what it was read by, not fields of its
    // read form: taken as they are, so that settings already holding the program's values are not written again.
    const naming = pick(inputs, [...fields.pathInputs, ...Object.keys(spec.identity.parents ?? {}), ...(spec.identity.idFromInput ? [spec.identity.idFromInput] : [])]);
    return bringToInputs(objects, id, { ...outputsOf(existing, {}), ...naming }, inputs);
  };

  const createNew = async (objects: ObjectAccess, client: NmsClient, inputs: Props, createOp: NonNullable<ResourceSpec["ops"]["create"]>): Promise<Props> => {
    // If the answer to the create is lost, the object may exist: find it by its unique name instead of creating a duplicate.
    const recover = spec.findByName
      ? async () => {
          const found = await spec.findByName!(client, inputs);
          return found ? ((await objects.readLive(objects.idOf(found, inputs), inputs)) ?? found) : undefined;
        }
      : undefined;
    const through = spec.createThrough;
    const body = through ? await through.body(client, inputs) : await writeBody(client, inputs, undefined);
    // Creates that share one call (array bodies) have no request of their own to name.
    const requestId = through || routeOf(createOp).body === "array" ? undefined : createRequestIdOf(spec.kind, inputs, fields.secretInputs);
    let takenOver: Props | undefined;
    const { response, record } = await objects.write(createOp, inputs, undefined, body, { recover, requestId }).catch(async (error: unknown) => {
      // The parent's answer does not name the object: an unfinished create through it cannot be kept in state.
      const unfinished = through ? undefined : createdButUnfinished(objects, error, inputs);
      if (unfinished) throw unfinished;
      if (requestId === undefined || !isNameTaken(error)) throw withAdoptionHint(error);
      const evidence = await interruptedCreateEvidence(client, objects, spec, inputs, requestId, createOp);
      if (!evidence.proven) throw withAdoptionHint(error, evidence.why);
      takenOver = evidence.found;
      return {} as Written;
    });
    if (takenOver) {
      const id = objects.idOf(takenOver, inputs);
      client.notice("info", `${spec.kind} ${id}: took over the object this stack's interrupted create made (request ${requestId})`);
      const current = outputsOf(takenOver, inputs, "notEchoed");
      return changed(inputs, current).length > 0 ? bringToInputs(objects, id, current, inputs) : takenOver;
    }
    if (through) {
      const picked = response && through.created(response, inputs);
      if (!picked) throw new Error(`${spec.kind} was created through ${createOp} (request ${record?.requestId}) but its answer does not show it`);
      return picked;
    }
    const created = response ?? (await readBack(objects, inputs, record?.entityId, record?.requestId));
    return writeOnCreateTriggers(objects, inputs, created);
  };

  const readBack = async (objects: ObjectAccess, inputs: Props, entityId: string | undefined, requestId: string | undefined): Promise<Props> => {
    const id = spec.identity.idFromInput ? String(inputs[spec.identity.idFromInput]) : entityId;
    const api = id ? await objects.readLive(id, inputs) : undefined;
    if (!api) throw new Error(`${spec.kind} was created (request ${requestId ?? "without a record"}) but cannot be read back`);
    return api;
  };

  /** Inputs only their own operation writes (Trigger.onCreate), written once the object exists; then the object as it is. */
  const writeOnCreateTriggers = async (objects: ObjectAccess, inputs: Props, created: Props): Promise<Props> => {
    const pending = Object.entries(spec.triggers ?? {}).filter(([field, trigger]) => trigger.onCreate && inputs[field] !== undefined);
    if (pending.length === 0) return created;
    const id = objects.idOf(created, inputs);
    for (const [, trigger] of pending) await objects.write(trigger.op, inputs, id, trigger.body?.(inputs, undefined));
    return (await objects.readLive(id, inputs)) ?? created;
  };

  const previewReads = options.previewReads?.forKind(spec, getClient, { changed, outputsOf, defaults: () => fields.defaults(variant()) });

  return {
    async check(olds: Props, given: Props) {
      const failures: pulumi.dynamic.CheckFailure[] = [];
      const completed = await spec.completeInputs?.(given);
      const news = completed?.inputs ?? given;
      failures.push(...(completed?.failures ?? []));
      const known = new Set<string>([...fields.inputNames, ...ADOPTION_FIELDS]);
      for (const key of Object.keys(news)) {
        if (!known.has(key) && !PULUMI_RESERVED.has(key)) failures.push({ property: key, reason: `is not a property of nms:${spec.kind}` });
      }
      failures.push(...adoptionFailures(news, spec));
      let tenantVariant: WifiApiVariant;
      try {
        tenantVariant = variant();
      } catch (error) {
        return { inputs: news, failures: [...failures, { property: "nms:wifiApiVariant", reason: (error as Error).message }] };
      }
      const newerOnlyOps = Object.values(spec.ops).filter((op) => op !== undefined && routeOf(op).variant === "newer");
      if (tenantVariant === "older" && newerOnlyOps.length > 0) {
        failures.push({ property: "nms:wifiApiVariant", reason: `nms:${spec.kind} exists only in the newer variant of the Wi-Fi API (${newerOnlyOps.join(", ")})` });
      }
      for (const field of fields.pathInputs) {
        if (news[field] === undefined || news[field] === null || news[field] === "") failures.push({ property: field, reason: "is required" });
        else if (typeof news[field] !== "string") failures.push({ property: field, reason: "must be a string" });
      }
      const body = toApi(news);
      // Trigger inputs travel in their own operations' bodies, under the input schema's rules (a body schema without them drops them).
      const checked = isPlainObject(body) ? { ...body, ...pick(news, triggerFields) } : body;
      const unknownPaths = pathsOfUnknowns(checked);
      const result = validateBody((spec.bodySchema ?? spec.inputSchema)(tenantVariant), checked);
      if (!result.ok) {
        for (const failure of result.failures) {
          // Not known until the resource it depends on exists.
          if (unknownPaths.some((p) => failure.path === p || failure.path.startsWith(`${p}.`) || failure.path.startsWith(`${p}[`))) continue;
          failures.push({ property: spec.inputPathOf ? spec.inputPathOf(failure.path) : failure.path, reason: failure.message });
        }
      }
      if (failures.length === 0 && previewReads) failures.push(...(await previewReads.check(olds, news)));
      return { inputs: news, failures };
    },

    async diff(id: string, olds: Props, news: Props) {
      // A create that never finished (kept in state by createdButUnfinished) and whose request has failed since: create it again.
      const requestId = olds[CREATE_REQUEST_ID];
      if (typeof requestId === "string") {
        const { client, objects } = await access();
        if ((await unfinishedCreate(client, objects, id, olds, requestId)) === "failed") {
          return { changes: true, replaces: [CREATE_REQUEST_ID], deleteBeforeReplace: false };
        }
      }
      const differing = changed(news, olds);
      const inPlace = (field: string) => !fields.replaceOnChanges.includes(field) && (spec.ops.update !== undefined || sideEffectFields.has(field));
      return {
        changes: differing.length > 0,
        replaces: differing.filter((field) => !inPlace(field)),
        stables: fields.inputNames.filter((field) => !differing.includes(field)),
        // An object named by an input (a serial number, its venue) cannot exist twice: the old one goes first.
        deleteBeforeReplace: spec.identity.idFromInput !== undefined,
      };
    },

    async create(inputs: Props) {
      const { client, objects } = await access();
      const createOp = spec.ops.create;
      const api = createOp
        ? ((await adopt(objects, client, inputs)) ?? (await createNew(objects, client, inputs, createOp)))
        : await adoptSettings(objects, inputs);
      return { id: objects.idOf(api, inputs), outs: outputsOf(api, inputs) };
    },

    async read(id: string, props: Props) {
      // Write-only: the service has no read, so refresh can neither see drift nor a delete.
      if (!spec.ops.read) return { id, props, inputs: inputsOf(props) };
      const { client, objects } = await access();
      const live = await readForRefresh(client, objects, id, props);
      const requestId = props[CREATE_REQUEST_ID];
      if (!live && typeof requestId === "string" && (await unfinishedCreate(client, objects, id, props, requestId)) === "pending") {
        return { id, props, inputs: inputsOf(props) }; // not there yet, but on its way: keep it
      }
      if (!live) return {}; // gone: an empty ID tells the engine to drop it from state
      const outs = outputsOf(live, props, "notEchoed");
      return { id, props: outs, inputs: inputsOf(outs) };
    },

    async update(id: string, olds: Props, news: Props) {
      const { client, objects } = await access();
      const requestId = olds[CREATE_REQUEST_ID];
      if (typeof requestId === "string" && (await unfinishedCreate(client, objects, id, olds, requestId)) === "pending" && spec.ops.create) {
        await client.waitForRequest(requestId, spec.ops.create);
      }
      return { outs: outputsOf(await bringToInputs(objects, id, olds, news), news) };
    },

    async delete(id: string, props: Props) {
      const { objects } = await access();
      const settled = async (write: Promise<unknown>) => {
        try {
          await write;
        } catch (error) {
          if (!isNotFound(error)) throw error; // already gone: nothing to destroy
        }
      };
      const send = (op: NonNullable<ResourceSpec["ops"]["delete"]>, body?: unknown) => settled(objects.write(op, props, id, body));
      switch (spec.destroy) {
        case "forget":
          return;
        case "reset":
          return send(required(spec.ops.reset, "reset"));
        case "writeDefaults": {
          // Through toApi, so that a body of another shape (an array, W39) gets the defaults in its own shape.
          const defaults = toApi({ ...fields.defaults(variant()) });
          const body = spec.identity.updateIdIn === "body" ? { ...defaults, [objects.idField]: id } : defaults;
          return send(required(spec.ops.update, "update"), body);
        }
        case "delete":
          return settled(objects.remove(id, props)); // deletes made together share the bulk delete's calls
      }
    },
  };

  function required<T>(op: T | undefined, role: string): T {
    if (op === undefined) throw new Error(`nms:${spec.kind} declares destroy "${spec.destroy}" without a ${role} operation`);
    return op;
  }
}

/**
 * A create refused with 409 usually means the object already exists: made by hand, or by an
 * earlier run whose wait timed out before the service finished. Say how to take it over.
 */
function withAdoptionHint(error: unknown, whyNotTakenOver?: string): unknown {
  if (!(error instanceof NmsApiError) || error.status !== 409) return error;
  error.message +=
    (whyNotTakenOver ? `; not taken over: ${whyNotTakenOver}` : "") +
    "; if this object already exists (made outside this stack, or by an earlier run whose wait timed out), " +
    "set adoptByName: true or adoptId on the resource to take it over";
  return error;
}

/** An update refused because the object does not exist: deleted outside the stack, or a create that never finished. */
function goneHint(error: unknown): never {
  if (isNotFound(error) && error instanceof Error) {
    error.message += "; the object is not in the service: refresh (or up --refresh) drops it from the state, and the next up creates it";
  }
  throw error;
}
