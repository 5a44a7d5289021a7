// Pieces of the lifecycle that concern every shape alike: adoption inputs, and creates that were
// kept in state before their request finished.
import type * as pulumi from "@pulumi/pulumi";
import { isUnknown } from "../contract/validators";
import type { NmsClient, RequestRecord } from "./client";
import { isNotFound } from "./client/errors";
import type { ObjectAccess } from "./objectAccess";
import type { Props, ResourceSpec } from "./spec";

/**
 * Inputs that steer the provider instead of describing the object. Dynamic resources cannot
 * use `pulumi import` (docs/pulumi-facts.md §4), so adoption of existing objects goes through
 * these: adoptId takes over the object with that ID; adoptByName takes over the object with
 * the same unique name in its scope when there is one, and creates it otherwise.
 */
export const ADOPTION_FIELDS = ["adoptId", "adoptByName"] as const;

/** Output of a resource whose create was kept in state before its request finished: that request's ID. */
export const CREATE_REQUEST_ID = "createRequestId";

/**
 * Output naming the inputs marked filledByService that the program set. A dynamic provider's read
 * gets only the state's outputs, where a value the program set and one the service chose look the
 * same; refresh keeps in the inputs only the ones this names (a program that set an AP's group
 * still sets it after refresh; one that left it out still leaves it to the service).
 */
export const PROGRAM_SET_FIELDS = "programSetFields";

export function adoptionFailures(news: Props, spec: ResourceSpec): pulumi.dynamic.CheckFailure[] {
  const failures: pulumi.dynamic.CheckFailure[] = [];
  if (news.adoptId !== undefined && !isUnknown(news.adoptId) && typeof news.adoptId !== "string") {
    failures.push({ property: "adoptId", reason: "must be a string" });
  }
  if (news.adoptByName !== undefined && !isUnknown(news.adoptByName) && typeof news.adoptByName !== "boolean") {
    failures.push({ property: "adoptByName", reason: "must be a boolean" });
  }
  if (news.adoptByName === true && !spec.findByName) {
    failures.push({ property: "adoptByName", reason: `nms:${spec.kind} has no unique name to adopt by; use adoptId` });
  }
  if ((news.adoptId !== undefined || news.adoptByName !== undefined) && !spec.ops.create) {
    failures.push({ property: news.adoptId !== undefined ? "adoptId" : "adoptByName", reason: `nms:${spec.kind} always exists; creating it takes it over` });
  }
  return failures;
}

/** Where a create that was kept in state unfinished stands now: its object exists, its request is pending, or neither. */
export async function unfinishedCreate(
  client: NmsClient,
  objects: ObjectAccess,
  id: string,
  props: Props,
  requestId: string,
): Promise<"exists" | "pending" | "failed"> {
  if (await objects.readLive(id, props)) return "exists";
  try {
    const record = await client.call<RequestRecord>("A2", { requestId });
    return record.status === "PENDING" ? "pending" : "failed";
  } catch (error) {
    if (isNotFound(error)) return "failed";
    throw error;
  }
}
