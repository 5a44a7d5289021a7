// The pack's rules on one resource at a time (validateResource): what the engine asks before each
// resource's step, with the resource's checked inputs (names as the SDK and the contract spell them).
import type { ReportViolation, ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { z } from "zod";
import { SECRET_FIELD_NAMES } from "../contract/secretFields";
import {
  type Props,
  addressAllowed,
  addressList,
  configSchemaOf,
  domainOf,
  inDomains,
  inRanges,
  isSet,
  kindOf,
  paramsOf,
  rawValue,
  ssidOf,
  typeOf,
  violation,
  vlanRanges,
} from "./common";

/** A resource rule: its parameters (zod) and a check of one resource of the kinds it names. */
interface ResourceRule<P extends z.AnyZodObject> {
  name: string;
  description: string;
  enforcementLevel: "advisory" | "mandatory";
  params: P;
  /** The kinds it reads ("Network"), or every kind of the package. */
  kinds: readonly string[] | "all";
  check(
    props: Props,
    params: z.infer<P>,
    at: Where,
    report: (message: string) => void,
    args: ResourceValidationArgs,
  ): void;
}

/** The resource a violation is about, for its message. */
interface Where {
  kind: string;
  name: string;
}

function resourceRule<P extends z.AnyZodObject>(rule: ResourceRule<P>): ResourceValidationPolicy {
  const validateResource = (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
    const kind = kindOf(args.type);
    if (!kind || (rule.kinds !== "all" && !rule.kinds.includes(kind))) return;
    const params = paramsOf(rule.name, rule.params, args.getConfig());
    rule.check(args.props, params, { kind, name: args.name }, (message) => reportViolation(message), args);
  };
  // A rule of one kind names its type as validateResourceOfType does: the analyzer server then skips other
  // resources without reading their properties (server.ts: "Fast check to see if the policy isn't applicable").
  if (rule.kinds !== "all" && rule.kinds.length === 1)
    Object.assign(validateResource, { __pulumiType: typeOf(rule.kinds[0]) });
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.enforcementLevel,
    configSchema: configSchemaOf(rule.params),
    validateResource,
  };
}

const noParams = z.object({});

/** The securities a WLAN may not use: WEP, and WPA (TKIP), which the contract calls WPAPersonal. */
const BROKEN_SECURITIES: Record<string, string> = { WEP: "WEP", WPAPersonal: "WPA-TKIP (WPAPersonal)" };

const isOpen = (network: Props): boolean => network["type"] === "open" || network["wlan"]?.["wlanSecurity"] === "Open";

export const noOpenSsidOnStaffVlan = resourceRule({
  name: "no-open-ssid-on-staff-vlan",
  description: "No open (unencrypted) SSID on a staff VLAN.",
  enforcementLevel: "mandatory",
  params: z.object({
    staffVlans: vlanRanges.default(["1-99"]).describe("The staff VLANs, where no network may be open."),
  }),
  kinds: ["Network"],
  check(network, { staffVlans }, at, report) {
    const vlan = network["wlan"]?.["vlanId"] ?? 1;
    if (!isOpen(network) || !inRanges(vlan, staffVlans)) return;
    report(
      violation(
        at.kind,
        at.name,
        "wlan.vlanId",
        vlan,
        `an open network (SSID ${JSON.stringify(ssidOf(network))}) on staff VLAN ${vlan} (staff VLANs: ${staffVlans.join(", ")})`,
        "move it to a guest VLAN outside those ranges, or make it a psk/aaa network with WPA2 or WPA3",
      ),
    );
  },
});

export const wpa3Required = resourceRule({
  name: "wpa3-required",
  description: "The networks the security team names use WPA3.",
  enforcementLevel: "mandatory",
  params: z.object({
    networks: z
      .array(z.string().min(1))
      .default([])
      .describe("Networks that must use WPA3, by network name or SSID; * for every WPA-personal network."),
    allowTransitionMode: z
      .boolean()
      .default(false)
      .describe("Accept WPA23Mixed (WPA2/WPA3 transition mode) as well as WPA3."),
  }),
  kinds: ["Network"],
  check(network, { networks, allowTransitionMode }, at, report) {
    const security = network["wlan"]?.["wlanSecurity"];
    const named = networks.includes(network["name"]) || networks.includes(ssidOf(network) ?? "");
    const everyPersonal = networks.includes("*") && (network["type"] === "psk" || network["type"] === "dpsk");
    if (!named && !everyPersonal) return;
    if (security === "WPA3" || (allowTransitionMode && security === "WPA23Mixed")) return;
    report(
      violation(
        at.kind,
        at.name,
        "wlan.wlanSecurity",
        security ?? "(not set)",
        "this network must use WPA3 (policy config wpa3-required.networks)",
        `set wlan.wlanSecurity to "WPA3"${allowTransitionMode ? ' (or "WPA23Mixed")' : ""} on a psk or dpsk network`,
      ),
    );
  },
});

