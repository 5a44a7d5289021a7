/**
 * A resource as the harness holds it between steps and runs, and the stack's state: the in-memory form that the state
 * file (state.ts) and the journal (journal.ts) store.
 */
import type { PropertyMap, PropertyValue } from "./props";

export interface ResourceState {
  urn: string;
  type: string;
  custom: boolean;
  /** Provider id of a custom resource. */
  id?: string;
  parent?: string;
  /** Checked inputs (wire form, secrets wrapped). For dynamic resources includes "__provider". */
  inputs: PropertyMap;
  /** Outputs (wire form). For dynamic resources includes "__provider". */
  outputs: PropertyMap;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  additionalSecretOutputs: string[];
  protect?: boolean;
  retainOnDelete?: boolean;
  deletedWith?: string;
  deleteBeforeReplace?: boolean;
  ignoreChanges?: string[];
  replaceOnChanges?: string[];
  /** The `replacementTrigger` option's value at the last step (wire form, secrets wrapped); a change replaces. */
  replacementTrigger?: PropertyValue;
  /** Set on an old copy that was replaced and still has to be deleted (like the engine's pending deletes). */
  delete?: boolean;
  /**
   * Set when a delete-before-replace deleted the object and its replacement is not created yet (the engine's
   * PendingReplacement, pkg/resource/deploy/step.go DeleteStep): the next run replaces it without deleting again,
   * refresh does not read it, and a program that drops it only removes it from the state.
   */
  pendingReplacement?: boolean;
  /**
   * Read with `Resource.get` (ReadResource), not managed by the stack: no run deletes the object through its provider
   * (the engine's External, pkg/resource/deploy/step.go DeleteStep.Apply).
   */
  external?: boolean;
  /** Error of the last create/update that the provider reported after the object came into being. */
  initErrors?: string[];
  created?: string;
  modified?: string;
}

/** The form of ResourceState.created and .modified. */
export function timestampNow(): string {
  return new Date().toISOString();
}

/** An operation that was started and has not ended, as the engine's checkpoint records it (`pending_operations`). */
export interface PendingOperation {
  type: "creating" | "updating" | "deleting";
  urn: string;
  resourceType: string;
}

export interface StackState {
  version: number;
  project?: string;
  stack?: string;
  resources: ResourceState[];
  /** Operations a run began and did not finish (it was killed): creates are kept until `refresh` clears them. */
  pendingOperations?: PendingOperation[];
}
