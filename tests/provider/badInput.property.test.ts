// Generated bad input for every resource: check rejects it with the property path (and the
// service's code where one is defined), nothing reaches the API, and the emulator rejects the
// very same body with the same code. The emulator validates from the API documentation, so this pins the
// provider's preview-time validation to the service's behaviour.
import fc from "fast-check";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { NmsApiError, type NmsClient } from "../../provider/client";
import { demoClient, servedRequests } from "../support/emulatorClient";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import type { ResourceSpec } from "../../provider/spec";
import { ROUTES, type OperationName } from "../../contract/routes";
import { FINITE_NUMBER_RULE } from "../../contract/validators";

type Props = Record<string, any>;

interface BadInput {
  inputs: Props;
  /** Path check must report (the program's shape). */
  path: string;
  /** Path the emulator reports (the wire shape). */
  wirePath?: string;
  /** The API documentation's code, when the rule has one. */
  code?: string;
  /** Every input travels in the path (VenueDhcpBinding): there is no body for the service to refuse. */
  pathOnly?: true;
  /** The rule check must give, where the case is about one rule in particular. */
  rule?: string;
  /** JSON has no NaN or Infinity (JSON.stringify writes null): the value cannot reach the service to be refused. */
  notOnTheWire?: true;
}

let emulator: RunningEmulator;
let client: NmsClient;
let venueId: string;
let networkId: string;
let profileId: string;
// Switches
const switchSerial = "FEK3224R0AC";
let floorPlanId: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
  venueId = (await client.execute<Props>("createVenue", {}, { body: { name: "bad-input-venue" } })).response!.id;
  networkId = (await client.execute<Props>("createNetworkDeep", {}, { body: validNetwork() })).response!.id;
  profileId = (await client.execute<Props>("createSwitchProfile", {}, { body: { name: "bad-input-profile" } }))
    .response!.id;
  await client.execute("createAps", {}, { body: [{ serialNumber: AP_SERIAL, name: "bad-input-ap", venueId }] });
  // Switches
  await client.execute<Props>("createSwitch", {}, { body: { id: switchSerial, venueId } });
  floorPlanId = (await client.execute<Props>("createFloorPlan", { venueId }, { body: { name: "bad-input-plan" } }))
    .response!.id;
});

/** An AP the AP settings' bad input is sent to. */
const AP_SERIAL = "512345678901";

afterAll(async () => {
  await client.close();
  await emulator.close();
});

function validNetwork(): Props {
  return {
    name: "bad-input-net",
    type: "aaa",
    wlan: { ssid: "corp", vlanId: 10 },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "radius-secret" } },
  };
}

const outside = (min: number, max: number) => fc.oneof(fc.integer({ max: min - 1 }), fc.integer({ min: max + 1 }));
const stringOfLength = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" });
const notOneOf = (values: readonly string[]) => fc.string().filter((s) => !values.includes(s));
/** A finite double at most `below` or at least `above` (a non-finite number breaks another rule: nonFinite). */
const doubleBeyond = (below: number, above: number) =>
  fc.oneof(
    fc.double({ max: below, noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: above, noNaN: true, noDefaultInfinity: true }),
  );
/** NaN or ±Infinity in a numeric field: refused by the one rule every number has, whatever the field's range. */
const nonFinite = (inputs: (value: number) => Props, path: string) =>
  fc
    .constantFrom(NaN, Infinity, -Infinity)
    .map((value) => ({ inputs: inputs(value), path, rule: FINITE_NUMBER_RULE, notOnTheWire: true as const }));
const NON_OFDM = ["1", "2", "5.5", "11"];
const OFDM = ["6", "9", "12", "18", "24", "36", "48", "54"];

// Wi-Fi services: the guest portal's external provider (WIFI-10116) and social domains (WIFI-10209).
const guestPortalBadInput = (): fc.Arbitrary<BadInput> =>
  fc.oneof(
    fc
      .constantFrom(
        { externalProviderName: "Nobody" },
        { externalProviderName: "Purple", externalProviderRegion: "Mars" },
      )
      .map((wisprPage) => ({
        inputs: {
          name: "guest-net",
          type: "guest",
          wlan: {},
          guestPortal: {
            guestNetworkType: "WISPr",
            wisprPage: { ...wisprPage, externalProviderRegion: wisprPage.externalProviderRegion ?? "US" },
          },
        },
        path: `guestPortal.wisprPage.${wisprPage.externalProviderName === "Nobody" ? "externalProviderName" : "externalProviderRegion"}`,
        code: "WIFI-10116",
      })),
    fc.constantFrom("not a domain", "example", "-bad-.com").map((domain) => ({
      inputs: {
        name: "guest-net",
        type: "guest",
        wlan: {},
        guestPortal: { guestNetworkType: "ClickThrough", socialDomains: ["example.com", domain] },
      },
      path: "guestPortal.socialDomains[1]",
      code: "WIFI-10209",
    })),
  );