export const noWepOrTkip = resourceRule({
  name: "no-wep-or-tkip",
  description: "WEP and WPA-TKIP are refused: both are broken.",
  enforcementLevel: "mandatory",
  params: noParams,
  kinds: ["Network"],
  check(network, _params, at, report) {
    const security = network["wlan"]?.["wlanSecurity"];
    if (typeof security === "string" && security in BROKEN_SECURITIES) {
      report(
        violation(
          at.kind,
          at.name,
          "wlan.wlanSecurity",
          security,
          `${BROKEN_SECURITIES[security]} is broken`,
          'use "WPA2Personal", "WPA3" or "WPA23Mixed"',
        ),
      );
    }
    if (network["wepHexKey"] !== undefined || network["wlan"]?.["wepHexKey"] !== undefined) {
      report(
        violation(at.kind, at.name, "wepHexKey", undefined, "a WEP key is set", "remove wepHexKey (WEP is refused)"),
      );
    }
  },
});

export const guestClientIsolation = resourceRule({
  name: "guest-client-isolation",
  description: "Guest networks isolate their clients from each other.",
  enforcementLevel: "mandatory",
  params: z.object({
    alsoNetworks: z
      .array(z.string().min(1))
      .default([])
      .describe("Networks of another type that are guest networks too, by network name or SSID."),
  }),
  kinds: ["Network"],
  check(network, { alsoNetworks }, at, report) {
    const guest =
      network["type"] === "guest" ||
      alsoNetworks.includes(network["name"]) ||
      alsoNetworks.includes(ssidOf(network) ?? "");
    const isolation = network["wlan"]?.["advancedCustomization"]?.["clientIsolation"];
    if (!guest || isolation !== false) return;
    report(
      violation(
        at.kind,
        at.name,
        "wlan.advancedCustomization.clientIsolation",
        false,
        "a guest network lets its clients reach each other",
        "set wlan.advancedCustomization.clientIsolation to true (the default for guest networks)",
      ),
    );
  },
});

/** Where each kind keeps a VLAN: the field's path and its value(s). */
function vlansOf(kind: string, props: Props): [string, number][] {
  const found: [string, number][] = [];
  const add = (field: string, v: unknown) => {
    const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n === "number") found.push([field, n]);
  };
  switch (kind) {
    case "Network":
      add("wlan.vlanId", props["wlan"]?.["vlanId"]);
      break;
    case "NetworkVenueActivation":
      add("allAPGroupsVlanId", props["allAPGroupsVlanId"]);
      (props["apGroups"] ?? []).forEach((g: Props, i: number) => add(`apGroups[${i}].vlanId`, g?.["vlanId"]));
      break;
    case "SwitchVlan":
      add("vlanId", props["vlanId"]);
      break;
    case "SwitchPortSettings":
      add("untaggedVlan", props["untaggedVlan"]);
      (props["taggedVlans"] ?? []).forEach((v: unknown, i: number) => add(`taggedVlans[${i}]`, v));
      break;
  }
  return found;
}

export const vlanRangesRule = resourceRule({
  name: "vlan-ranges",
  description: "Every VLAN a network, an activation, a switch VLAN or a switch port uses lies in the agreed ranges.",
  enforcementLevel: "mandatory",
  params: z.object({ allowed: vlanRanges.default(["1-4094"]).describe("The agreed VLAN ranges.") }),
  kinds: ["Network", "NetworkVenueActivation", "SwitchVlan", "SwitchPortSettings"],
  check(props, { allowed }, at, report) {
    for (const [field, vlan] of vlansOf(at.kind, props)) {
      if (inRanges(vlan, allowed)) continue;
      report(
        violation(
          at.kind,
          at.name,
          field,
          vlan,
          `outside the agreed VLAN ranges ${allowed.join(", ")}`,
          "use a VLAN in those ranges, or add its range to the policy config vlan-ranges.allowed",
        ),
      );
    }
  },
});

/** Private (RFC 1918, RFC 4193) and documentation (RFC 5737, RFC 3849) addresses: never a public server. */
const PRIVATE_AND_DOCUMENTATION = [
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "192.0.2.0/24",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "fc00::/7",
  "2001:db8::/32",
];

export const radiusServersAllowed = resourceRule({
  name: "radius-servers-allowed",
  description: "RADIUS servers (authentication and accounting) are on allowed addresses.",
  enforcementLevel: "mandatory",
  params: z.object({
    allowed: addressList
      .default(PRIVATE_AND_DOCUMENTATION)
      .describe("Where RADIUS servers may be (default: private and documentation ranges, no public address)."),
  }),
  kinds: ["Network"],
  check(network, { allowed }, at, report) {
    for (const pair of ["authRadius", "accountingRadius"]) {
      for (const which of ["primary", "secondary"]) {
        const ip = network[pair]?.[which]?.["ip"];
        if (typeof ip !== "string" || addressAllowed(ip, allowed)) continue;
        report(
          violation(
            at.kind,
            at.name,
            `${pair}.${which}.ip`,
            ip,
            `not an allowed RADIUS address (allowed: ${allowed.join(", ")})`,
            "use one of the organisation's RADIUS servers, or add it to the policy config radius-servers-allowed.allowed",
          ),
        );
      }
    }
  },
});

