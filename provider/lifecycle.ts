// The one resource lifecycle: check, diff, create, read, update, delete for every spec.
import type * as pulumi from "@pulumi/pulumi";
import { validateBody } from "../contract/validate";
import { isUnknown } from "../contract/validators";
import type { NmsClient, RequestRecord } from "./client";
import { isNotFound, NmsApiError, NmsWaitTimeoutError } from "./client";
import { changedFields, isEmpty, satisfies } from "./compare";
import { pick, Props, ResourceSpec } from "./spec";

type DynamicProvider = pulumi.dynamic.ResourceProvider;

/**
 * Inputs that steer the provider instead of describing the object. Dynamic resources cannot
 * use `pulumi import` (pulumi/pulumi#16175), so adoption of existing objects goes through
 * these: adoptId takes over the object with that ID; adoptByName takes over the object with
 * the same unique name in its scope when there is one, and creates it otherwise.
 */
export const ADOPTION_FIELDS = ["adoptId", "adoptByName"] as const;

const PULUMI_RESERVED = new Set(["__provider"]);

/** Output of a resource whose create was kept in state before its request finished: that request's ID. */
const CREATE_REQUEST_ID = "createRequestId";

export type ClientSource = () => Promise<NmsClient>;

export interface LifecycleOptions {
  /** Whether refresh reads come from cached list calls where the spec allows (default yes). */
  refreshFromLists?: () => boolean;
}

