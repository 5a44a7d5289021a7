// Delegations: a VAR invited by username from the support directory (TNT-10301 when
// it has no such person, TNT-10304 when the person is on the vendor's support team), vendor
// support access granted (createSupportDelegation) and revoked (deleteSupportDelegation), and the invited party's answer (updateDelegation), which
// turns INVITED into ACCEPTED or REJECTED. updateDelegation's fromTenantId, the tenant that asked, may be left
// out (answerBodySchema).
import { z } from "zod";
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  DELEGATION_TYPES,
  delegationAnswerSchema,
  delegationReadSchema,
  validateBody,
  varDelegationInputSchema,
} from "../../../contract";
import { ApiError, badRequest, notFound, validationError } from "../../model/errors";
import { listAnswer, pageOf } from "../../operations/handlers";
import type { Handler, KindDef } from "../../model/kind";
import { slicePage } from "../../model/model";
import type { TenantState } from "../../model/tenant";

export interface DelegationRecord {
  id: string;
  type: (typeof DELEGATION_TYPES)[number];
  status: "INVITED" | "ACCEPTED" | "REJECTED";
  isValid: boolean;
  delegatedBy: string;
  delegatedTo: string;
  delegatedToAdmin?: string;
  delegatedToName?: string;
  expiryDate?: string;
  createdDate: string;
  updatedDate: string;
}

/** How long vendor support may access the account once granted (createSupportDelegation); the API documentation does not say. */
const SUPPORT_ACCESS_DAYS = 14;
/** The tenant ID the vendor's support team goes by in delegations. */
const SUPPORT_TENANT = "support";

const byType = (t: TenantState, type: DelegationRecord["type"]) =>
  t.of<DelegationRecord>("delegations").filter((d) => d.type === type);

export const delegations: KindDef<DelegationRecord, { username: string }> = {
  name: "delegations",
  noun: "delegation",
  idParam: "delegationId",
  schema: () => varDelegationInputSchema,
  readSchema: () => delegationReadSchema,
  schemasOf: {
    listDelegations: { answer: () => z.array(delegationReadSchema) },
    createSupportDelegation: { answer: () => acceptedAnswerSchema(delegationReadSchema) },
    deleteSupportDelegation: { answer: () => acceptedRequestSchema },
    updateDelegation: { body: () => answerBodySchema, answer: () => acceptedAnswerSchema(delegationReadSchema) },
  },
  // One VAR delegation per person, one support delegation per tenant.
  unique: {
    key: (d) => `${d.type} ${d.delegatedToAdmin ?? d.delegatedTo}`,
    code: "NMS-DUPLICATE-NAME",
    object: "username",
    message: "this delegation already exists",
  },
  ops: { create: "inviteVar", get: "getDelegation", delete: "deleteDelegation" },

  build(ctx, input, id) {
    const person = ctx.t.directory.supportByUsername(input.username);
    const name = [person?.name, person?.lastName].filter((n) => n !== undefined).join(" ");
    const record: DelegationRecord = {
      id,
      type: "VAR",
      status: "INVITED",
      isValid: false,
      delegatedBy: ctx.t.id,
      delegatedTo: person?.tenantId ?? person?.externalId ?? input.username,
      delegatedToAdmin: input.username,
      ...(name !== "" ? { delegatedToName: name } : {}),
      createdDate: ctx.now,
      updatedDate: ctx.now,
    };
    return { record };
  },

  check(t, delegation) {
    if (delegation.type !== "VAR" || delegation.delegatedToAdmin === undefined) return;
    const person = t.directory.supportByUsername(delegation.delegatedToAdmin);
    if (!person) throw new ApiError("TNT-10301", { object: "username", value: delegation.delegatedToAdmin });
    if (person.supportUser) throw new ApiError("TNT-10304", { object: "username", value: delegation.delegatedToAdmin });
  },

  view: (_t, d) => d,

  extra: {
    listDelegations: (c) => {
      const type = c.query.get("type");
      if (type !== null && !(DELEGATION_TYPES as readonly string[]).includes(type)) {
        throw new ApiError("NMS-BAD-REQUEST", {
          message: `type must be one of ${DELEGATION_TYPES.join(", ")}`,
          object: "type",
          value: type,
        });
      }
      const matching = c.tenant.of<DelegationRecord>("delegations").filter((d) => type === null || d.type === type);
      return listAnswer(c.route, slicePage(matching, pageOf(c.query, c.route)), matching.length);
    },
    createSupportDelegation: (c) => grantSupport(c),
    deleteSupportDelegation: (c) => {
      const [granted] = byType(c.tenant, "SUPPORT");
      if (!granted)
        throw new ApiError("NMS-NOT-FOUND", {
          message: "vendor support has no access to revoke",
          object: "tenantId",
          value: c.tenant.id,
        });
      return c.finish(c.model.remove(delegations, c.tenant, [granted.id], c.params));
    },
    updateDelegation: (c) => answerDelegation(c),
  },
};

