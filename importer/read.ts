// Reading a tenant kind by kind, generic over the resource specs: each kind's objects come from
// its spec's list (readFromList) or read, per owner where its identity names one (a VLAN per
// profile, a venue's settings per venue), and each object's inputs are what a refresh records
// (the lifecycle's readMapping), so that adopting them changes nothing.
import type { WifiApiVariant } from "../contract/meta";
import { pathParamNames, routeOf, type OperationName } from "../contract/routes";
import type { NmsClient } from "../provider/client";
import { isNotFound } from "../provider/client/errors";
import { isEmpty } from "../provider/compare";
import { specFields } from "../provider/fields";
import { readMapping } from "../provider/lifecycle";
import { objectAccess } from "../provider/lifecycle/objectAccess";
import { RESOURCE_SPECS } from "../provider/resources";
import type { Props, ResourceSpec } from "../provider/spec";
import { KIND_IMPORTS, OWNER_KINDS, type ReadContext } from "./kinds";

export interface ImportedObject {
  readonly kind: string;
  /** The ID the resource goes by in state (adoptId, and what references name). */
  readonly id: string;
  /**
   * What a refresh of the object records as its inputs (fields at their defaults left out), with
   * the inputs naming the object and its parents filled in. Secrets are here in plaintext: they
   * never leave memory but encrypted (see program.ts).
   */
  readonly inputs: Props;
  /** Inputs the service fills in itself when left out (an AP's group), as it holds them. */
  readonly filled: Props;
  /** The object this one was found under: a setting's venue or AP, a VLAN's profile. */
  readonly owner?: ImportedObject;
  /** The read form as the service answered it. */
  readonly api: Props;
}

export interface TenantRead {
  /** Every object read, by kind in reading order (owners before what they own). */
  readonly objects: ImportedObject[];
  /** Objects left out on purpose, and why. */
  readonly skipped: { kind: string; id: string; reason: string }[];
  /** Kinds none of whose objects are imported, and why (the service cannot show them, or another kind holds them). */
  readonly unreadable: { kind: string; reason: string }[];
}

export interface ReadOptions {
  /** Kinds to read; the kinds their objects are found under are read as well. */
  readonly kinds: readonly string[];
  readonly variant: WifiApiVariant;
  readonly context: ReadContext;
  /** Reads in flight at once (the client's rate limit paces them); default 16. */
  readonly concurrency?: number;
  /**
   * Whether to read the settings (kinds that always exist) an owner holds; default yes. nms-drift reads only those of
   * owners that a request has changed since they were made: the others' are as the service made them.
   */
  readonly readSettingsOf?: (owner: ImportedObject) => boolean;
}

/** The identity input naming the object each object of the kind is found under, if any. */
export function ownerFieldOf(spec: ResourceSpec): string | undefined {
  const { idFromInput, parents } = spec.identity;
  if (idFromInput && !spec.ops.create && OWNER_KINDS[idFromInput]) return idFromInput;
  return Object.keys(parents ?? {}).find((field) => OWNER_KINDS[field] !== undefined);
}

/** The kinds to read for `kinds`, owners first. */
export function readingOrder(kinds: readonly string[]): string[] {
  const order: string[] = [];
  const visit = (kind: string) => {
    if (order.includes(kind)) return;
    const owner = ownerFieldOf(RESOURCE_SPECS[kind]);
    if (owner) visit(OWNER_KINDS[owner]);
    order.push(kind);
  };
  for (const kind of kinds) visit(kind);
  return order;
}

