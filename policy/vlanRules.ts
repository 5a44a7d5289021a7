// The pack's rule on VLANs, wherever a kind keeps one: networks, their venue activations, switch
// VLANs and port settings.
import { z } from "zod";
import { type Props, inRanges, violation, vlanRanges } from "./common";
import { resourceRule } from "./resourceRule";

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
