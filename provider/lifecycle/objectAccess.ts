// How one resource's objects are reached on the wire: which path parameters name an object and
// its parents, and the calls that read, create, write, reset and delete it. The spec declares
// the identity and the operations; the route table says how each call travels.
import { routeOf, type OperationName } from "../../contract/routes";
import type { NmsClient, RequestRecord } from "../client";
import { isNotFound } from "../client/errors";
import type { Props, ResourceSpec } from "../spec";
import type { LastWrite } from "./stateFields";

export interface Written {
  /** The object as the service answered it (the element of an array answer), when it did. */
  response?: Props;
  record?: RequestRecord;
  /** The write's request ID, when the service gave one. */
  requestId?: string;
}

export interface ObjectAccess {
  /** The client the calls go through: the view of the object's tenant (NmsClient.forTenant). */
  readonly client: NmsClient;
  readonly idField: string;
  /** The ID a created or adopted API object goes by in state. */
  idOf(api: Props, inputs: Props): string;
  /** Path parameters naming the object's parents (from the inputs) and, with an ID, the object. */
  params(inputs: Props, id?: string): Record<string, string>;
  /**
   * The object as the service holds it now; undefined when it does not exist. Settings that a list also returns are
   * read together with the other reads of that list asked for at the same time (client.readThroughList).
   */
  readLive(id: string, inputs: Props): Promise<Props | undefined>;
  /** The object by its own read operation alone; undefined when it does not exist. */
  readAlone(id: string, inputs: Props): Promise<Props | undefined>;
  /**
   * Sends a write of one object; array-bodied operations (createAps, createGuestUsers) carry it as a one-element array, shared with the
   * other objects written at the same time, unless it has a request ID of its own (`requestId`: a call has one).
   */
  write(
    op: OperationName,
    inputs: Props,
    id: string | undefined,
    body: unknown,
    init?: { requestId?: string },
  ): Promise<Written>;
  /** Deletes the object; with a bulk delete, together with the other deletes of its kind and path made at the same time. */
  remove(id: string, inputs: Props): Promise<Written>;
  /** The last write made through this access (write()), as the state's LAST_WRITE records it; undefined before any. */
  lastWrite(): LastWrite | undefined;
}

export function objectAccess(spec: ResourceSpec, client: NmsClient): ObjectAccess {
  const idField = spec.identity.idField ?? "id";
  const parents = Object.entries(spec.identity.parents ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );

  /** The path parameters that name the object by its ID: its idParam, unless the kind names it its own way. */
  const idParams = (id: string): Record<string, string> => {
    const shared = { [spec.identity.idParam]: id };
    return spec.overrides?.idParams ? spec.overrides.idParams(id, shared) : shared;
  };
  const idParamNames = Object.keys(idParams("id"));

  const params = (inputs: Props, id?: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [field, param] of parents) if (inputs[field] !== undefined) out[param] = String(inputs[field]);
    return id === undefined ? out : { ...out, ...idParams(id) };
  };

  const readAlone = async (id: string, inputs: Props): Promise<Props | undefined> => {
    if (!spec.ops.read) return undefined;
    try {
      const op = spec.ops.read;
      const read = () => client.call<unknown>(op, params(inputs, id));
      return spec.overrides?.read ? await spec.overrides.read(id, inputs, read) : ((await read()) as Props);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  // Settings (no create: they exist with their parent) are read right before and after their create's write, and the
  // settings of one parent are created together: their reads share a list call when one lists them all (listVenueWifiSettings, listSwitchPorts).
  // A list whose items lack fields of the object (Ap's listAps) cannot stand for its read, nor can one whose read picks the
  // object out of its answer (a read of its own, overrides.read).
  const listed =
    !spec.ops.create && !spec.overrides?.read && spec.readFromList && !spec.readFromList.lacks?.length
      ? spec.readFromList
      : undefined;
  const readLive = async (id: string, inputs: Props): Promise<Props | undefined> => {
    if (!listed || !spec.ops.read) return readAlone(id, inputs);
    return client.readThroughList<Props | undefined>(listed.op, params(inputs), listed.query, {
      alone: () => readAlone(id, inputs),
      fromList: (items) =>
        (listed.items ? listed.items(items as Props[]) : (items as Props[])).find(
          (object) => String(object[idField]) === id,
        ),
    });
  };

  let last: LastWrite | undefined;
  /** Remembers a write that ended well: its record's time, else the time its answer came (a 201's has no record). */
  const noted = (written: Written): Written => {
    const requestId = written.record?.requestId ?? written.requestId;
    const timestamp = written.record?.timestamp ?? new Date().toISOString();
    last = requestId ? { requestId, timestamp } : { timestamp };
    return written;
  };

  const sendWrite = async (
    op: OperationName,
    inputs: Props,
    id: string | undefined,
    body: unknown,
    init: { requestId?: string } = {},
  ): Promise<Written> => {
    const route = routeOf(op);
    // An operation whose path has no slot for the object's ID names it in the body (updateSwitchProfile, updateVlan).
    const pathNamesObject = idParamNames.some((param) => route.path.includes(`{${param}}`));
    const pathParams = params(inputs, pathNamesObject ? id : undefined);
    // One object for an operation whose body is an array (createAps, createGuestUsers): a one-element array. A bulk delete's array of IDs goes as it is.
    if (route.body === "array" && !Array.isArray(body)) {
      // Creates made together share one array call (createAps, createGuestUsers); one named by its own request ID goes alone.
      if (init.requestId === undefined) return client.executeInBatch<Props>(op, pathParams, body);
      const { response, record, requestId } = await client.write<Props[]>(op, pathParams, {
        body: [body],
        requestId: init.requestId,
      });
      return { response: Array.isArray(response) ? response[0] : undefined, record, requestId };
    }
    const sent = route.body === "none" ? undefined : body;
    return client.write<Props>(op, pathParams, { body: sent, requestId: init.requestId });
  };
  const write: ObjectAccess["write"] = async (op, inputs, id, body, init) =>
    noted(await sendWrite(op, inputs, id, body, init));

  const remove = async (id: string, inputs: Props): Promise<Written> => {
    const { delete: single, bulkDelete: bulk } = spec.ops;
    if (!bulk) {
      if (!single)
        throw new Error(`nms:${spec.kind} declares destroy "delete" without a delete or bulkDelete operation`);
      return sendWrite(single, inputs, id, undefined);
    }
    const entry = spec.overrides?.bulkDeleteEntry ? spec.overrides.bulkDeleteEntry(id, inputs, id) : id;
    // On its own: the single delete, or a one-entry array sent straight (not through the batcher again).
    const alone = single
      ? () => sendWrite(single, inputs, id, undefined)
      : () => client.write<Props>(bulk, params(inputs), { body: [entry] });
    return client.executeInBatch<Props>(bulk, params(inputs), entry, { alone });
  };

  return {
    client,
    idField,
    idOf: (api, inputs) => String(spec.identity.idFromInput ? inputs[spec.identity.idFromInput] : api[idField]),
    params,
    readLive,
    readAlone,
    write,
    remove,
    lastWrite: () => last,
  };
}
