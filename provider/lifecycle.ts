// The one resource lifecycle: check, diff, create, read, update, delete for every spec, whatever
// its shape (created or always-existing, generated or input-given ID, parents, update in place or
// replace, readable or write-only, destroyed by delete, reset, defaults or not at all).
import type * as pulumi from "@pulumi/pulumi";
import { DEFAULT_WIFI_API_VARIANT, fieldsOf, type WifiApiVariant } from "../contract/meta";
import { routeOf } from "../contract/routes";
import { ignoredFields, validateBody, withoutUnsetNulls } from "../contract/validate";
import { isUnknown } from "../contract/validators";
import type { NmsClient } from "./client";
import { isNotFound, NmsApiError, NmsWaitTimeoutError } from "./client/errors";
import { changedFields, looksUnset } from "./compare";
import { specFields } from "./fields";
import { objectAccess, type ObjectAccess } from "./objectAccess";
import { isPlainObject, pathsOfUnknowns, shapeLike } from "./shape";
import { pick, RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT, type Props, type ResourceSpec } from "./spec";
import { adoptionFailures, ADOPTION_FIELDS, unfinishedCreate, CREATE_REQUEST_ID, PROGRAM_SET_FIELDS } from "./lifecycleSupport";
import {
  changesUnseenById,
  CREATE_GENERATION_INPUT,
  interruptedCreateEvidence,
  isNameTaken,
  nextCreateGeneration,
  planCreate,
  unidentifiedCreate,
} from "./interruptedCreate";
import { OPTION_INPUTS, optionFailures, REPLACE_ON_CHANGES_INPUT, replacedByOption, replaceOnChangesOf, withoutCheckOnlyInputs } from "./resourceOptions";
import type { Written } from "./objectAccess";
import type { PreviewReads } from "./previewReads";
import { explicitTenant, movesTenant, TENANT_INPUT, tenantFailures } from "./tenant";

type DynamicProvider = pulumi.dynamic.ResourceProvider;

export { ADOPTION_FIELDS, shapeLike };

const PULUMI_RESERVED = new Set<string>(["__provider", RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT, CREATE_GENERATION_INPUT, ...OPTION_INPUTS]);
/**
 * Inputs the service does not hold, kept in the outputs so that refresh gives them back as they were. The tenant is
 * carried resolved (the configured one when the program left it out), so that refresh, update and delete know where
 * the object is whatever the configuration says later.
 */
const CARRIED_INPUTS = [...ADOPTION_FIELDS, RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT, REPLACE_ON_CHANGES_INPUT, CREATE_GENERATION_INPUT, TENANT_INPUT];

/**
 * Objects a create of this process took over ("tenant kind id"). A replacement whose inputs hash to the old
 * resource's create ID (`--replace` without a change; a change of secrets alone gets a create ID of
 * its own, CREATE_GENERATION_INPUT) finds the old object as its own earlier create and takes it over;
 * the engine then deletes the replaced resource, whose ID is the same object's. One provider process
 * serves a whole run, so its delete can tell and keep the object.
 */
const takenOverInThisRun = new Set<string>();

/**
 * Create generations that a check of this process with old inputs gave ("kind stack name"). When the engine replaces
 * a resource, it checks the program's inputs again without the old ones and creates the replacement from that answer
 * (docs/pulumi-facts.md §9); that second check, in the same process, takes the generation from the
 * first, or the replacement would carry the old object's create ID.
 */
const generationCheckedInThisRun = new Map<string, number>();

export type ClientSource = () => Promise<NmsClient>;