export const apNotInDefaultGroup = resourceRule({
  name: "ap-not-in-default-group",
  description: "Every AP is placed in an AP group of its own choosing, not left in the venue's default group.",
  enforcementLevel: "advisory",
  params: noParams,
  kinds: ["Ap"],
  check(ap, _params, at, report) {
    if (isSet(ap, "apGroupId")) return;
    report(
      violation(
        at.kind,
        at.name,
        "apGroupId",
        undefined,
        "not set, so the AP lands in the venue's default AP group",
        "set apGroupId to an ApGroup of the venue",
      ),
    );
  },
});

const domainsParam = z
  .object({
    domains: z
      .array(z.string().min(1))
      .default([])
      .describe('The organisation\'s e-mail domains, e.g. ["example.com"]; subdomains count. Empty: the rule is off.'),
  })
  .strict();

export const adminInOrgDomains = resourceRule({
  name: "admin-in-org-domains",
  description: "Administrators' e-mail addresses are in the organisation's domains.",
  enforcementLevel: "advisory",
  params: domainsParam,
  kinds: ["Admin"],
  check(admin, { domains }, at, report) {
    const email = admin["email"];
    if (domains.length === 0 || typeof email !== "string" || inDomains(domainOf(email), domains)) return;
    report(
      violation(
        at.kind,
        at.name,
        "email",
        email,
        `outside the organisation's domains (${domains.join(", ")})`,
        "invite the administrator with an address of those domains, or add the domain to admin-in-org-domains.domains",
      ),
    );
  },
});

export const noExternalPrimeAdmin = resourceRule({
  name: "no-external-prime-admin",
  description: "No PRIME_ADMIN from outside the organisation's domains.",
  enforcementLevel: "mandatory",
  params: domainsParam,
  kinds: ["Admin"],
  check(admin, { domains }, at, report) {
    if (domains.length === 0 || admin["role"] !== "PRIME_ADMIN") return;
    const email = admin["email"];
    if (typeof email === "string" && inDomains(domainOf(email), domains)) return;
    report(
      violation(
        at.kind,
        at.name,
        "role",
        "PRIME_ADMIN",
        `given to ${typeof email === "string" ? email : "an administrator without an e-mail address"}, outside ${domains.join(", ")}`,
        'give an outside administrator a lesser role ("ADMIN", "READ_ONLY"), or a PRIME_ADMIN an address of the organisation',
      ),
    );
  },
});

/** `value[key]`, undefined when it is not known yet (the analyzer's proxy throws on an unknown in a preview). */
function known(value: Props, key: string | number): unknown {
  try {
    return value[key];
  } catch {
    return undefined;
  }
}

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_FIELD_NAMES);

/**
 * Paths below `value` whose last name is a secret field's and which hold a value. Only secret fields and objects are
 * read through the analyzer's proxy: a plain or unknown value elsewhere holds no path, and reading an unknown throws.
 */
function secretPaths(value: Props, at: string, out: string[]): string[] {
  const keys: (string | number)[] = Array.isArray(value)
    ? Array.from({ length: value.length }, (_, i) => i)
    : Object.keys(value);
  for (const k of keys) {
    const path = typeof k === "number" ? `${at}[${k}]` : at ? `${at}.${k}` : k;
    if (typeof k === "string" && SECRET_NAMES.has(k)) {
      const v = known(value, k);
      if (v !== undefined && v !== null && v !== "") out.push(path);
      continue;
    }
    const raw = rawValue(value, k);
    if (raw !== null && typeof raw === "object") secretPaths(value[k], path, out);
  }
  return out;
}

export const secretsKeptSecret = resourceRule({
  name: "secrets-kept-secret",
  description:
    "Secrets (passphrases, RADIUS secrets, passwords, keys) are secret values: encrypted in state, hidden in output.",
  enforcementLevel: "mandatory",
  params: noParams,
  kinds: "all",
  check(props, _params, at, report, args) {
    // The analyzer gets secrets unwrapped; what shows that a secret field was given as a plain value is that the
    // field is not among the resource's secret outputs (the SDK lists every secret field there, sdk/resource.ts).
    const secretOutputs = new Set(args.opts.additionalSecretOutputs);
    for (const path of secretPaths(props, "", [])) {
      const top = path.split(/[.[]/)[0];
      if (secretOutputs.has(top)) continue;
      report(
        violation(
          at.kind,
          at.name,
          path,
          undefined,
          `a secret given as a plain value: it would be stored in plaintext in state`,
          `mark it secret: pulumi.secret(...) or config.requireSecret(...), and add "${top}" to additionalSecretOutputs (the pulumi-nms SDK does both)`,
        ),
      );
    }
  },
});
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
