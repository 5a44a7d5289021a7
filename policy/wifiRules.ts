// The pack's rules on wireless networks and APs: open SSIDs, WPA3, WEP and TKIP, guest isolation,
// RADIUS servers, AP groups (validateResource, with the resource's checked inputs).
import { z } from "zod";
import { type Props, addressAllowed, addressList, inRanges, isSet, ssidOf, violation, vlanRanges } from "./common";
import { resourceRule, noParams } from "./resourceRule";

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