const grantSupport: Handler = (c) => {
  if (byType(c.tenant, "SUPPORT").length > 0) {
    throw new ApiError("NMS-DUPLICATE-NAME", {
      message: "vendor support already has access",
      object: "tenantId",
      value: c.tenant.id,
    });
  }
  const ctx = c.model.context(c.tenant);
  const record: DelegationRecord = {
    id: ctx.newId(),
    type: "SUPPORT",
    // Granting is the tenant's own decision: nobody else has to accept it.
    status: "ACCEPTED",
    isValid: true,
    delegatedBy: c.tenant.id,
    delegatedTo: SUPPORT_TENANT,
    delegatedToName: "Vendor support",
    expiryDate: new Date(Date.parse(ctx.now) + SUPPORT_ACCESS_DAYS * 86_400_000).toISOString(),
    createdDate: ctx.now,
    updatedDate: ctx.now,
  };
  return c.finish(c.model.action(record.id, record, () => c.tenant.of<DelegationRecord>("delegations").put(record)));
};

/**
 * updateDelegation's body. The API documentation's row gives `{accept, fromTenantId}`; the vendor's public generated client
 * sends `{accept}` alone (it has no fromTenantId), and the service takes it from that client: left out, it is the
 * tenant that made the invitation. Given, it must be that tenant.
 */
const answerBodySchema = delegationAnswerSchema.partial({ fromTenantId: true });

/**
 * updateDelegation: the delegation is found in the caller's own list (fromTenantId must then be the tenant
 * that made it) or in the list of the tenant fromTenantId names, when it was made to the caller
 * (a VAR invited by another tenant answers it from its own tenant); without fromTenantId, in the
 * list of whichever tenant made it to the caller.
 */
const answerDelegation: Handler = (c) => {
  if (c.body === null || typeof c.body !== "object" || Array.isArray(c.body))
    throw badRequest("body must be a JSON object", "body");
  const parsed = validateBody(answerBodySchema, c.body);
  if (!parsed.ok) throw validationError(parsed.failures, c.body);
  const { accept } = parsed.value;
  const id = c.params.delegationId;
  const own = c.tenant.of<DelegationRecord>("delegations").get(id);
  const madeToCaller = (t: TenantState) => t.of<DelegationRecord>("delegations").get(id)?.delegatedTo === c.tenant.id;
  const holder = own
    ? c.tenant
    : parsed.value.fromTenantId !== undefined
      ? c.model.tenant(parsed.value.fromTenantId)
      : c.model.allTenants().find(madeToCaller);
  const delegation = holder?.of<DelegationRecord>("delegations").get(id);
  if (!delegation || (!own && delegation.delegatedTo !== c.tenant.id)) throw notFound("delegation", "delegationId", id);
  const fromTenantId = parsed.value.fromTenantId ?? delegation.delegatedBy;
  if (delegation.delegatedBy !== fromTenantId) {
    throw new ApiError("NMS-VALIDATION", {
      message: "is not the tenant that requested the delegation",
      object: "fromTenantId",
      value: fromTenantId,
    });
  }
  if (delegation.status !== "INVITED") {
    throw new ApiError("NMS-VALIDATION", {
      message: `the delegation is ${delegation.status}, not INVITED`,
      object: "delegationId",
      value: id,
    });
  }
  const now = new Date().toISOString();
  const answered: DelegationRecord = {
    ...delegation,
    status: accept ? "ACCEPTED" : "REJECTED",
    isValid: accept,
    updatedDate: now,
  };
  return c.finish(
    c.model.action(id, answered, () => {
      const current = holder!.of<DelegationRecord>("delegations").get(id);
      if (current)
        holder!
          .of<DelegationRecord>("delegations")
          .put({ ...current, status: answered.status, isValid: answered.isValid, updatedDate: now });
    }),
  );
};
