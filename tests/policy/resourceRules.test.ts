// Each resource rule of the pack passes a resource that keeps it and refuses one that breaks it, with
// a message naming the resource, the field and the fix; parameters come from the rule's config.
import type { ResourceValidationPolicy } from "@pulumi/policy";
import {
  adminInOrgDomains,
  apNotInDefaultGroup,
  guestClientIsolation,
  noExternalPrimeAdmin,
  noOpenSsidOnStaffVlan,
  noWepOrTkip,
  radiusServersAllowed,
  resourcePolicies,
  secretsKeptSecret,
  vlanRangesRule,
  wpa3Required,
} from "../../policy/resourceRules";
import { violationsOf } from "./support";

type Props = Record<string, unknown>;

interface Case {
  policy: ResourceValidationPolicy;
  kind: string;
  config?: Props;
  passes: Props;
  breaks: Props;
  /** The message of the breaking resource, after the policy's description. */
  message: string;
  secretOutputs?: string[];
}

const CASES: Case[] = [
  {
    policy: noOpenSsidOnStaffVlan,
    kind: "Network",
    passes: { name: "Lobby", type: "open", wlan: { ssid: "lobby", vlanId: 300 } },
    breaks: { name: "Lobby", type: "open", wlan: { ssid: "lobby", vlanId: 10 } },
    message:
      'Network "r": wlan.vlanId is 10: an open network (SSID "lobby") on staff VLAN 10 (staff VLANs: 1-99). ' +
      "Fix: move it to a guest VLAN outside those ranges, or make it a psk/aaa network with WPA2 or WPA3.",
  },
  {
    policy: noOpenSsidOnStaffVlan,
    kind: "Network",
    config: { staffVlans: ["300-399"] },
    passes: { name: "Lobby", type: "psk", wlan: { ssid: "lobby", vlanId: 300, wlanSecurity: "WPA3" } },
    breaks: { name: "Lobby", type: "psk", wlan: { ssid: "lobby", vlanId: 300, wlanSecurity: "Open" } },
    message:
      'Network "r": wlan.vlanId is 300: an open network (SSID "lobby") on staff VLAN 300 (staff VLANs: 300-399).',
  },
  {
    policy: wpa3Required,
    kind: "Network",
    config: { networks: ["secure"] },
    passes: { name: "Secure", type: "psk", wlan: { ssid: "secure", wlanSecurity: "WPA3" } },
    breaks: { name: "Secure", type: "psk", wlan: { ssid: "secure", wlanSecurity: "WPA2Personal" } },
    message:
      'Network "r": wlan.wlanSecurity is "WPA2Personal": this network must use WPA3 (policy config wpa3-required.networks). ' +
      'Fix: set wlan.wlanSecurity to "WPA3" on a psk or dpsk network.',
  },
  {
    policy: wpa3Required,
    kind: "Network",
    config: { networks: ["*"], allowTransitionMode: true },
    passes: { name: "Iot", type: "psk", wlan: { wlanSecurity: "WPA23Mixed" } },
    breaks: { name: "Iot", type: "dpsk", wlan: { wlanSecurity: "WPA2Personal" } },
    message: 'Fix: set wlan.wlanSecurity to "WPA3" (or "WPA23Mixed") on a psk or dpsk network.',
  },
  {
    policy: noWepOrTkip,
    kind: "Network",
    passes: { type: "psk", wlan: { wlanSecurity: "WPA2Personal" } },
    breaks: { type: "psk", wlan: { wlanSecurity: "WPAPersonal" } },
    message:
      'Network "r": wlan.wlanSecurity is "WPAPersonal": WPA-TKIP (WPAPersonal) is broken. ' +
      'Fix: use "WPA2Personal", "WPA3" or "WPA23Mixed".',
  },
  {
    policy: noWepOrTkip,
    kind: "Network",
    passes: { type: "psk", wlan: { wlanSecurity: "WPA3" } },
    breaks: { type: "psk", wlan: { wlanSecurity: "WPA3" }, wepHexKey: "0123456789" },
    message: 'Network "r": wepHexKey: a WEP key is set. Fix: remove wepHexKey (WEP is refused).',
  },
  {
    policy: guestClientIsolation,
    kind: "Network",
    passes: { type: "guest", wlan: { advancedCustomization: { clientIsolation: true } } },
    breaks: { type: "guest", wlan: { advancedCustomization: { clientIsolation: false } } },
    message:
      'Network "r": wlan.advancedCustomization.clientIsolation is false: a guest network lets its clients reach each ' +
      "other. Fix: set wlan.advancedCustomization.clientIsolation to true (the default for guest networks).",
  },
  {
    policy: guestClientIsolation,
    kind: "Network",
    config: { alsoNetworks: ["Visitors"] },
    passes: { name: "Staff", type: "psk", wlan: { advancedCustomization: { clientIsolation: false } } },
    breaks: { name: "Visitors", type: "psk", wlan: { advancedCustomization: { clientIsolation: false } } },
    message: "a guest network lets its clients reach each other",
  },
  {
    policy: vlanRangesRule,
    kind: "Network",
    config: { allowed: ["10-99", "200"] },
    passes: { wlan: { vlanId: 200 } },
    breaks: { wlan: { vlanId: 150 } },
    message:
      'Network "r": wlan.vlanId is 150: outside the agreed VLAN ranges 10-99, 200. ' +
      "Fix: use a VLAN in those ranges, or add its range to the policy config vlan-ranges.allowed.",
  },
  {
    policy: vlanRangesRule,
    kind: "NetworkVenueActivation",
    config: { allowed: ["10-99"] },
    passes: { allAPGroupsVlanId: 20, apGroups: [{ apGroupId: "g", vlanId: 30 }] },
    breaks: {
      apGroups: [
        { apGroupId: "g", vlanId: 30 },
        { apGroupId: "h", vlanId: 130 },
      ],
    },
    message: 'NetworkVenueActivation "r": apGroups[1].vlanId is 130: outside the agreed VLAN ranges 10-99.',
  },
  {
    policy: vlanRangesRule,
    kind: "SwitchPortSettings",
    config: { allowed: ["10-99"] },
    passes: { untaggedVlan: "10", taggedVlans: ["20", "30"] },
    breaks: { untaggedVlan: "10", taggedVlans: ["20", "300"] },
    message: 'SwitchPortSettings "r": taggedVlans[1] is 300: outside the agreed VLAN ranges 10-99.',
  },
  {
    policy: vlanRangesRule,
    kind: "SwitchVlan",
    config: { allowed: ["10-99"] },
    passes: { vlanId: 99 },
    breaks: { vlanId: 100 },
    message: 'SwitchVlan "r": vlanId is 100: outside the agreed VLAN ranges 10-99.',
  },
  {
    policy: radiusServersAllowed,
    kind: "Network",
    passes: { authRadius: { primary: { ip: "10.1.2.3" }, secondary: { ip: "192.0.2.10" } } },
    breaks: { authRadius: { primary: { ip: "10.1.2.3" } }, accountingRadius: { primary: { ip: "8.8.8.8" } } },
    message:
      'Network "r": accountingRadius.primary.ip is "8.8.8.8": not an allowed RADIUS address (allowed: 10.0.0.0/8,',
  },
  {
    policy: radiusServersAllowed,
    kind: "Network",
    config: { allowed: ["*.radius.corp.example", "10.9.0.0/16"] },
    passes: { authRadius: { primary: { ip: "eu.radius.corp.example" }, secondary: { ip: "10.9.1.1" } } },
    breaks: { authRadius: { primary: { ip: "radius.other.example" } } },
    message:
      "Fix: use one of the organisation's RADIUS servers, or add it to the policy config radius-servers-allowed.allowed.",
  },
  {
    policy: apNotInDefaultGroup,
    kind: "Ap",
    passes: { serialNumber: "302139000001", name: "ap-1", venueId: "v", apGroupId: "g" },
    breaks: { serialNumber: "302139000001", name: "ap-1", venueId: "v" },
    message:
      'Ap "r": apGroupId: not set, so the AP lands in the venue\'s default AP group. Fix: set apGroupId to an ApGroup of the venue.',
  },
  {
    policy: adminInOrgDomains,
    kind: "Admin",
    config: { domains: ["example.com"] },
    passes: { role: "ADMIN", email: "ana@it.example.com" },
    breaks: { role: "ADMIN", email: "ana@gmail.example" },
    message: 'Admin "r": email is "ana@gmail.example": outside the organisation\'s domains (example.com).',
  },
  {
    policy: noExternalPrimeAdmin,
    kind: "Admin",
    config: { domains: ["example.com"] },
    passes: { role: "ADMIN", email: "contractor@partner.example" },
    breaks: { role: "PRIME_ADMIN", email: "contractor@partner.example" },
    message:
      'Admin "r": role is "PRIME_ADMIN": given to contractor@partner.example, outside example.com. Fix: give an outside ' +
      'administrator a lesser role ("ADMIN", "READ_ONLY"), or a PRIME_ADMIN an address of the organisation.',
  },
  {
    policy: secretsKeptSecret,
    kind: "Network",
    secretOutputs: ["authRadius"],
    passes: { authRadius: { primary: { ip: "10.0.0.1", sharedSecret: "s3cret-value" } } },
    breaks: { authRadius: { primary: { ip: "10.0.0.1" } }, passphrase: "plain-passphrase" },
    message:
      'Network "r": passphrase: a secret given as a plain value: it would be stored in plaintext in state. Fix: mark it ' +
      'secret: pulumi.secret(...) or config.requireSecret(...), and add "passphrase" to additionalSecretOutputs',
  },
];