export async function readTenant(client: NmsClient, options: ReadOptions): Promise<TenantRead> {
  const byKind = new Map<string, ImportedObject[]>();
  const skipped: TenantRead["skipped"] = [];
  const unreadable: TenantRead["unreadable"] = [];
  const limit = pool(options.concurrency ?? 16);
  // One read of an owner's detail serves every setting it holds (readWithin).
  const detailReads = new Map<string, Promise<Props | undefined>>();
  const detailOf = (op: OperationName, params: Record<string, string>) => {
    const key = `${op} ${JSON.stringify(params)}`;
    let read = detailReads.get(key);
    if (!read) detailReads.set(key, (read = limit(() => readOrUndefined<Props>(client, op, params))));
    return read;
  };

  for (const kind of readingOrder(options.kinds)) {
    const spec = RESOURCE_SPECS[kind];
    const why = unreadableReason(spec, options.variant);
    if (why) {
      unreadable.push({ kind, reason: why });
      byKind.set(kind, []);
      continue;
    }
    const ownerField = ownerFieldOf(spec);
    const allOwners = ownerField ? (byKind.get(OWNER_KINDS[ownerField]) ?? []) : [];
    const owners =
      spec.ops.create === undefined && options.readSettingsOf ? allOwners.filter(options.readSettingsOf) : allOwners;
    let found: Found[];
    try {
      found = await enumerate(client, spec, ownerField, owners, options.context, limit, detailOf);
    } catch (error) {
      // A kind the tenant's service does not have (an older Wi-Fi API without device policies): none to import.
      if (!isNotFound(error)) throw error;
      unreadable.push({ kind, reason: `the service does not have it (${(error as Error).message})` });
      byKind.set(kind, []);
      continue;
    }
    const mapping = readMapping(spec, () => options.variant);
    const fields = specFields(spec);
    const objects: ImportedObject[] = [];
    for (const { api, owner } of found) {
      const id = idOf(spec, api, owner, ownerField);
      const reason = KIND_IMPORTS[kind]?.skip?.(api, options.context);
      if (reason) {
        skipped.push({ kind, id, reason });
        continue;
      }
      const outs = mapping.outputsOf(api, {}, "notEchoed");
      const inputs = {
        ...mapping.inputsOf(outs),
        ...(KIND_IMPORTS[kind]?.inputsFrom?.(api) ?? {}),
        ...identityInputs(spec, id, api, owner, ownerField),
      };
      const filled: Props = {};
      for (const field of fields.filledByService) if (!isEmpty(outs[field])) filled[field] = outs[field];
      objects.push({ kind, id, inputs, filled, owner, api });
    }
    byKind.set(kind, objects);
  }
  return { objects: [...byKind.values()].flat(), skipped, unreadable };
}

function unreadableReason(spec: ResourceSpec, variant: WifiApiVariant): string | undefined {
  const custom = KIND_IMPORTS[spec.kind];
  if (custom?.notImportable) return custom.notImportable;
  const newerOnly = Object.values(spec.ops).filter((op) => op !== undefined && routeOf(op).variant === "newer");
  if (variant === "older" && newerOnly.length > 0)
    return `it exists only in the newer variant of the Wi-Fi API (${newerOnly.join(", ")}), and nms:wifiApiVariant is older`;
  if (!spec.ops.read && !spec.readFromList && !custom?.enumerate && !custom?.readWithin)
    return "the service has no read for it";
  return undefined;
}

