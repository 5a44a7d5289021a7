// Objects a create of this process took over, which the same run's delete must keep.

/**
 * Objects a create of this process took over ("tenant kind id"). A replacement whose inputs hash to the old
 * resource's create ID (`--replace` without a change; a change of secrets alone gets a create ID of
 * its own, CREATE_GENERATION_INPUT) finds the old object as its own earlier create and takes it over;
 * the engine then deletes the replaced resource, whose ID is the same object's. One provider process
 * serves a whole run, so its delete can tell and keep the object.
 */
const takenOverInThisRun = new Set<string>();

export function noteTakenOver(tenantId: string, kind: string, id: string): void {
  takenOverInThisRun.add(`${tenantId} ${kind} ${id}`);
}

export function wasTakenOver(tenantId: string, kind: string, id: string): boolean {
  return takenOverInThisRun.has(`${tenantId} ${kind} ${id}`);
}
