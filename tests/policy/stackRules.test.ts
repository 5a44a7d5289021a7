// The pack's stack rules: each passes a stack that keeps it and refuses one that breaks it, following
// an activation or a port to its network, venue or switch through the property dependencies (IDs unknown
// in a preview) or through a literal ID.
import { guestPortalAtVenue, switchPortWithinModelLimits, uniqueSsidPerVenue } from "../../policy/stackRules";
import { resource, stackViolationsOf } from "./support";

const venue = resource("Venue", "hq", { name: "HQ" });
const other = resource("Venue", "branch", { name: "Branch" });
const network = (name: string, props: Record<string, unknown>) => resource("Network", name, { name, ...props });
const activation = (name: string, net: ReturnType<typeof network>, at = venue) =>
  resource("NetworkVenueActivation", name, {}, { networkId: [net], venueId: [at] });

describe("unique-ssid-per-venue", () => {
  const a = network("a", { wlan: { ssid: "staff" } });
  const b = network("b", { wlan: { ssid: "staff" } });
  test("passes one SSID at two venues", async () => {
    const stack = [venue, other, a, b, activation("a-hq", a), activation("b-branch", b, other)];
    expect(await stackViolationsOf(uniqueSsidPerVenue, stack)).toEqual([]);
  });
  test("refuses two networks of one SSID at one venue, on the second activation", async () => {
    const second = activation("b-hq", b);
    const found = await stackViolationsOf(uniqueSsidPerVenue, [venue, a, b, activation("a-hq", a), second]);
    expect(found).toEqual([
      {
        urn: second.urn,
        message:
          'NetworkVenueActivation "b-hq": networkId: activates network "b" with SSID "staff" at venue "hq", where ' +
          'network "a" already broadcasts it. Fix: give one of the networks another wlan.ssid, or activate it at another venue.',
      },
    ]);
  });
  test("follows literal IDs too, and takes the network's name when it has no SSID", async () => {
    const x = resource("Network", "x", { id: "net-x", name: "Corp" });
    const y = resource("Network", "y", { id: "net-y", name: "Corp" });
    const lit = (name: string, networkId: string) =>
      resource("NetworkVenueActivation", name, { networkId, venueId: "venue-1" });
    const found = await stackViolationsOf(uniqueSsidPerVenue, [x, y, lit("x-at", "net-x"), lit("y-at", "net-y")]);
    expect(found.map((f) => f.message)).toEqual([expect.stringContaining('SSID "Corp" at venue id:venue-1')]);
  });
});

describe("guest-portal-at-venue", () => {
  const wispr = network("guests", { type: "guest", guestPortal: { guestNetworkType: "WISPr" } });
  test("passes an internal portal anywhere, and an external one where a vSPoT server is bound", async () => {
    const click = network("click", { type: "guest", guestPortal: { guestNetworkType: "ClickThrough" } });
    const binding = resource("VenueVspotBinding", "hq-vspot", {}, { venueId: [venue] });
    const stack = [venue, click, wispr, binding, activation("click-hq", click), activation("guests-hq", wispr)];
    expect(await stackViolationsOf(guestPortalAtVenue, stack)).toEqual([]);
  });
  test("refuses an external portal at a venue without vSPoT or portal URL", async () => {
    const found = await stackViolationsOf(guestPortalAtVenue, [venue, wispr, activation("guests-hq", wispr)]);
    expect(found.map((f) => f.message)).toEqual([
      'NetworkVenueActivation "guests-hq": networkId: activates guest network "guests" (portal WISPr) at venue "hq", ' +
        "which has no vSPoT server bound and the network no guestPortal.externalPortalUrl. Fix: bind a vSPoT server " +
        "to the venue (VenueVspotBinding) or set guestPortal.externalPortalUrl.",
    ]);
  });
  test("refuses a guest network without a portal", async () => {
    const bare = network("bare", { type: "guest" });
    const found = await stackViolationsOf(guestPortalAtVenue, [venue, bare, activation("bare-hq", bare)]);
    expect(found[0]?.message).toContain("which has no captive portal (guestPortal.guestNetworkType)");
  });
});

describe("switch-port-within-model-limits", () => {
  const config = {
    modelLimits: { "ICX7150-C12P": { poeBudgetWatts: 15, maxPortSpeed: "ONE_G" }, "ICX7150-24": { poeBudgetWatts: 0 } },
    switchModels: { FEK0001: "ICX7150-C12P", FEK0002: "ICX7150-24" },
  };
  const poeSwitch = resource("Switch", "sw1", { serialNumber: "FEK0001" });
  const plainSwitch = resource("Switch", "sw2", { serialNumber: "FEK0002" });
  const port = (name: string, sw: ReturnType<typeof resource>, props: Record<string, unknown>) =>
    resource("SwitchPortSettings", name, { port: "1/1/1", ...props }, { switchId: [sw] });
  test("passes ports within their model's limits", async () => {
    const stack = [
      poeSwitch,
      plainSwitch,
      port("p1", poeSwitch, { poeBudget: 15, portSpeed: "ONE_G_FULL" }),
      port("p2", plainSwitch, { poeEnable: false, portSpeed: "AUTO" }),
    ];
    expect(await stackViolationsOf(switchPortWithinModelLimits, stack, config)).toEqual([]);
  });
  test("refuses a PoE budget, PoE on a model without it and a speed above the model's", async () => {
    const stack = [
      poeSwitch,
      plainSwitch,
      port("p1", poeSwitch, { poeBudget: 30, portSpeed: "TEN_G_FULL" }),
      port("p2", plainSwitch, { poeEnable: true }),
    ];
    const found = await stackViolationsOf(switchPortWithinModelLimits, stack, config);
    expect(found.map((f) => f.message)).toEqual([
      'SwitchPortSettings "p1": poeBudget is 30: above the 15 W a port of ICX7150-C12P gives. Fix: set poeBudget to 15 or less.',
      `SwitchPortSettings "p1": portSpeed is "TEN_G_FULL": faster than ICX7150-C12P's ONE_G ports. Fix: use ONE_G or slower, or AUTO.`,
      'SwitchPortSettings "p2": poeEnable is true: ICX7150-24 has no PoE. Fix: set poeEnable to false.',
    ]);
  });
  test("leaves ports of switches of no configured model alone", async () => {
    const unknown = resource("Switch", "sw3", { serialNumber: "FEK0003" });
    const stack = [unknown, port("p3", unknown, { poeBudget: 30 })];
    expect(await stackViolationsOf(switchPortWithinModelLimits, stack, config)).toEqual([]);
  });
});