export interface LifecycleOptions {
  /** Whether refresh reads come from cached list calls where the spec allows (default yes). */
  refreshFromLists?: () => boolean;
  /** The tenant's Wi-Fi API variant (nms:wifiApiVariant); throws when the setting is invalid. */
  variant?: () => WifiApiVariant;
  /** What check reads from the service once the inputs are valid (provider/previewReads.ts); none without. */
  previewReads?: PreviewReads;
  /**
   * The configured tenant (nms:tenantId), read alone for diff, which must not need credentials; undefined when it is
   * not set. Default: the client's.
   */
  configuredTenant?: () => string | undefined;
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
    const programSet = refill === "all" ? setButLooksUnset(inputs) : programSetIn(inputs);
    if (programSet.length > 0) outs[PROGRAM_SET_FIELDS] = programSet;
    return outs;
  };
  /**
   * The inputs the program set that the service's answer cannot tell from ones it left out: a value the service fills in,
   * nothing, or the default (a syslog port of 514 written in the program). Refresh keeps these as the program's.
   */
  const setButLooksUnset = (inputs: Props): string[] => {
    const defaults = fields.defaults(variant());
    const set = fields.inputNames.filter((f) => inputs[f] !== undefined && (fields.filledByService.includes(f) || looksUnset(inputs[f], defaults[f])));
    // The outputs always name the tenant (resolved); whether the program named it is only said here.
    return explicitTenant(inputs) !== undefined ? [...set, TENANT_INPUT] : set;
  };
  /** Which inputs the state's outputs remember the program set (PROGRAM_SET_FIELDS). */
  const programSetIn = (outs: Props): string[] => {
    const listed = outs[PROGRAM_SET_FIELDS];
    return Array.isArray(listed) ? [...fields.inputNames, TENANT_INPUT].filter((f) => listed.includes(f)) : [];
  };

  /**
   * What refresh records as the program's inputs, so that the engine's comparison of them with the
   * program shows exactly the fields that differ. A field the program set stays, with the value the
   * service holds now. Of the others, one holding nothing or just the default is left out (the
   * program did not set it), and one the service fills in is the service's; any other value was
   * set outside the program, and stays so that it shows as the change.
   */
  const inputsOf = (outs: Props): Props => {
    const programSet = programSetIn(outs);
    // The tenant, as the other carried inputs, but only when the program named it (the outputs name it always).
    const inputs = pick(outs, CARRIED_INPUTS.filter((field) => field !== TENANT_INPUT || programSet.includes(TENANT_INPUT)));
    const defaults = fields.defaults(variant());
    for (const field of fields.inputNames) {
      const value = outs[field];
      if (programSet.includes(field)) {
        if (value !== undefined && value !== null) inputs[field] = value;
        continue;
      }
      if (fields.filledByService.includes(field) || looksUnset(value, defaults[field])) continue;
      inputs[field] = value;
    }
    return inputs;
  };

  return { fromApi, outputsOf, inputsOf, notEchoed };
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
  /**
   * The client in the resource's tenant (its `tenantId`, else the configured tenant), and its objects there. Every call
   * of the resource, its request-record polls, its batches and cached lists included, goes through this tenant's view.
   */
  const access = async (props: Props): Promise<{ client: NmsClient; objects: ObjectAccess }> => {
    const root = await getClient();
    const client = root.forTenant(explicitTenant(props) ?? root.tenantId);
    return { client, objects: objectAccess(spec, client) };
  };
  /** Outputs with the tenant the object is in, resolved (refresh, update and delete go there, whatever the configuration says later). */
  const inTenant = (outs: Props, client: NmsClient): Props => ({ ...outs, [TENANT_INPUT]: client.tenantId });

  const { outputsOf, inputsOf, notEchoed } = readMapping(spec, variant);

  /**
   * Whether a field the program leaves out is whatever the service holds: one the service fills in from its own state,
   * and, of a kind the service cannot update (every change replaces it), any but those with operations of their own
   * (toggles, triggers). An adopted guest user keeps the notes the front desk wrote instead of being replaced to clear them.
   */
  const leftToService = (field: string): boolean =>
    fields.filledByService.includes(field) || (spec.ops.update === undefined && !sideEffectFields.has(field));

  /**
   * The inputs as the service takes them: a null that stands for "not set" (contract/validate.ts withoutUnsetNulls) is
   * left out, so that it is compared like a field the program leaves out (with its default at the top, not at all
   * inside an object) instead of with the default the service fills in for it.
   */
  const asTheServiceTakes = (inputs: Props): Props => withoutUnsetNulls(spec.inputSchema(variant()), inputs) as Props;

  const changed = (given: Props, actual: Props): string[] => {
    const desired = asTheServiceTakes(given);
    const compared = fields.inputNames.filter((f) => desired[f] !== undefined || !leftToService(f));
    return changedFields(compared, desired, actual, fields.defaults(variant()));
  };

  /** Of the differing fields, those whose change replaces the object: the kind's triggers, and the program's replaceOnChanges option. */
  const replacedBy = (differing: readonly string[], news: Props, actual: Props): string[] => {
    const inPlace = (field: string) => !fields.replaceOnChanges.includes(field) && (spec.ops.update !== undefined || sideEffectFields.has(field));
    // The program's replaceOnChanges option, which the engine cannot apply to a dynamic resource (provider/resourceOptions.ts).
    const desired = asTheServiceTakes(news);
    const want = (field: string) => (desired[field] === undefined ? fields.defaults(variant())[field] : desired[field]);
    const byOption = replacedByOption(replaceOnChangesOf(news), differing, want, actual);
    return differing.filter((field) => !inPlace(field) || byOption.includes(field));
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
    return objects.readAlone(id, props);
  };

  /**
   * The inputs with what clears each differing field the program leaves out (fields.unsetValues): an update body
   * without a field keeps the service's value (W6), so one set outside the program would differ after every update.
   * A field the service never shows (notEchoed: secrets, paths, triggers) cannot differ after the update: left alone.
   */
  const withUnsetWritten = (news: Props, differing: readonly string[]): Props => {
    const unset = fields.unsetValues(variant());
    const desired = asTheServiceTakes(news);
    const left = differing.filter((f) => desired[f] === undefined && !sideEffectFields.has(f) && !notEchoed.has(f));
    return left.length === 0 ? news : { ...news, ...Object.fromEntries(left.map((f) => [f, unset[f]])) };
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
      const written = await writeBody(objects.client, withUnsetWritten(news, differing), olds);
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
    const properties = { ...inTenant(outputsOf(accepted, inputs), objects.client), [CREATE_REQUEST_ID]: error.requestId, __provider: inputs.__provider };
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
    // The create's request ID, which resolves a lost answer and an interrupted run (provider/interruptedCreate.ts); for a
    // kind the service does not refuse twice, what an earlier create of this resource left is settled first.
    const plan = await planCreate(client, objects, spec, inputs, fields.secretInputs, createOp);
    if ("earlier" in plan) return takeOver(objects, client, inputs, plan.earlier, plan.requestId);
    const { requestId } = plan;
    const through = spec.createThrough;
    const body = through ? await through.body(client, inputs) : await writeBody(client, inputs, undefined);
    let takenOver: Props | undefined;
    const { response, record } = await objects.write(createOp, inputs, undefined, body, { requestId }).catch(async (error: unknown) => {
      // The parent's answer does not name the object: an unfinished create through it cannot be kept in state.
      const unfinished = through ? undefined : createdButUnfinished(objects, error, inputs);
      if (unfinished) throw unfinished;
      if (!isNameTaken(error) || !plan.provesByName) throw withAdoptionHint(error);
      if (requestId === undefined) throw withAdoptionHint(error, unidentifiedCreate(inputs));
      const evidence = await interruptedCreateEvidence(client, objects, spec, inputs, requestId, createOp);
      if (!evidence.proven) throw withAdoptionHint(error, evidence.why);
      takenOver = evidence.found;
      return {} as Written;
    });
    if (takenOver) return takeOver(objects, client, inputs, takenOver, requestId);
    if (through) {
      // A lost answer: the parent as it is now shows the entry the request made.
      const picked = through.created(response ?? (await through.parent(client, inputs)), inputs);
      if (!picked) throw new Error(`${spec.kind} was created through ${createOp} (request ${record?.requestId}) but its parent does not show it`);
      return picked;
    }
    const created = response ?? (await readBack(objects, client, inputs, record?.entityId, record?.requestId));
    return writeOnCreateTriggers(objects, inputs, created);
  };

  /** The object this resource's interrupted create made, brought to the inputs. */
  const takeOver = async (objects: ObjectAccess, client: NmsClient, inputs: Props, found: Props, requestId: string | undefined): Promise<Props> => {
    const id = objects.idOf(found, inputs);
    takenOverInThisRun.add(`${client.tenantId} ${spec.kind} ${id}`);
    client.notice("info", `${spec.kind} ${id}: took over the object this stack's interrupted create made (request ${requestId})`);
    const current = outputsOf(found, inputs, "notEchoed");
    return changed(inputs, current).length > 0 ? bringToInputs(objects, id, current, inputs) : found;
  };

  /** The created object when the create's answer did not carry it (201/202 without it, or lost): read by the record's entityId. */
  const readBack = async (objects: ObjectAccess, client: NmsClient, inputs: Props, entityId: string | undefined, requestId: string | undefined): Promise<Props> => {
    const id = spec.identity.idFromInput ? String(inputs[spec.identity.idFromInput]) : entityId;
    if (id && !spec.ops.read) {
      // Write-only (a DPSK passphrase): the object is the record's, as the inputs and the service's defaults describe it.
      client.notice("warn", `${spec.kind} ${id}: created (request ${requestId}), but the answer was lost and the service has no read: a value the service made up for it (a generated passphrase) is not known`);
      return { ...fields.defaults(variant()), ...pick(inputs, fields.inputNames), [objects.idField]: id };
    }
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
      const known = new Set<string>([...fields.inputNames, ...ADOPTION_FIELDS, TENANT_INPUT]);
      for (const key of Object.keys(news)) {
        if (!known.has(key) && !PULUMI_RESERVED.has(key)) failures.push({ property: key, reason: `is not a property of nms:${spec.kind}` });
      }
      failures.push(...adoptionFailures(news, spec));
      failures.push(...tenantFailures(news));
      failures.push(...optionFailures(news, fields.inputNames));
      let tenantVariant: WifiApiVariant;
      try {
        tenantVariant = variant();
      } catch (error) {
        return { inputs: withoutCheckOnlyInputs(news), failures: [...failures, { property: "nms:wifiApiVariant", reason: (error as Error).message }] };
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
      const bodySchema = (spec.bodySchema ?? spec.inputSchema)(tenantVariant);
      const result = validateBody(bodySchema, checked);
      // Fields the service would ignore (another network type's, a misspelt nested one) could never converge: refused here.
      // Trigger inputs go by the input schema's fields; top-level names that are no input were named above.
      const ignored = [
        ...ignoredFields(bodySchema, body, isUnknown),
        ...ignoredFields(spec.inputSchema(tenantVariant), pick(news, triggerFields), isUnknown),
      ].filter((f) => {
        const top = f.path.split(/[.[]/)[0];
        return top === "" || known.has(top); // "": a body that is an array (W39)
      });
      for (const failure of [...(result.ok ? [] : result.failures), ...ignored]) {
        // Not known until the resource it depends on exists.
        if (unknownPaths.some((p) => failure.path === p || failure.path.startsWith(`${p}.`) || failure.path.startsWith(`${p}[`))) continue;
        failures.push({ property: spec.inputPathOf ? spec.inputPathOf(failure.path) : failure.path, reason: failure.message });
      }
      // An input the SDK declares required, which the body may not show missing (a network's wlan, made from a lifted passphrase).
      for (const field of fields.inputs) {
        if (field.required && news[field.name] === undefined && !failures.some((f) => f.property === field.name)) failures.push({ property: field.name, reason: "is required" });
      }
      if (failures.length === 0 && previewReads) failures.push(...(await previewReads.check(olds, news)));
      // A replacement told from the old object by its secrets alone gets a create ID of its own (CREATE_GENERATION_INPUT).
      // A check without old inputs is a new resource's (nothing to tell it from) or a replacement's second check.
      const resource = unidentifiedCreate(news) === undefined ? `${spec.kind} ${news[RESOURCE_STACK_INPUT]} ${news[RESOURCE_NAME_INPUT]}` : undefined;
      let generation: number | undefined;
      if (Object.keys(olds).length > 0) {
        const unseen = changesUnseenById(olds, news, fields.secretInputs);
        generation = nextCreateGeneration(olds, unseen.length > 0 && replacedBy(unseen, news, olds).length > 0);
        if (resource !== undefined && generation !== undefined) generationCheckedInThisRun.set(resource, generation);
        else if (resource !== undefined) generationCheckedInThisRun.delete(resource);
      } else if (resource !== undefined) {
        generation = generationCheckedInThisRun.get(resource);
      }
      const { [CREATE_GENERATION_INPUT]: _given, ...program } = news;
      return { inputs: withoutCheckOnlyInputs(generation === undefined ? program : { ...program, [CREATE_GENERATION_INPUT]: generation }), failures };
    },

    async diff(id: string, olds: Props, news: Props) {
      // A create that never finished (kept in state by createdButUnfinished) and whose request has failed since: create it again.
      const requestId = olds[CREATE_REQUEST_ID];
      if (typeof requestId === "string") {
        const { client, objects } = await access(olds);
        if ((await unfinishedCreate(client, objects, id, olds, requestId)) === "failed") {
          return { changes: true, replaces: [CREATE_REQUEST_ID], deleteBeforeReplace: false };
        }
      }
      // The tenant is part of the object's identity: another one is another object (left out = the configured tenant).
      const configured = options.configuredTenant ? options.configuredTenant() : await getClient().then((c) => c.tenantId, () => undefined);
      const tenantMoved = movesTenant(olds, news, configured);
      const differing = [...changed(news, olds), ...(tenantMoved ? [TENANT_INPUT] : [])];
      const replaces = [...replacedBy(differing.filter((field) => field !== TENANT_INPUT), news, olds), ...(tenantMoved ? [TENANT_INPUT] : [])];
      // A replacement that keeps the unique name (replaceOnChanges on another field) would be refused while the old
      // object holds the name; names are unique per tenant, so one in another tenant is not.
      const keepsName = spec.uniqueName !== undefined && !tenantMoved && !spec.uniqueName.some((field) => differing.includes(field));
      return {
        changes: differing.length > 0,
        replaces,
        stables: fields.inputNames.filter((field) => !differing.includes(field)),
        // An object named by an input (a serial number, its venue) cannot exist twice: the old one goes first.
        deleteBeforeReplace: spec.identity.idFromInput !== undefined || (replaces.length > 0 && keepsName),
      };
    },

    async create(inputs: Props) {
      const { client, objects } = await access(inputs);
      const createOp = spec.ops.create;
      const api = createOp
        ? ((await adopt(objects, client, inputs)) ?? (await createNew(objects, client, inputs, createOp)))
        : await adoptSettings(objects, inputs);
      return { id: objects.idOf(api, inputs), outs: inTenant(outputsOf(api, inputs), client) };
    },

    async read(id: string, props: Props) {
      // Write-only: the service has no read, so refresh can neither see drift nor a delete.
      if (!spec.ops.read) return { id, props, inputs: inputsOf(props) };
      // State written before resources carried a tenant has none in its outputs: the configured tenant, kept so.
      const { client, objects } = await access(props);
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
      // Where the object is (a move to another tenant is a replacement, never an update).
      const { client, objects } = await access(olds);
      const requestId = olds[CREATE_REQUEST_ID];
      if (typeof requestId === "string" && (await unfinishedCreate(client, objects, id, olds, requestId)) === "pending" && spec.ops.create) {
        await client.waitForRequest(requestId, spec.ops.create);
      }
      return { outs: inTenant(outputsOf(await bringToInputs(objects, id, olds, news), news), client) };
    },

    async delete(id: string, props: Props) {
      const { client, objects } = await access(props);
      if (takenOverInThisRun.has(`${client.tenantId} ${spec.kind} ${id}`)) {
        client.notice("info", `${spec.kind} ${id}: not deleted: a create of this run took it over as its own (a replacement whose inputs name the same create), so it stays in the stack`);
        return;
      }
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
  if (!(error instanceof NmsApiError) || !isNameTaken(error)) return error;
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