describe.each(CASES.map((c, i) => [`${c.policy.name} #${i}`, c] as const))("%s", (_label, c) => {
  test("passes a resource that keeps it", async () => {
    expect(await violationsOf(c.policy, c.kind, c.passes, c.config, c.secretOutputs)).toEqual([]);
  });
  test("refuses one that breaks it, saying where and how to fix it", async () => {
    const found = await violationsOf(c.policy, c.kind, c.breaks, c.config, c.secretOutputs);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(c.message);
  });
});

test("every resource rule has a case that passes and one that breaks it", () => {
  const covered = new Set(CASES.map((c) => c.policy.name));
  expect(resourcePolicies.map((p) => p.name).filter((n) => !covered.has(n))).toEqual([]);
});

test("a rule leaves the kinds it does not read alone, and other packages' resources", async () => {
  expect(await violationsOf(noWepOrTkip, "Venue", { wlan: { wlanSecurity: "WEP" } })).toEqual([]);
  expect(await violationsOf(secretsKeptSecret, "Venue", { passphrase: "x" }, {}, [])).toHaveLength(1);
});

test("with no domains configured the admin rules are off", async () => {
  expect(await violationsOf(noExternalPrimeAdmin, "Admin", { role: "PRIME_ADMIN", email: "x@y.example" })).toEqual([]);
});