export function makeLifecycle(spec: ResourceSpec, getClient: ClientSource, options: LifecycleOptions = {}): DynamicProvider {
  const toApi = (inputs: Props): Props => (spec.toApi ? spec.toApi(pick(inputs, spec.inputFields)) : pick(inputs, spec.inputFields));
  const fromApi = (api: Props): Props => (spec.fromApi ? spec.fromApi(api) : pick(api, [...spec.inputFields, ...spec.outputFields]));
  const idParams = (id: string) => ({ [spec.idParam]: id });

  /** Outputs keep the program's shape for input fields, so state holds what the program manages. */
  const outputsOf = (api: Props, inputs: Props): Props => {
    const fields = fromApi(api);
    const outs: Props = {};
    for (const [key, value] of Object.entries(fields)) {
      // undefined cannot cross the provider protocol (protobuf Struct); absent means unset.
      if (value === undefined) continue;
      outs[key] = spec.inputFields.includes(key) && inputs[key] !== undefined ? shapeLike(inputs[key], value) : value;
    }
    for (const field of ADOPTION_FIELDS) if (inputs[field] !== undefined) outs[field] = inputs[field];
    return outs;
  };

  /**
   * What refresh records as the program's inputs. A field holding nothing or just the
   * service's default is left out: the program did not set it, and listing it would show up
   * as a change in every later plan.
   */
  const inputsOf = (outs: Props): Props => {
    const inputs = pick(outs, ADOPTION_FIELDS);
    for (const field of spec.inputFields) {
      const value = outs[field];
      const isDefault = spec.defaults?.[field] !== undefined && satisfies(spec.defaults[field], value);
      if (!isEmpty(value) && !isDefault) inputs[field] = value;
    }
    return inputs;
  };

  /** One object, from the cached list when the spec has one; a GET when the list lacks it. */
  const readForRefresh = async (client: NmsClient, id: string): Promise<Props | undefined> => {
    if ((options.refreshFromLists?.() ?? true) && spec.readFromList) {
      const { op, query, items } = spec.readFromList;
      const listed = await client.list<Props>(op, {}, query);
      const found = (items ? items(listed) : listed).find((object) => object.id === id);
      if (found) return found;
    }
    // Not listed is not proof of absence (paging limits, eventual consistency): ask directly.
    return readLive(client, id);
  };

  const readLive = async (client: NmsClient, id: string): Promise<Props | undefined> => {
    try {
      return await client.call<Props>(spec.ops.read, idParams(id));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  const update = async (client: NmsClient, id: string, inputs: Props): Promise<Props> => {
    const { response } = await client.execute<Props>(spec.ops.update, idParams(id), { body: toApi(inputs) }).catch((error: unknown) => {
      throw withGoneHint(error);
    });
    return response ?? (await readLive(client, id)) ?? {};
  };

  /**
   * The service accepted a create and named the object, but the request did not finish by the deadline. A create
   * that fails with an id (Pulumi's ErrorResourceInitFailed) keeps the resource in state, and the engine sends it an
   * update on the next up even without changes: the object is then brought to match instead of created again, which
   * its name would refuse with 409.
   */
  const createdButUnfinished = (error: unknown, inputs: Props): Error | undefined => {
    if (!(error instanceof NmsWaitTimeoutError)) return undefined;
    const accepted = error.acceptedResponse;
    if (!isPlainObject(accepted) || typeof accepted.id !== "string" || accepted.id === "") return undefined;
    const message =
      `${error.message} ${spec.kind} ${accepted.id} stays in the stack's state: the next up brings it to match the ` +
      "program, or refresh drops it if the request failed.";
    // __provider: the dynamic provider host passes these properties to state as they are, and later calls need it.
    const properties = { ...outputsOf(accepted, inputs), [CREATE_REQUEST_ID]: error.requestId, __provider: inputs.__provider };
    return Object.assign(new Error(message), { id: accepted.id, properties, reasons: [message] });
  };

  /** Where a create that was kept in state unfinished stands now: its object exists, its request is pending, or neither. */
  const unfinishedCreate = async (client: NmsClient, id: string, requestId: string): Promise<"exists" | "pending" | "failed"> => {
    if (await readLive(client, id)) return "exists";
    try {
      const record = await client.call<RequestRecord>("A2", { requestId });
      return record.status === "PENDING" ? "pending" : "failed";
    } catch (error) {
      if (isNotFound(error)) return "failed";
      throw error;
    }
  };

  const adopt = async (client: NmsClient, inputs: Props): Promise<Props | undefined> => {
    let existing: Props | undefined;
    if (typeof inputs.adoptId === "string" && inputs.adoptId !== "") {
      existing = await readLive(client, inputs.adoptId);
      if (!existing) throw new Error(`cannot adopt ${spec.kind} ${inputs.adoptId}: the service has no such object`);
    } else if (inputs.adoptByName === true) {
      if (!spec.findByName) throw new Error(`${spec.kind} cannot be adopted by name; use adoptId`);
      existing = await spec.findByName(client, inputs);
      if (!existing) return undefined;
    } else {
      return undefined;
    }
    const id = String(existing.id);
    const differs = changedFields(spec.inputFields, inputs, outputsOf(existing, inputs), spec.defaults).length > 0;
    return differs ? { ...(await update(client, id, inputs)), id } : existing;
  };

  return {
    async check(_olds: Props, news: Props) {
      const failures: pulumi.dynamic.CheckFailure[] = [];
      const known = new Set<string>([...spec.inputFields, ...ADOPTION_FIELDS]);
      for (const key of Object.keys(news)) {
        if (!known.has(key) && !PULUMI_RESERVED.has(key)) {
          failures.push({ property: key, reason: `is not a property of nms:${spec.kind}` });
        }
      }
      if (news.adoptId !== undefined && !isUnknown(news.adoptId) && typeof news.adoptId !== "string") {
        failures.push({ property: "adoptId", reason: "must be a string" });
      }
      if (news.adoptByName !== undefined && !isUnknown(news.adoptByName) && typeof news.adoptByName !== "boolean") {
        failures.push({ property: "adoptByName", reason: "must be a boolean" });
      }
      const body = toApi(news);
      const unknownPaths = pathsOfUnknowns(body);
      const result = validateBody(spec.bodySchema, body);
      if (!result.ok) {
        for (const failure of result.failures) {
          if (unknownPaths.some((p) => failure.path === p || failure.path.startsWith(`${p}.`) || failure.path.startsWith(`${p}[`))) {
            continue; // not known until the resource it depends on exists
          }
          failures.push({
            property: spec.inputPathOf ? spec.inputPathOf(failure.path) : failure.path,
            reason: failure.message,
          });
        }
      }
      return { inputs: news, failures };
    },

    async diff(id: string, olds: Props, news: Props) {
      // A create that never finished (see createdButUnfinished) and whose request has failed since: create it again.
      const requestId = olds[CREATE_REQUEST_ID];
      if (typeof requestId === "string" && (await unfinishedCreate(await getClient(), id, requestId)) === "failed") {
        return { changes: true, replaces: [CREATE_REQUEST_ID], deleteBeforeReplace: false };
      }
      const changed = changedFields(spec.inputFields, news, olds, spec.defaults);
      const replaces = changed.filter((field) => spec.replaceOnChanges?.includes(field));
      return {
        changes: changed.length > 0,
        replaces,
        stables: spec.inputFields.filter((field) => !changed.includes(field)),
        deleteBeforeReplace: false,
      };
    },

    async create(inputs: Props) {
      const client = await getClient();
      let api = await adopt(client, inputs);
      if (!api) {
        // If the answer to the create is lost, the object may exist: find it by its unique
        // name instead of creating a duplicate.
        const recover = spec.findByName
          ? async () => {
              const found = await spec.findByName!(client, inputs);
              return found ? ((await readLive(client, String(found.id))) ?? found) : undefined;
            }
          : undefined;
        const { response, record } = await client
          .execute<Props>(spec.ops.create, {}, { body: toApi(inputs), recover })
          .catch((error: unknown) => {
            throw createdButUnfinished(error, inputs) ?? withAdoptionHint(error);
          });
        api = response ?? (await readLive(client, record.entityId));
        if (!api) throw new Error(`${spec.kind} was created (request ${record.requestId}) but cannot be read back`);
      }
      return { id: String(api.id), outs: outputsOf(api, inputs) };
    },

    async read(id: string, props: Props) {
      const client = await getClient();
      const live = await readForRefresh(client, id);
      const requestId = props[CREATE_REQUEST_ID];
      if (!live && typeof requestId === "string" && (await unfinishedCreate(client, id, requestId)) === "pending") {
        return { id, props, inputs: inputsOf(props) }; // not there yet, but on its way: keep it
      }
      if (!live) return {}; // gone: an empty ID tells the engine to drop it from state
      const outs = outputsOf(live, props);
      return { id, props: outs, inputs: inputsOf(outs) };
    },

    async update(id: string, olds: Props, news: Props) {
      const client = await getClient();
      const requestId = olds[CREATE_REQUEST_ID];
      if (typeof requestId === "string" && (await unfinishedCreate(client, id, requestId)) === "pending") {
        await client.waitForRequest(requestId, spec.ops.create);
      }
      return { outs: outputsOf(await update(client, id, news), news) };
    },

    async delete(id: string) {
      const client = await getClient();
      try {
        await client.execute(spec.ops.delete, idParams(id));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}

/**
 * A create refused with 409 usually means the object already exists: made by hand, or by an
 * earlier run whose wait timed out before the service finished. Say how to take it over.
 */
function withAdoptionHint(error: unknown): unknown {
  if (!(error instanceof NmsApiError) || error.status !== 409) return error;
  error.message +=
    "; if this object already exists (made outside this stack, or by an earlier run whose wait timed out), " +
    "set adoptByName: true or adoptId on the resource to take it over";
  return error;
}

/**
 * An update refused because the object does not exist: deleted outside the stack, or a create that never finished.
 * Say how the stack gets back to a good state.
 */
function withGoneHint(error: unknown): unknown {
  if (!isNotFound(error) || !(error instanceof Error)) return error;
  error.message += "; the object is not in the service: refresh (or up --refresh) drops it from the state, and the next up creates it";
  return error;
}

/** The parts of `value` that `shape` describes: objects on shape's keys, arrays element-wise. */
export function shapeLike(shape: unknown, value: unknown): unknown {
  if (Array.isArray(shape) && Array.isArray(value)) {
    return value.map((element, i) => (shape.length > 0 ? shapeLike(shape[Math.min(i, shape.length - 1)], element) : element));
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

function isPlainObject(value: unknown): value is Props {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pathsOfUnknowns(value: unknown, prefix = ""): string[] {
  if (isUnknown(value)) return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsOfUnknowns(v, `${prefix}[${i}]`));
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([k, v]) => pathsOfUnknowns(v, prefix === "" ? k : `${prefix}.${k}`));
  }
  return [];
}

