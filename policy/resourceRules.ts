// The pack's rules on one resource at a time (validateResource): what the engine asks before each
// resource's step, with the resource's checked inputs (names as the SDK and the contract spell them).
// Declared with resourceRule.ts, one file per subject.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { adminInOrgDomains, noExternalPrimeAdmin } from "./adminRules";
import { secretsKeptSecret } from "./secretRules";
import { vlanRangesRule } from "./vlanRules";
import {
  apNotInDefaultGroup,
  guestClientIsolation,
  noOpenSsidOnStaffVlan,
  noWepOrTkip,
  radiusServersAllowed,
  wpa3Required,
} from "./wifiRules";

export {
  adminInOrgDomains,
  apNotInDefaultGroup,
  guestClientIsolation,
  noExternalPrimeAdmin,
  noOpenSsidOnStaffVlan,
  noWepOrTkip,
  radiusServersAllowed,
  secretsKeptSecret,
  vlanRangesRule,
  wpa3Required,
};

export const resourcePolicies: ResourceValidationPolicy[] = [
  noOpenSsidOnStaffVlan,
  wpa3Required,
  noWepOrTkip,
  guestClientIsolation,
  vlanRangesRule,
  radiusServersAllowed,
  apNotInDefaultGroup,
  adminInOrgDomains,
  noExternalPrimeAdmin,
  secretsKeptSecret,
];