test("a misspelt or ill-typed parameter is an error naming the rule and the parameter", async () => {
  await expect(violationsOf(vlanRangesRule, "SwitchVlan", { vlanId: 5 }, { alowed: ["1-9"] })).rejects.toThrow(
    "policy config of \"vlan-ranges\" is invalid: (config): Unrecognized key(s) in object: 'alowed'",
  );
  await expect(violationsOf(vlanRangesRule, "SwitchVlan", { vlanId: 5 }, { allowed: ["9-1"] })).rejects.toThrow(
    'policy config of "vlan-ranges" is invalid: allowed.0: must lie within 1-4094, low end first',
  );
});

test("every rule has a name, a description, an enforcement level and a config schema with defaults", () => {
  for (const p of resourcePolicies) {
    expect(p.name).toMatch(/^[a-z0-9-]+$/);
    expect(p.description.length).toBeGreaterThan(10);
    expect(["advisory", "mandatory"]).toContain(p.enforcementLevel);
    expect(p.configSchema?.properties).toBeDefined();
  }
  expect(vlanRangesRule.configSchema?.properties["allowed"]).toMatchObject({ type: "array", default: ["1-4094"] });
});

test("an AP whose group is another resource's ID, unknown in a preview, is in that group", async () => {
  // The analyzer's proxy throws on reading a value not known yet (@pulumi/policy proxy.ts).
  const unknownGroup = new Proxy(
    { serialNumber: "302139000001", apGroupId: "unknown" },
    {
      get(target, key) {
        if (key === "apGroupId") throw new Error("string value at .apGroupId can't be known during preview");
        return Reflect.get(target, key);
      },
    },
  );
  expect(await violationsOf(apNotInDefaultGroup, "Ap", unknownGroup)).toEqual([]);
});

test("the secrets rule reads a preview's unknowns only in secret fields (each read through the proxy throws)", async () => {
  // As @pulumi/policy's proxy (proxy.ts): nested objects wrapped, an unknown throws when read, building a stack trace.
  const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  const thrown: string[] = [];
  const proxied = (target: object, at: string): object =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key);
        if (value === UNKNOWN) {
          thrown.push(`${at}${String(key)}`);
          throw new Error(`string value at .${at}${String(key)} can't be known during preview`);
        }
        return value !== null && typeof value === "object" ? proxied(value, `${at}${String(key)}.`) : value;
      },
    });
  const network = proxied(
    {
      name: "corp",
      venueId: UNKNOWN,
      wlan: { ssid: "corp", vlanId: UNKNOWN, passphrase: UNKNOWN },
      authRadius: { primary: { ip: "10.0.0.1", sharedSecret: "plain" } },
      tags: [UNKNOWN, { key: "k" }],
    },
    "",
  ) as Record<string, unknown>;
  const found = await violationsOf(secretsKeptSecret, "Network", network);
  expect(found).toHaveLength(1);
  expect(found[0]).toContain('Network "r": authRadius.primary.sharedSecret: a secret given as a plain value');
  expect(thrown).toEqual(["wlan.passphrase"]);
});
