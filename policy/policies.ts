// Every rule of the pack, resource rules first: docs/policy.md lists them in this order.
import type { Policies } from "@pulumi/policy";
import { resourcePolicies } from "./resourceRules";
import { stackPolicies } from "./stackRules";

export const policies: Policies = [...resourcePolicies, ...stackPolicies];