/** null: the kind has no inputs to get wrong. */
const generators: Record<string, (() => fc.Arbitrary<BadInput>) | null> = {
  Venue: () =>
    fc.oneof(
      fc.oneof(stringOfLength(0, 1), stringOfLength(33, 60)).map((name) => ({ inputs: { name }, path: "name" })),
      fc.oneof(fc.integer(), fc.boolean()).map((name) => ({ inputs: { name }, path: "name" })),
      fc
        .string()
        .map((latitude) => ({ inputs: { name: "venue-ok", address: { latitude } }, path: "address.latitude" })),
    ),
  ApGroup: () =>
    fc.oneof(
      fc
        .oneof(stringOfLength(0, 1), stringOfLength(65, 90))
        .map((name) => ({ inputs: { name, venueId }, path: "name" })),
      fc.oneof(stringOfLength(1, 1), stringOfLength(181, 200)).map((description) => ({
        inputs: { name: "group-ok", venueId, description },
        path: "description",
      })),
      fc
        .string({ maxLength: 14 })
        .filter((s) => !/^[1-9][0-9]{11}$/.test(s))
        .map((serialNumber) => ({
          inputs: { name: "group-ok", venueId, apSerialNumbers: [{ serialNumber }] },
          path: "apSerialNumbers[0].serialNumber",
        })),
    ),
  Network: () =>
    fc.oneof(
      guestPortalBadInput(),
      fc.constantFrom("with`backtick", "a$(cmd)", " leading", "trailing ", "x", "n".repeat(65)).map((name) => ({
        inputs: { ...validNetwork(), name },
        path: "name",
      })),
      outside(1, 4094).map((vlanId) => ({ inputs: { ...validNetwork(), wlan: { vlanId } }, path: "wlan.vlanId" })),
      fc.constant({
        inputs: { ...validNetwork(), authRadius: { primary: { ip: "192.0.2.10", port: 1813, sharedSecret: "s" } } },
        path: "authRadius.primary.port",
        code: "WIFI-10103",
      }),
      fc.constant({
        inputs: {
          ...validNetwork(),
          accountingRadius: { primary: { ip: "192.0.2.11", port: 1812, sharedSecret: "s" } },
        },
        path: "accountingRadius.primary.port",
        code: "WIFI-10104",
      }),
      fc.constantFrom("WPAPersonal", "WPA2Personal", "WPA3", "WPA23Mixed").map((wlanSecurity) => ({
        inputs: { name: "psk-net", type: "psk", wlan: { wlanSecurity } },
        path: "passphrase",
        wirePath: "wlan.passphrase",
        code: "WIFI-10100",
      })),
      fc.constant({
        inputs: { name: "wep-net", type: "psk", wlan: { wlanSecurity: "WEP" } },
        path: "wepHexKey",
        wirePath: "wlan.wepHexKey",
        code: "WIFI-10101",
      }),
      fc.integer({ min: 1, max: 1000 }).chain((timeout) =>
        fc.integer({ min: timeout + 1, max: 2000 }).map((grace) => ({
          inputs: {
            name: "guest-net",
            type: "guest",
            wlan: {},
            guestPortal: {
              guestNetworkType: "ClickThrough",
              userSessionTimeout: timeout,
              userSessionGracePeriod: grace,
            },
          },
          path: "guestPortal.userSessionGracePeriod",
          code: "WIFI-10105",
        })),
      ),
      fc.constantFrom(...NON_OFDM).map((rate) => ({
        inputs: {
          ...validNetwork(),
          wlan: {
            advancedCustomization: { radioCustomization: { phyTypeConstraint: "OFDM", bssMinimumPhyRate: rate } },
          },
        },
        path: "wlan.advancedCustomization.radioCustomization.bssMinimumPhyRate",
        code: "WIFI-10106",
      })),
      fc
        .tuple(fc.integer({ min: 0, max: OFDM.length - 2 }), fc.integer({ min: 1, max: OFDM.length - 1 }))
        .filter(([low, high]) => low < high)
        .map(([low, high]) => ({
          inputs: {
            ...validNetwork(),
            wlan: {
              advancedCustomization: {
                radioCustomization: {
                  phyTypeConstraint: "OFDM",
                  bssMinimumPhyRate: OFDM[high],
                  managementFrameMinimumPhyRate: OFDM[low],
                },
              },
            },
          },
          path: "wlan.advancedCustomization.radioCustomization.managementFrameMinimumPhyRate",
          code: "WIFI-10107",
        })),
    ),
  NetworkVenueActivation: () =>
    fc.oneof(
      outside(1, 4094).map((v) => ({
        inputs: { networkId, venueId, allAPGroupsVlanId: v },
        path: "allAPGroupsVlanId",
      })),
      notOneOf(["Both", "2.4-GHz", "5-GHz"]).map((radio) => ({
        inputs: { networkId, venueId, allAPGroupsRadio: radio },
        path: "allAPGroupsRadio",
      })),
      outside(1, 4094).map((v) => ({
        inputs: { networkId, venueId, isAllAPGroups: false, apGroups: [{ apGroupId: "any", vlanId: v }] },
        path: "apGroups[0].vlanId",
      })),
    ),
  VenueRadio: () =>
    fc.oneof(
      fc.array(fc.constantFrom("1", "6", "11"), { maxLength: 1 }).map((allowedChannels) => ({
        inputs: { venueId, radioParams24G: { allowedChannels } },
        path: "radioParams24G.allowedChannels",
        code: "WIFI-10110",
      })),
      fc.array(fc.constantFrom("36", "40"), { maxLength: 1 }).map((allowedIndoorChannels) => ({
        inputs: { venueId, radioParams50G: { allowedIndoorChannels } },
        path: "radioParams50G.allowedIndoorChannels",
        code: "WIFI-10111",
      })),
      fc.array(fc.constantFrom("149", "153"), { maxLength: 1 }).map((allowedOutdoorChannels) => ({
        inputs: { venueId, radioParams50G: { allowedOutdoorChannels } },
        path: "radioParams50G.allowedOutdoorChannels",
        code: "WIFI-10112",
      })),
    ),
  VenueSyslog: () =>
    fc.oneof(
      outside(1, 65535).map((port) => ({ inputs: { venueId, port }, path: "port" })),
      notOneOf(["EMERGENCY", "ALERT", "CRITICAL", "ERROR", "WARNING", "NOTICE", "INFO", "ALL"]).map((priority) => ({
        inputs: { venueId, priority },
        path: "priority",
      })),
      fc
        .constantFrom("not a host!", "300.1.1.1", "-bad-.example")
        .map((server) => ({ inputs: { venueId, server }, path: "server" })),
    ),
  Ap: () => {
    const ap = (extra: Props) => ({ serialNumber: "412345678901", name: "ap-ok", venueId, ...extra });
    return fc.oneof(
      fc
        .constantFrom("with`backtick", "a$(cmd)", " leading", "trailing ", "x", "n".repeat(33), "caf\u00e9")
        .map((name) => ({ inputs: ap({ name }), path: "name" })),
      fc
        .string({ maxLength: 14 })
        .filter((s) => !/^[1-9][0-9]{11}$/.test(s))
        .map((serialNumber) => ({ inputs: ap({ serialNumber }), path: "serialNumber" })),
      stringOfLength(181, 200).map((description) => ({ inputs: ap({ description }), path: "description" })),
      doubleBeyond(-0.001, 100.001).map((xPercent) => ({
        inputs: ap({ position: { xPercent } }),
        path: "position.xPercent",
      })),
      nonFinite((xPercent) => ap({ position: { xPercent } }), "position.xPercent"),
    );
  },
  GuestUser: () => {
    const guest = (extra: Props) => ({
      name: "guest",
      mobilePhoneNumber: "+351910000000",
      networkId,
      deliveryMethods: ["SMS"],
      expiration: { activationType: "Creation", duration: 8, unit: "Hour" },
      maxDevices: 2,
      ...extra,
    });
    return fc.oneof(
      fc
        .oneof(fc.constant(0), fc.integer({ max: -2 }))
        .map((maxDevices) => ({ inputs: guest({ maxDevices }), path: "maxDevices" })),
      fc.constant({ inputs: guest({ deliveryMethods: [] }), path: "deliveryMethods" }),
      outside(1, 8760).map((duration) => ({
        inputs: guest({ expiration: { activationType: "Login", duration, unit: "Day" } }),
        path: "expiration.duration",
      })),
      stringOfLength(181, 200).map((notes) => ({ inputs: guest({ notes }), path: "notes" })),
    );
  },
  DpskPassphrase: () =>
    fc.oneof(
      fc
        .constantFrom("aa:bb:cc:dd:ee", "aa:bb-cc:dd:ee:ff", "zz:bb:cc:dd:ee:ff", "aabbccddeef")
        .map((mac) => ({ inputs: { mac }, path: "mac" })),
      fc
        .oneof(stringOfLength(1, 7), stringOfLength(64, 80))
        .map((passphrase) => ({ inputs: { mac: "aabbccddeeff", passphrase }, path: "passphrase" })),
      outside(1, 4094).map((vlanId) => ({ inputs: { mac: "aa-bb-cc-dd-ee-ff", vlanId }, path: "vlanId" })),
    ),
  SwitchProfile: () =>
    fc
      .constantFrom("with`backtick", "a$(cmd)", " leading", "x", "n".repeat(65))
      .map((name) => ({ inputs: { name }, path: "name" })),
  SwitchVlan: () =>
    fc.oneof(
      outside(2, 4094).map((vlanId) => ({ inputs: { profileId, vlanId }, path: "vlanId" })),
      outside(0, 65535).map((spanningTreePriority) => ({
        inputs: { profileId, vlanId: 10, spanningTreePriority },
        path: "spanningTreePriority",
      })),
      outside(2, 3).map((multicastVersion) => ({
        inputs: { profileId, vlanId: 10, multicastVersion },
        path: "multicastVersion",
      })),
      notOneOf(["rstp", "stp", "none"]).map((spanningTreeProtocol) => ({
        inputs: { profileId, vlanId: 10, spanningTreeProtocol },
        path: "spanningTreeProtocol",
      })),
    ),
  // Wi-Fi devices and venue Wi-Fi settings
  ApRadio: () =>
    fc.oneof(
      fc.array(fc.constantFrom("1", "6", "11"), { maxLength: 1 }).map((allowedChannels) => ({
        inputs: { serialNumber: AP_SERIAL, apRadioParams24G: { allowedChannels } },
        path: "apRadioParams24G.allowedChannels",
        code: "WIFI-10110",
      })),
      fc.oneof(fc.string(), fc.integer()).map((useVenueSettings) => ({
        inputs: { serialNumber: AP_SERIAL, useVenueSettings },
        path: "useVenueSettings",
      })),
    ),
  ApLanPorts: () =>
    fc.oneof(
      fc.integer({ min: 2, max: 4094 }).map((untagId) => ({
        inputs: { serialNumber: AP_SERIAL, lanPorts: [{ portId: "1", type: "Trunk", untagId, vlanMembers: "1-4094" }] },
        path: "lanPorts[0].untagId",
        code: "WIFI-10108",
      })),
      fc
        .tuple(fc.integer({ min: 1, max: 4094 }), fc.integer({ min: 1, max: 4094 }))
        .filter(([a, b]) => a !== b)
        .map(([untagId, member]) => ({
          inputs: {
            serialNumber: AP_SERIAL,
            lanPorts: [{ portId: "1", type: "ACCESS", untagId, vlanMembers: String(member) }],
          },
          path: "lanPorts[0].untagId",
          code: "WIFI-10109",
        })),
    ),
  ApMdnsGateway: () =>
    fc.oneof(
      fc.constant({ inputs: { serialNumber: AP_SERIAL }, path: "rules" }),
      fc
        .oneof(fc.string(), fc.boolean())
        .map((fromVlan) => ({ inputs: { serialNumber: AP_SERIAL, rules: [{ fromVlan }] }, path: "rules[0].fromVlan" })),
    ),
  VenueMesh: () =>
    fc.oneof(fc.string(), fc.integer()).map((enabled) => ({ inputs: { venueId, enabled }, path: "enabled" })),
  VenueLanPorts: () =>
    fc.oneof(
      fc.integer({ min: 2, max: 4094 }).map((untagId) => ({
        inputs: {
          venueId,
          models: [{ model: "R550", lanPorts: [{ portId: "1", type: "Trunk", untagId, vlanMembers: "1-4094" }] }],
        },
        path: "models[0].lanPorts[0].untagId",
        wirePath: "[0].lanPorts[0].untagId",
        code: "WIFI-10108",
      })),
      notOneOf([
        "Auto",
        "802.3af",
        "802.3at",
        "802.3bt-Class_5",
        "802.3bt-Class_6",
        "802.3bt-Class_7",
        "802.3bt-Class_8",
      ]).map((poeMode) => ({
        inputs: { venueId, models: [{ model: "R550", poeMode }] },
        path: "models[0].poeMode",
        wirePath: "[0].poeMode",
      })),
    ),
  VenueLeds: () =>
    fc.oneof(
      fc.stringMatching(/^[A-Z][0-9]{3}$/).map((model) => ({
        inputs: {
          venueId,
          models: [
            { model, ledEnabled: true },
            { model, ledEnabled: false },
          ],
        },
        path: "models[1].model",
        wirePath: "[1].model",
      })),
      stringOfLength(65, 80).map((model) => ({
        inputs: { venueId, models: [{ model }] },
        path: "models[0].model",
        wirePath: "[0].model",
      })),
    ),
  VenueCellular: () => {
    const entry = (extra: Props) => ({
      model: "M510",
      primaryWanRecoveryTimer: 60,
      simCardPrimaryCellularNetworkSelection: "AUTO",
      simCardSecondaryCellularNetworkSelection: "LTE",
      wanConnection: "ETH",
      ...extra,
    });
    return fc.oneof(
      outside(10, 300).map((primaryWanRecoveryTimer) => ({
        inputs: { venueId, models: [entry({ primaryWanRecoveryTimer })] },
        path: "models[0].primaryWanRecoveryTimer",
        wirePath: "[0].primaryWanRecoveryTimer",
      })),
      fc.constantFrom("with space", "user@apn", "x".repeat(65), "caf\u00e9").map((simCardPrimaryApn) => ({
        inputs: { venueId, models: [entry({ simCardPrimaryApn })] },
        path: "models[0].simCardPrimaryApn",
        wirePath: "[0].simCardPrimaryApn",
      })),
      fc.constant({
        inputs: { venueId, models: [entry({ simCardPrimaryEnabled: false, simCardSecondaryEnabled: false })] },
        path: "models[0].simCardPrimaryEnabled",
        wirePath: "[0].simCardPrimaryEnabled",
        code: "WIFI-10170",
      }),
    );
  },
  VenueDhcpBinding: () =>
    fc.oneof(fc.integer(), fc.boolean(), fc.constant("")).map((dhcpServiceProfileId) => ({
      inputs: { venueId, dhcpServiceProfileId },
      path: "dhcpServiceProfileId",
      pathOnly: true as const,
    })),
  // Beyond the API documentation: both IDs travel in the path.
  VenueVspotBinding: () =>
    fc
      .oneof(fc.integer(), fc.boolean(), fc.constant(""))
      .chain((bad) =>
        fc.constantFrom(
          { inputs: { venueId, vspotId: bad }, path: "vspotId", pathOnly: true as const },
          { inputs: { venueId: bad, vspotId: "vspot-1" }, path: "venueId", pathOnly: true as const },
        ),
      ),
  // Switches
  Switch: () => {
    const sw = (extra: Props) => ({ serialNumber: "FEK3224R0AD", venueId, ...extra });
    return fc.oneof(
      fc
        .constantFrom(
          "XYZ3224R0AB",
          "FEK3200R0AB",
          "FEK3255R0AB",
          "FEK3224I0AB",
          "FEK3224R0AU",
          "fek3224r0ab",
          "FEK3224R0ABC",
        )
        .map((serialNumber) => ({ inputs: sw({ serialNumber }), path: "serialNumber", wirePath: "id" })),
      fc.constantFrom("", 'say "hi"', "n".repeat(256)).map((name) => ({ inputs: sw({ name }), path: "name" })),
      stringOfLength(256, 300).map((description) => ({ inputs: sw({ description }), path: "description" })),
      fc
        .constantFrom("a", "ab,cd,ef,gh,ij,kl", "has space", "no-hyphen", "bang!", "ok,", "x".repeat(59))
        .map((tags) => ({ inputs: sw({ tags }), path: "tags" })),
      notOneOf(["active", "passive", "none"]).map((igmpSnooping) => ({
        inputs: sw({ igmpSnooping }),
        path: "igmpSnooping",
      })),
      doubleBeyond(-0.01, 100.01).map((xPercent) => ({
        inputs: sw({ position: { xPercent } }),
        path: "position.xPercent",
      })),
      nonFinite((xPercent) => sw({ position: { xPercent } }), "position.xPercent"),
    );
  },
  SwitchAcl: () =>
    fc.oneof(
      fc.constantFrom("destination", "sourcePort", "destinationPort").map((field) => ({
        inputs: {
          profileId,
          name: "std",
          aclType: "standard",
          aclRules: [{ sequence: 1, source: "any", [field]: field === "destination" ? "any" : 80 }],
        },
        path: `aclRules[0].${field}`,
      })),
      notOneOf(["standard", "extended"]).map((aclType) => ({ inputs: { profileId, aclType }, path: "aclType" })),
    ),
  SwitchPortSettings: () => {
    const port = (extra: Props) => ({ switchId: switchSerial, port: "1/1/5", ...extra });
    return fc.oneof(
      doubleBeyond(-0.01, 30.01).map((poeBudget) => ({ inputs: port({ poeBudget }), path: "poeBudget" })),
      nonFinite((poeBudget) => port({ poeBudget }), "poeBudget"),
      notOneOf(["UNSET", "ZERO", "ONE", "TWO", "THREE", "FOUR"]).map((poeClass) => ({
        inputs: port({ poeClass }),
        path: "poeClass",
      })),
      notOneOf(["AUTO", "NONE", "UNSET", "TEN_G_FULL"])
        .filter((s) => !/^[A-Z_]+$/.test(s))
        .map((portSpeed) => ({ inputs: port({ portSpeed }), path: "portSpeed" })),
      fc.constantFrom("1/1/100", "1-1-1", "1/1", "a/b/c").map((p) => ({ inputs: port({ port: p }), path: "port" })),
      fc.constantFrom("ten", "v210").map((untaggedVlan) => ({ inputs: port({ untaggedVlan }), path: "untaggedVlan" })),
    );
  },
  SwitchLag: () => {
    const lag = (extra: Props) => ({ switchId: switchSerial, name: "uplink", type: "static", ...extra });
    return fc.oneof(
      fc.constantFrom("", 'a"b', "n".repeat(65)).map((name) => ({ inputs: lag({ name }), path: "name" })),
      notOneOf(["static", "dynamic"]).map((type) => ({ inputs: lag({ type }), path: "type" })),
      fc.constantFrom("1/1/100", "1-1-1", "eth0").map((p) => ({ inputs: lag({ ports: [p] }), path: "ports[0]" })),
    );
  },
  SwitchIpPort: () =>
    fc
      .constantFrom("1/1/100", "1-1-1", "1/1")
      .map((port) => ({ inputs: { switchId: switchSerial, port }, path: "port" })),
  SwitchVePort: () =>
    fc.oneof(
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((n) => !Number.isInteger(n))
        .map((vlanId) => ({ inputs: { switchId: switchSerial, vlanId }, path: "vlanId" })),
      fc
        .constantFrom(2 ** 31, -(2 ** 31) - 1)
        .map((vlanId) => ({ inputs: { switchId: switchSerial, vlanId }, path: "vlanId" })),
    ),
  SwitchTrustedPort: () =>
    fc.oneof(
      fc.constantFrom("1/1/1", 7).map((trustPorts) => ({
        inputs: { profileId, trustPorts },
        path: "trustPorts",
        wirePath: "trustedPorts[0].trustPorts",
      })),
      fc.constantFrom("yes", 1).map((vlanDemand) => ({
        inputs: { profileId, vlanDemand },
        path: "vlanDemand",
        wirePath: "trustedPorts[0].vlanDemand",
      })),
    ),
  VenueSwitchSettings: () =>
    fc
      .constantFrom("300.1.1.1", "bad host", "-lead.example.com", "10.1.2")
      .chain((server) =>
        fc.constantFrom(
          { inputs: { venueId, syslogPrimaryServer: server }, path: "syslogPrimaryServer" },
          { inputs: { venueId, syslogSecondaryServer: server }, path: "syslogSecondaryServer" },
        ),
      ),
  // Wi-Fi services
  WifiCallingProfile: () => {
    const profile = (extra: Props) => ({
      profileName: "calling-ok",
      ePDGs: [{ domain: "epdg.example.com", ip: "192.0.2.1" }],
      ...extra,
    });
    return fc.oneof(
      fc
        .constantFrom("with`backtick", "a$(cmd)", " leading", "x", "n".repeat(33))
        .map((profileName) => ({ inputs: profile({ profileName }), path: "profileName" })),
      fc
        .oneof(stringOfLength(1, 1), stringOfLength(181, 200))
        .map((description) => ({ inputs: profile({ description }), path: "description" })),
      notOneOf(["WIFICALLING_PRI_VOICE", "WIFICALLING_PRI_VIDEO", "WIFICALLING_PRI_BE", "WIFICALLING_PRI_BG"]).map(
        (qosPriority) => ({ inputs: profile({ qosPriority }), path: "qosPriority" }),
      ),
      fc.constant({ inputs: { profileName: "calling-ok" }, path: "ePDGs" }),
    );
  },
  VspotServer: () => {
    const server = (extra: Props) => ({
      serverName: "vspot-ok",
      serverAddress: "192.0.2.5",
      password: "vspot-password",
      ...extra,
    });
    return fc.oneof(
      fc
        .oneof(
          stringOfLength(1, 7),
          stringOfLength(64, 80),
          fc.constantFrom("`starts-with-backtick", "$starts-with-dollar", "caf\u00e9-password"),
        )
        .map((password) => ({
          inputs: server({ password }),
          path: "password",
        })),
      outside(1, 65535).map((port) => ({ inputs: server({ port }), path: "port" })),
      fc
        .constantFrom("not a host!", "300.1.1.1", "-bad-.example")
        .map((serverAddress) => ({ inputs: server({ serverAddress }), path: "serverAddress" })),
      fc
        .constantFrom("with`backtick", "a$(cmd)", " leading", "x", "n".repeat(33))
        .map((serverName) => ({ inputs: server({ serverName }), path: "serverName" })),
    );
  },
  DevicePolicy: () => {
    const rule = (extra: Props) => ({ action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", ...extra });
    return fc.oneof(
      fc.constantFrom("downloadRateLimit", "uploadRateLimit", "vlan").map((field) => ({
        inputs: { name: "policy-ok", rules: [rule({ action: "BLOCK", [field]: 10 })] },
        path: `rules[0].${field}`,
        code: "WIFI-10203",
      })),
      fc
        .constantFrom(["Smartphone", "MacOs"], ["Gaming", "Ios"], ["Printer", "Xbox"], ["Fridge", "All"])
        .map(([deviceType, osVendor]) => ({
          inputs: { name: "policy-ok", rules: [rule({ deviceType, osVendor })] },
          path: "rules[0].osVendor",
          code: "WIFI-10204",
        })),
      fc.constant({
        inputs: { name: "policy-ok", rules: [rule({ name: "a" }), rule({ name: "b" })] },
        path: "rules[1].osVendor",
        code: "WIFI-10206",
      }),
      fc.constant({
        inputs: { name: "policy-ok", rules: [rule({ name: "same" }), rule({ name: "same", osVendor: "Android" })] },
        path: "rules[1].name",
        code: "WIFI-10207",
      }),
      fc.constant({
        inputs: { name: "policy-ok", rules: [rule({ osVendor: "All" }), rule({ osVendor: "Android" })] },
        path: "rules[1].deviceType",
        code: "WIFI-10208",
      }),
      fc.oneof(stringOfLength(0, 1), stringOfLength(33, 60)).map((name) => ({ inputs: { name }, path: "name" })),
      notOneOf(["ALLOW", "BLOCK"]).map((defaultAccess) => ({
        inputs: { name: "policy-ok", defaultAccess },
        path: "defaultAccess",
      })),
    );
  },
  RecoveryPsk: () =>
    fc.oneof(
      fc
        .string({ maxLength: 20 })
        .filter((psk) => !/^\d{16}$/.test(psk))
        .map((psk) => ({ inputs: { psk }, path: "psk" })),
      fc
        .oneof(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 17, max: 20 }))
        .map((n) => ({ inputs: { psk: "7".repeat(n) }, path: "psk" })),
    ),
  // Account
  Admin: () =>
    fc.oneof(
      notOneOf(["PRIME_ADMIN", "ADMIN", "READ_ONLY", "OFFICE_ADMIN", "SUPPORT", "DEVOPS"]).map((role) => ({
        inputs: { role, email: "a@demo.example" },
        path: "role",
      })),
      fc
        .string()
        .filter((s) => !s.includes("@"))
        .map((email) => ({ inputs: { role: "ADMIN", email }, path: "email" })),
      notOneOf(["ba", "it", "su", "debug"]).map((detailLevel) => ({
        inputs: { role: "ADMIN", email: "a@demo.example", detailLevel },
        path: "detailLevel",
      })),
    ),
  NotificationRecipient: () =>
    fc.oneof(
      fc.constant({ inputs: { description: "", endpoints: [] }, path: "description" }),
      fc
        .oneof(fc.integer(), fc.constant("x"))
        .map((endpoints) => ({ inputs: { description: "Team", endpoints }, path: "endpoints" })),
      fc.constant({
        inputs: { description: "Team", endpoints: [{ type: "EMAIL", destination: "" }] },
        path: "endpoints[0].destination",
      }),
    ),
  UserProfile: () =>
    fc.oneof(
      notOneOf(["mm/dd/yyyy", "dd/mm/yyyy", "yyyy/mm/dd"]).map((dateFormat) => ({
        inputs: { dateFormat },
        path: "dateFormat",
      })),
      notOneOf(["ba", "it", "su", "debug"]).map((detailLevel) => ({ inputs: { detailLevel }, path: "detailLevel" })),
    ),
  VarDelegation: () =>
    fc.oneof(fc.constant(""), fc.integer()).map((username) => ({ inputs: { username }, path: "username" })),
  // No inputs: nothing a program can get wrong.
  SupportAccess: null,
  FloorPlan: () =>
    fc.oneof(
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((n) => !Number.isInteger(n))
        .map((floorNumber) => ({ inputs: { venueId, floorNumber }, path: "floorNumber" })),
      fc.constant({ inputs: { venueId, name: "" }, path: "name" }),
    ),
  CalibrationPoints: () => {
    const point = { xPercent: 50, yPercent: 50, latitude: "38.7", longitude: "-9.1" };
    return fc.oneof(
      fc
        .integer({ min: 0, max: 4 })
        .filter((n) => n !== 2)
        .map((n) => ({
          inputs: { venueId, floorPlanId, points: Array.from({ length: n }, () => point) },
          path: "points",
          wirePath: "",
          code: "VENUE-10203",
        })),
      outside(0, 100).map((xPercent) => ({
        inputs: { venueId, floorPlanId, points: [{ ...point, xPercent }, point] },
        path: "points[0].xPercent",
        wirePath: "[0].xPercent",
      })),
    );
  },
};

