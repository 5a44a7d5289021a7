// The pack's rules on the whole stack (validateStack): what spans resources. The engine runs them once,
// at the end of a preview or update, over every resource of the stack with its outputs (in a preview:
// its checked inputs). A resource that refers to another (an activation to its network and venue) is
// followed through the engine's property dependencies, which hold also when the IDs are not known yet.
import type { PolicyResource, ReportViolation, StackValidationArgs, StackValidationPolicy } from "@pulumi/policy";
import { z } from "zod";
import { type Props, configSchemaOf, dependedOn, paramsOf, ssidOf, typeOf, violation } from "./common";

const resourcesOf = (args: StackValidationArgs, kind: string) => args.resources.filter((r) => r.type === typeOf(kind));

/**
 * The resource of `kind` that `r`'s `field` names: through the property dependency (`network.id` given), else by
 * the literal ID among the stack's resources of that kind. A venue not in the stack stays its ID.
 */
function referenced(
  args: StackValidationArgs,
  r: PolicyResource,
  field: string,
  kind: string,
): { key: string; resource?: PolicyResource } | undefined {
  const [dep] = dependedOn(r, field, kind);
  if (dep) return { key: dep.urn, resource: dep };
  const id = r.props[field];
  if (typeof id !== "string" || id === "") return undefined;
  const byId = resourcesOf(args, kind).find((x) => x.props["id"] === id);
  return byId ? { key: byId.urn, resource: byId } : { key: `id:${id}` };
}

const label = (r: PolicyResource | undefined, fallback: string): string => (r ? `"${r.name}"` : fallback);

/** Each activation with its network and venue, where both are known. */
function activations(args: StackValidationArgs) {
  const out: {
    activation: PolicyResource;
    network: PolicyResource;
    venue: { key: string; resource?: PolicyResource };
  }[] = [];
  for (const activation of resourcesOf(args, "NetworkVenueActivation")) {
    const network = referenced(args, activation, "networkId", "Network")?.resource;
    const venue = referenced(args, activation, "venueId", "Venue");
    if (network && venue) out.push({ activation, network, venue });
  }
  return out;
}

