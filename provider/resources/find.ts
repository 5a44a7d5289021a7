// A kind's unique name, declared once: the inputs that form it (uniqueName), how adoption finds
// the object holding it (findByName), and how check finds it taken before up (takenName).
import type { OperationName } from "../../contract/routes";
import type { NmsClient } from "../client";
import { isNotFound } from "../client/errors";
import type { Props, ResourceSpec, TakenName } from "../spec";

/** The first object of a list operation that matches, for adoption and recovery by unique name. */
export async function findInList(
  client: NmsClient,
  op: OperationName,
  params: Record<string, string>,
  matches: (object: Props) => boolean,
): Promise<Props | undefined> {
  const objects = await client.list<Props>(op, params);
  return objects.find(matches);
}

type UniqueNameLookup = Required<Pick<ResourceSpec, "uniqueName" | "findByName" | "takenName">>;

/**
 * What check does about a name another object holds: look in another list than adoption's (one that holds every
 * scope's objects at once), with its own fields, scope and match; or not look, and why.
 */
export type TakenNameCheck = TakenName | { readonly notChecked: string };

/** An object's field holding the input's value. */
export const sameField =
  (field: string, objectField = field) =>
  (object: Props, inputs: Props) =>
    object[objectField] === inputs[field];

/** "its switch profile" for a scope that is a SwitchProfile. */
const scopeOf = (kind: string) => `its ${kind.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}`;

/**
 * A unique name looked up in a list operation, declared once: `scope` maps the inputs naming the scope to the list's
 * path parameters (`within`: the kind of object the scope is), `name` the inputs naming the object to the listed
 * object's fields (equal values match), and `where` narrows the list further (not the venue's default AP group).
 * Gives the spec's uniqueName and findByName, and takenName: by default check looks in the same list for an object
 * holding the name; `preview` says otherwise.
 */
export function listedByName(
  op: OperationName,
  key: {
    scope?: Readonly<Record<string, string>>;
    within?: string;
    name: Readonly<Record<string, string>>;
    where?: (object: Props) => boolean;
    preview?: TakenNameCheck;
  },
): UniqueNameLookup {
  const scope = Object.entries(key.scope ?? {});
  const name = Object.entries(key.name);
  const holds = (object: Props, inputs: Props) =>
    name.every(([input, field]) => object[field] === inputs[input]) && (key.where?.(object) ?? true);
  const [parent] = scope;
  const takenName: TakenNameCheck = key.preview ?? {
    fields: [...name.map(([input]) => input), ...scope.map(([input]) => input)],
    scope: key.within ? scopeOf(key.within) : "the tenant",
    list: op,
    ...(parent && key.within ? { parent: { field: parent[0], param: parent[1], kind: key.within } } : {}),
    holds,
  };
  return {
    uniqueName: [...scope.map(([input]) => input), ...name.map(([input]) => input)],
    findByName: (client, inputs) =>
      findInList(
        client,
        op,
        Object.fromEntries(scope.map(([input, param]) => [param, String(inputs[input])])),
        (object) => holds(object, inputs),
      ),
    takenName,
  };
}

/**
 * A unique name that is the object's own path (a serial number; a network and venue pair): `params` maps those inputs
 * to the read operation's path parameters. Not found means there is none to adopt. `preview`: how check finds the name
 * taken (a list of every such object), or why it does not.
 */
export function readByName(
  op: OperationName,
  params: Readonly<Record<string, string>>,
  preview: TakenNameCheck,
): UniqueNameLookup {
  const inputs = Object.entries(params);
  return {
    uniqueName: inputs.map(([input]) => input),
    async findByName(client, given) {
      try {
        return await client.call<Props>(
          op,
          Object.fromEntries(inputs.map(([input, param]) => [param, String(given[input])])),
        );
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    takenName: preview,
  };
}