test("every resource kind has a generator of bad input", () => {
  expect(Object.keys(generators).sort()).toEqual(Object.keys(RESOURCE_SPECS).sort());
});

describe.each(Object.keys(RESOURCE_SPECS).filter((kind) => generators[kind] !== null))(
  "%s: generated bad input",
  (kind) => {
    const spec = RESOURCE_SPECS[kind];
    const provider = makeLifecycle(spec, async () => client);

    it("is rejected by check with its path and code, sends nothing, and the emulator agrees", async () => {
      await fc.assert(
        fc.asyncProperty(generators[kind]!(), async (bad) => {
          const writesBefore = await countWrites();
          const checked = await provider.check!({}, bad.inputs);
          const failure = checked.failures!.find((f) => f.property === bad.path);
          expect(failure).toBeDefined();
          if (bad.code) expect(failure!.reason).toContain(bad.code);
          if (bad.rule) expect(failure!.reason).toBe(bad.rule);
          expect(await countWrites()).toBe(writesBefore);
          if (bad.pathOnly || bad.notOnTheWire) return;

          // The very same body straight to the service: the kind's create, or the update of settings that always exist.
          const op = (spec.ops.create ?? spec.ops.update)!;
          const named = [spec.identity.idFromInput, ...Object.keys(spec.identity.parents ?? {})].filter(
            (f): f is string => f !== undefined,
          );
          const params = Object.fromEntries(
            named.map((field) => [spec.identity.parents?.[field] ?? spec.identity.idParam, String(bad.inputs[field])]),
          );
          const { [spec.identity.idFromInput ?? ""]: _named, ...bodyInputs } = bad.inputs;
          const wireInputs = spec.identity.idFromInput && spec.ops.create ? bad.inputs : bodyInputs;
          const parentless = Object.fromEntries(
            Object.entries(wireInputs).filter(([k]) => !Object.keys(spec.identity.parents ?? {}).includes(k)),
          );
          // A kind created through its parent's update (a trusted port, updateSwitchProfile) sends its entry inside the parent's body.
          const body = spec.overrides?.create
            ? await bodyOfOwnCreate(spec, bad.inputs)
            : spec.toApi
              ? spec.toApi(parentless)
              : parentless;
          // An array-bodied create carries one object as a one-entry array (createAps); a body that is an array already goes as it is (updateVenueLanPorts, replaceCalibrationPoints).
          const arrayBody = ROUTES[op].body === "array" && !Array.isArray(body);
          const answer = await sendRaw(op, params, arrayBody ? [body] : body);
          expect(answer.status).toBe(422);
          const wirePath = `${arrayBody ? "[0]." : ""}${bad.wirePath ?? bad.path}`;
          const entry = answer.errors.find((e) => e.object === wirePath);
          expect(entry).toBeDefined();
          expect(entry!.code).toBe(bad.code ?? "NMS-VALIDATION");
        }),
        // 20 generated cases per resource in npm test; NMS_PROPERTY_RUNS=200 for a longer search.
        { numRuns: Number(process.env.NMS_PROPERTY_RUNS ?? 20) },
      );
    });
  },
);

/** The body a kind's own create (StepOverrides.create) sends, caught before it goes out. */
async function bodyOfOwnCreate(spec: ResourceSpec, inputs: Record<string, unknown>): Promise<unknown> {
  let sent: unknown;
  const caught = new Error("body caught");
  const send = async (body: unknown) => {
    sent = body;
    throw caught;
  };
  await spec.overrides!.create!(inputs, { client, op: spec.ops.create!, send }).catch((error: unknown) => {
    if (error !== caught) throw error;
  });
  return sent;
}

async function sendRaw(
  op: OperationName,
  params: Record<string, string>,
  body: unknown,
): Promise<{ status: number; errors: { code: string; object?: string }[] }> {
  try {
    await client.write(op, params, { body });
    return { status: 202, errors: [] };
  } catch (error) {
    if (error instanceof NmsApiError)
      return { status: error.status, errors: error.errors as { code: string; object?: string }[] };
    throw error;
  }
}

async function countWrites(): Promise<number> {
  return (await servedRequests(emulator)).filter((e) => e.method !== "GET").length;
}