export const uniqueSsidPerVenue: StackValidationPolicy = {
  name: "unique-ssid-per-venue",
  description: "No two networks with the same SSID are activated at one venue.",
  enforcementLevel: "mandatory",
  configSchema: configSchemaOf(z.object({})),
  validateStack(args: StackValidationArgs, reportViolation: ReportViolation) {
    const seen = new Map<string, PolicyResource>();
    for (const { activation, network, venue } of activations(args)) {
      const ssid = ssidOf(network.props);
      if (!ssid) continue;
      const key = `${venue.key}\u0000${ssid}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, network);
        continue;
      }
      if (first.urn === network.urn) continue;
      reportViolation(
        violation(
          "NetworkVenueActivation",
          activation.name,
          "networkId",
          undefined,
          `activates network "${network.name}" with SSID ${JSON.stringify(ssid)} at venue ${label(venue.resource, venue.key)}, where network "${first.name}" already broadcasts it`,
          "give one of the networks another wlan.ssid, or activate it at another venue",
        ),
        activation.urn,
      );
    }
  },
};

/** Guest portal types that send guests to a portal outside the service, which a venue reaches through vSPoT. */
const EXTERNAL_PORTAL_TYPES = new Set(["WISPr", "ExternalPortal", "Cloudpath"]);

export const guestPortalAtVenue: StackValidationPolicy = {
  name: "guest-portal-at-venue",
  description: "A guest network is activated only where a captive portal is set for it.",
  enforcementLevel: "mandatory",
  configSchema: configSchemaOf(z.object({})),
  validateStack(args: StackValidationArgs, reportViolation: ReportViolation) {
    const vspotVenues = new Set<string>();
    for (const binding of resourcesOf(args, "VenueVspotBinding")) {
      const venue = referenced(args, binding, "venueId", "Venue");
      if (venue) vspotVenues.add(venue.key);
    }
    for (const { activation, network, venue } of activations(args)) {
      const n: Props = network.props;
      if (n["type"] !== "guest") continue;
      const portal = n["guestPortal"];
      const portalType = portal?.["guestNetworkType"];
      let problem: string | undefined;
      let fix = "";
      if (!portalType) {
        problem = `activates guest network "${network.name}", which has no captive portal (guestPortal.guestNetworkType)`;
        fix = 'give the network a guestPortal, e.g. { guestNetworkType: "ClickThrough" }';
      } else if (EXTERNAL_PORTAL_TYPES.has(portalType) && !portal["externalPortalUrl"] && !vspotVenues.has(venue.key)) {
        problem = `activates guest network "${network.name}" (portal ${portalType}) at venue ${label(venue.resource, venue.key)}, which has no vSPoT server bound and the network no guestPortal.externalPortalUrl`;
        fix = "bind a vSPoT server to the venue (VenueVspotBinding) or set guestPortal.externalPortalUrl";
      }
      if (problem)
        reportViolation(
          violation("NetworkVenueActivation", activation.name, "networkId", undefined, problem, fix),
          activation.urn,
        );
    }
  },
};

/** PORT_SPEEDS of the contract, slowest first: what a model's top speed is compared against. */
const SPEED_ORDER = [
  "TEN_M",
  "ONE_HUNDRED_M",
  "ONE_G",
  "TWO_POINT_FIVE_G",
  "FIVE_G",
  "TEN_G",
  "TWENTY_FIVE_G",
  "FORTY_G",
  "ONE_HUNDRED_G",
];
const speedRank = (speed: string): number => SPEED_ORDER.findIndex((s) => speed === s || speed.startsWith(`${s}_`));

const modelLimits = z
  .object({
    poeBudgetWatts: z
      .number()
      .min(0)
      .describe("Highest PoE budget a port of the model gives, in watts (0: no PoE).")
      .optional(),
    maxPortSpeed: z
      .enum(SPEED_ORDER as [string, ...string[]])
      .describe("Fastest port speed of the model.")
      .optional(),
  })
  .strict();

const switchPortParams = z.object({
  modelLimits: z
    .record(modelLimits)
    .default({})
    .describe('Limits by switch model, e.g. {"ICX7150-C12P": {"poeBudgetWatts": 30, "maxPortSpeed": "ONE_G"}}.'),
  switchModels: z
    .record(z.string().min(1))
    .default({})
    .describe("The model of each switch, by serial number, where the switch's outputs do not say it."),
});

export const switchPortWithinModelLimits: StackValidationPolicy = {
  name: "switch-port-within-model-limits",
  description: "A switch port's PoE and speed settings stay within what its switch model can give.",
  enforcementLevel: "mandatory",
  configSchema: configSchemaOf(switchPortParams),
  validateStack(args: StackValidationArgs, reportViolation: ReportViolation) {
    const params = paramsOf("switch-port-within-model-limits", switchPortParams, args.getConfig());
    for (const port of resourcesOf(args, "SwitchPortSettings")) {
      const sw = referenced(args, port, "switchId", "Switch");
      const serial = sw?.resource?.props["serialNumber"] ?? port.props["switchId"];
      const model = sw?.resource?.props["model"] ?? params.switchModels[serial];
      const limits = model ? params.modelLimits[model] : undefined;
      if (!limits) continue;
      const p: Props = port.props;
      const at = (field: string, value: unknown, problem: string, fix: string) =>
        reportViolation(violation("SwitchPortSettings", port.name, field, value, problem, fix), port.urn);
      const budget = p["poeBudget"];
      if (limits.poeBudgetWatts !== undefined && typeof budget === "number" && budget > limits.poeBudgetWatts)
        at(
          "poeBudget",
          budget,
          `above the ${limits.poeBudgetWatts} W a port of ${model} gives`,
          `set poeBudget to ${limits.poeBudgetWatts} or less`,
        );
      if (limits.poeBudgetWatts === 0 && p["poeEnable"] === true)
        at("poeEnable", true, `${model} has no PoE`, "set poeEnable to false");
      const speed = p["portSpeed"];
      if (limits.maxPortSpeed && typeof speed === "string" && speedRank(speed) > speedRank(limits.maxPortSpeed))
        at(
          "portSpeed",
          speed,
          `faster than ${model}'s ${limits.maxPortSpeed} ports`,
          `use ${limits.maxPortSpeed} or slower, or AUTO`,
        );
    }
  },
};

export const stackPolicies: StackValidationPolicy[] = [
  uniqueSsidPerVenue,
  guestPortalAtVenue,
  switchPortWithinModelLimits,
];