type Found = { api: Props; owner?: ImportedObject };
type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/** Every object of the kind as the service answers it, each with the owner it was found under. */
async function enumerate(
  client: NmsClient,
  spec: ResourceSpec,
  ownerField: string | undefined,
  owners: ImportedObject[],
  context: ReadContext,
  limit: Limit,
  detailOf: (op: OperationName, params: Record<string, string>) => Promise<Props | undefined>,
): Promise<Found[]> {
  const custom = KIND_IMPORTS[spec.kind];
  const objects = objectAccess(spec, client);
  /** The path parameters naming an owner (and the owner's own parents: a floor plan's venue). */
  const ownerParams = (owner: ImportedObject) => {
    const inputs: Props = {};
    for (const field of Object.keys(spec.identity.parents ?? {}))
      inputs[field] = field === ownerField ? owner.id : owner.inputs[field];
    return objects.params(inputs, ownerField === spec.identity.idFromInput ? owner.id : undefined);
  };
  const perOwner = async (read: (owner: ImportedObject) => Promise<Props[]>): Promise<Found[]> =>
    (
      await Promise.all(owners.map((owner) => limit(async () => (await read(owner)).map((api) => ({ api, owner })))))
    ).flat();

  if (custom?.enumerate && "list" in custom.enumerate) {
    const { list, where } = custom.enumerate;
    return (await client.list<Props>(list, {})).filter((api) => where(api, context)).map((api) => ({ api }));
  }
  if (custom?.enumerate && "within" in custom.enumerate) {
    const field = custom.enumerate.within;
    return owners.flatMap((owner) =>
      (Array.isArray(owner.api[field]) ? (owner.api[field] as Props[]) : []).map((api) => ({ api, owner })),
    );
  }
  if (custom?.readWithin) {
    const { op, field } = custom.readWithin;
    const found = await Promise.all(
      owners.map(async (owner): Promise<Found[]> => {
        const api = (await detailOf(op, ownerParams(owner)))?.[field];
        return api !== null && typeof api === "object" ? [{ api: api as Props, owner }] : [];
      }),
    );
    return found.flat();
  }
  if (spec.readFromList) {
    const { op, query, items } = spec.readFromList;
    const pick = (listed: Props[]) => (items ? items(listed) : listed);
    const ownerParam = ownerField
      ? ownerField === spec.identity.idFromInput
        ? spec.identity.idParam
        : spec.identity.parents?.[ownerField]
      : undefined;
    if (ownerParam && pathParamNames(routeOf(op).path).includes(ownerParam)) {
      // An owner deleted since it was listed has nothing to list.
      return perOwner(async (owner) =>
        pick(
          await client
            .list<Props>(op, ownerParams(owner), query)
            .catch((error: unknown) => (isNotFound(error) ? [] : Promise.reject(error))),
        ),
      );
    }
    const listed = pick(await client.list<Props>(op, {}, query));
    if (!ownerField) return listed.map((api) => ({ api }));
    // A list of the tenant holding owned objects (listVenueWifiSettings: every venue's settings): each goes with its owner.
    const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
    const ownerIdOf = (api: Props) =>
      String(ownerField === spec.identity.idFromInput ? api[objects.idField] : api[ownerField]);
    return listed.flatMap((api) => {
      const owner = ownerById.get(ownerIdOf(api));
      return owner ? [{ api, owner }] : [];
    });
  }
  const read = spec.ops.read!;
  if (!ownerField) {
    const answer = await readOrUndefined<Props>(client, read, {});
    return answer ? [{ api: answer }] : [];
  }
  return perOwner(async (owner) => {
    const answer = await readOrUndefined<unknown>(client, read, ownerParams(owner));
    if (answer === undefined) return [];
    // A read of the owner that answers a list holds many objects of a kind that is created (a venue's DHCP bindings);
    // a setting's read form is one object whatever its shape (calibration points are an array).
    if (spec.ops.create && Array.isArray(answer)) return answer as Props[];
    return [answer as Props];
  });
}

/** A read; undefined when the service has no such object (an owner deleted meanwhile). */
async function readOrUndefined<T>(
  client: NmsClient,
  op: OperationName,
  params: Record<string, string>,
): Promise<T | undefined> {
  try {
    return await client.call<T>(op, params);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function idOf(
  spec: ResourceSpec,
  api: Props,
  owner: ImportedObject | undefined,
  ownerField: string | undefined,
): string {
  if (owner && ownerField === spec.identity.idFromInput) return owner.id;
  return String(api[spec.identity.idField ?? "id"]);
}

/** The inputs that name the object and its parents: its ID where an input gives it, and each parent's ID. */
function identityInputs(
  spec: ResourceSpec,
  id: string,
  api: Props,
  owner: ImportedObject | undefined,
  ownerField: string | undefined,
): Props {
  const inputs: Props = {};
  const { idFromInput, parents } = spec.identity;
  if (idFromInput) inputs[idFromInput] = id;
  for (const field of Object.keys(parents ?? {})) {
    if (field === idFromInput) continue;
    const value = owner && field === ownerField ? owner.id : (owner?.inputs[field] ?? api[field]);
    if (value !== undefined) inputs[field] = value;
  }
  return inputs;
}

/** Runs at most `size` tasks at once. */
export function pool(size: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
