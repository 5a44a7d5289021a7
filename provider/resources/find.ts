import type { OperationId } from "../../contract/routes";
import type { NmsClient } from "../client";
import { isNotFound } from "../client/errors";
import type { Props, ResourceSpec } from "../spec";

/** The first object of a list operation that matches, for adoption and recovery by unique name. */
export async function findInList(
  client: NmsClient,
  op: OperationId,
  params: Record<string, string>,
  matches: (object: Props) => boolean,
): Promise<Props | undefined> {
  const objects = await client.list<Props>(op, params);
  return objects.find(matches);
}

type UniqueNameLookup = Required<Pick<ResourceSpec, "uniqueName" | "findByName">>;

/**
 * A unique name looked up in a list operation, declared once: `scope` maps the inputs naming the scope to the list's
 * path parameters, `name` the inputs naming the object to the listed object's fields (equal values match), and `where`
 * narrows the list further (not the venue's default AP group). Gives the spec's uniqueName and findByName.
 */
export function listedByName(
  op: OperationId,
  key: { scope?: Readonly<Record<string, string>>; name: Readonly<Record<string, string>>; where?: (object: Props) => boolean },
): UniqueNameLookup {
  const scope = Object.entries(key.scope ?? {});
  const name = Object.entries(key.name);
  return {
    uniqueName: [...scope.map(([input]) => input), ...name.map(([input]) => input)],
    findByName: (client, inputs) =>
      findInList(
        client,
        op,
        Object.fromEntries(scope.map(([input, param]) => [param, String(inputs[input])])),
        (object) => name.every(([input, field]) => object[field] === inputs[input]) && (key.where?.(object) ?? true),
      ),
  };
}

/**
 * A unique name that is the object's own path (a serial number; a network and venue pair): `params` maps those inputs
 * to the read operation's path parameters. Not found means there is none to adopt.
 */
export function readByName(op: OperationId, params: Readonly<Record<string, string>>): UniqueNameLookup {
  const inputs = Object.entries(params);
  return {
    uniqueName: inputs.map(([input]) => input),
    async findByName(client, given) {
      try {
        return await client.call<Props>(op, Object.fromEntries(inputs.map(([input, param]) => [param, String(given[input])])));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
  };
}
