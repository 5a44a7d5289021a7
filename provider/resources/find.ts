import type { OperationId } from "../../contract/routes";
import type { NmsClient } from "../client";
import type { Props } from "../spec";

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
