// A tenant set up by hand through the service's API (plain HTTP calls, not the provider): objects
// of every family the provider manages, settings changed from their defaults, duplicate names, and
// secrets in networks, switch logins, a vSPoT server and the recovery PSK. What nms-import reads.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import type { Client } from "../support/emulatorClient";

export type Props = Record<string, any>;

/** The secrets the estate holds: none may appear in plaintext in what the generator writes. */
export const ESTATE_SECRETS = {
  staffPassphrase: "staff-Passphrase-4e7a",
  radiusSecret: "radius-Shared-91c3d0",
  accountingSecret: "acct-Shared-5b2f77",
  residentsBackup: "residents-Backup-82d1",
  vspotPassword: "vspot-Pass-6c0e19",
  switchLogin: "sw-Login-3f8a52",
  recoveryPsk: "4815162342108161",
  portalKey: "portal-Key-0d93b7",
  wisprIntegrationKey: "wispr-Key-a61c05",
};

const FLOOR_IMAGE = path.join(__dirname, "..", "sdk", "fixtures", "images", "floor-a.png");
/** The first DHCP service profile every emulated tenant is seeded with. */
export const SEEDED_DHCP_PROFILE = "d4c9a0f1e2b3c4d5e6f708192a3b4c5d";

export interface Estate {
  ids: Record<string, string>;
  /** Objects the estate made that the generator cannot take over (write-only kinds), by kind. */
  notImportable: Record<string, number>;
}

/** Builds the estate in the client's tenant; answers the IDs the test refers to. */
export async function buildEstate(api: Client): Promise<Estate> {
  const ids: Record<string, string> = {};
  const ok = (op: Parameters<Client["ok"]>[0], params: Record<string, string> = {}, body?: unknown) =>
    api.ok(op, params, body);

  // Account: two venues (one with a floor plan and its calibration points), an administrator, two recipients of the
  // same description, the user profile changed, a VAR invited and vendor support granted.
  ids.hq = (
    await ok(
      "createVenue",
      {},
      {
        name: "HQ Office",
        description: "Main office",
        address: { city: "Lisbon", country: "Portugal", timezone: "Europe/Lisbon" },
      },
    )
  ).id;
  ids.branch = (await ok("createVenue", {}, { name: "Branch", address: { city: "Porto", country: "Portugal" } })).id;
  const { fileId, signedUrl } = (await api.call("getUploadUrl", {}, { fileExtension: "png" })).body;
  const upload = await fetch(signedUrl, { method: "PUT", body: fs.readFileSync(FLOOR_IMAGE) });
  if (upload.status !== 200) throw new Error(`image upload answered ${upload.status}`);
  ids.plan = (
    await ok("createFloorPlan", { venueId: ids.hq }, { name: "Ground floor", floorNumber: 0, imageId: fileId })
  ).id;
  await ok("replaceCalibrationPoints", { venueId: ids.hq, floorPlanId: ids.plan }, [
    { xPercent: 10, yPercent: 10, latitude: "38.7223", longitude: "-9.1393" },
    { xPercent: 90, yPercent: 80, latitude: "38.7230", longitude: "-9.1380" },
  ]);
  ids.opsAdmin = (await ok("createAdmin", {}, { role: "ADMIN", email: "ops@estate.example" })).id;
  ids.oncall1 = (
    await ok(
      "createNotificationRecipient",
      {},
      { description: "On-call", endpoints: [{ type: "EMAIL", destination: "oncall@estate.example" }] },
    )
  ).id;
  ids.oncall2 = (
    await ok(
      "createNotificationRecipient",
      {},
      { description: "On-call", endpoints: [{ type: "EMAIL", destination: "night@estate.example" }] },
    )
  ).id;
  await ok("updateUserProfile", {}, { dateFormat: "dd/mm/yyyy", detailLevel: "su" });
  ids.varDelegation = (await ok("inviteVar", {}, { username: "var@partner.example" })).id;
  ids.support = (await ok("createSupportDelegation")).id;

  // Wi-Fi devices and venue settings: an AP group, two APs (one in the group, one in the venue's default group), the
  // first AP's radio, LAN ports and mDNS gateway, the venue's radio, syslog, mesh, per-model settings, a DHCP binding.
  ids.lobby = (
    await ok("createApGroup", {}, { name: "Lobby", description: "Lobby access points", venueId: ids.hq })
  ).id;
  await ok("createAps", {}, [
    {
      serialNumber: "312345678901",
      name: "Lobby AP",
      venueId: ids.hq,
      apGroupId: ids.lobby,
      description: "above the door",
    },
    { serialNumber: "312345678902", name: "Branch AP", venueId: ids.branch },
  ]);
  ids.lobbyAp = "312345678901";
  ids.branchAp = "312345678902";
  await ok(
    "updateApRadio",
    { serialNumber: ids.lobbyAp },
    {
      useVenueSettings: false,
      enable24G: true,
      enable50G: true,
      apRadioParams24G: { allowedChannels: ["1", "6"], channelBandwidth: "20MHz" },
    },
  );
  await ok(
    "updateApLanPorts",
    { serialNumber: ids.lobbyAp },
    {
      lanPorts: [{ portId: "1", type: "Trunk", untagId: 1, vlanMembers: "1-4094", enabled: true }],
      poeOut: true,
      useVenueSettings: false,
    },
  );
  await ok(
    "updateApBonjourGateway",
    { serialNumber: ids.lobbyAp },
    {
      rules: [
        { enabled: true, fromVlan: 10, toVlan: 20, mdnsName: "printers", mdnsProtocol: "TCP", service: "PRINTER" },
      ],
    },
  );
  const radio = (await api.call("getVenueRadio", { venueId: ids.hq })).body;
  await ok(
    "updateVenueRadio",
    { venueId: ids.hq },
    {
      ...radio,
      radioParams24G: { ...radio.radioParams24G, allowedChannels: ["1", "6", "11"], channelBandwidth: "20MHz" },
    },
  );
  await ok("updateVenueSyslog", { venueId: ids.hq }, { enabled: true, server: "192.0.2.50", priority: "WARNING" });
  await ok("updateVenueMesh", { venueId: ids.hq }, { enabled: true });
  await ok("updateVenueLanPorts", { venueId: ids.hq }, [
    {
      model: "R550",
      poeMode: "802.3at",
      poeOut: true,
      lanPorts: [{ portId: "1", type: "Trunk", untagId: 1, vlanMembers: "1-4094", enabled: true }],
    },
  ]);
  await ok("updateVenueLeds", { venueId: ids.hq }, [{ model: "R550", ledEnabled: false }]);
  await ok("updateVenueCellularSettings", { venueId: ids.branch }, [
    {
      model: "M510",
      primaryWanRecoveryTimer: 60,
      simCardPrimaryApn: "internet",
      simCardPrimaryCellularNetworkSelection: "AUTO",
      simCardSecondaryCellularNetworkSelection: "LTE",
      wanConnection: "ETH_WITH_CELLULAR_FAILOVER",
    },
  ]);
  await ok("bindVenueDhcpServiceProfile", { venueId: ids.hq, dhcpServiceProfileId: SEEDED_DHCP_PROFILE });

  // Wi-Fi services: a calling profile and a device policy that a network's WLAN names, networks of four types with
  // their secrets, activations (on one AP group, on all), a guest user, a vSPoT server, the recovery PSK.
  ids.calling = (
    await ok(
      "createWifiCallingProfile",
      {},
      { profileName: "Carrier calling", ePDGs: [{ domain: "epdg.carrier.example", ip: "192.0.2.61" }] },
    )
  ).id;
  ids.phones = (
    await ok(
      "createDevicePolicy",
      {},
      {
        name: "Phones",
        rules: [{ name: "iPhones", action: "ALLOW", deviceType: "Smartphone", osVendor: "Ios", vlan: 20 }],
      },
    )
  ).id;
  ids.staff = (
    await ok(
      "createNetworkDeep",
      {},
      {
        name: "Staff",
        type: "psk",
        wlan: {
          ssid: "staff",
          vlanId: 20,
          wlanSecurity: "WPA2Personal",
          passphrase: ESTATE_SECRETS.staffPassphrase,
          advancedCustomization: { wifiCallingIds: [ids.calling], devicePolicyId: ids.phones },
        },
      },
    )
  ).id;
  ids.corp = (
    await ok(
      "createNetworkDeep",
      {},
      {
        name: "Corp",
        type: "aaa",
        wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "WPA2Enterprise" },
        authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: ESTATE_SECRETS.radiusSecret } },
        accountingRadius: { primary: { ip: "192.0.2.11", port: 1813, sharedSecret: ESTATE_SECRETS.accountingSecret } },
      },
    )
  ).id;
  ids.guests = (
    await ok(
      "createNetworkDeep",
      {},
      {
        name: "Guests",
        type: "guest",
        wlan: { ssid: "guests" },
        guestPortal: {
          guestNetworkType: "GuestPass",
          externalPortalKey: ESTATE_SECRETS.portalKey,
          wisprPage: {
            captivePortalUrl: "https://portal.example.com/",
            integrationKey: ESTATE_SECRETS.wisprIntegrationKey,
            customExternalProvider: true,
            providerName: "Own portal",
          },
        },
      },
    )
  ).id;
  ids.residents = (
    await ok(
      "createNetworkDeep",
      {},
      {
        name: "Residents",
        type: "dpsk",
        wlan: { ssid: "residents", wlanSecurity: "WPA2Personal", passphraseBackup: ESTATE_SECRETS.residentsBackup },
        dpskGenerationParams: { passphraseLength: 12, passphraseFormatEnum: "KEYBOARD_FRIENDLY" },
      },
    )
  ).id;
  ids.staffAtHq = (
    await ok(
      "activateNetwork",
      {},
      {
        networkId: ids.staff,
        venueId: ids.hq,
        isAllAPGroups: false,
        apGroups: [{ apGroupId: ids.lobby, radio: "Both" }],
      },
    )
  ).id;
  ids.corpAtHq = (await ok("activateNetwork", {}, { networkId: ids.corp, venueId: ids.hq, isAllAPGroups: true })).id;
  const guest = await ok("createGuestUsers", {}, [
    {
      name: "Ana Guest",
      mobilePhoneNumber: "+351910000000",
      networkId: ids.guests,
      deliveryMethods: ["PRINT"],
      expiration: { activationType: "Creation", duration: 1, unit: "Day" },
      maxDevices: 2,
    },
  ]);
  ids.guest = (Array.isArray(guest) ? guest[0] : guest).id;
  ids.vspot = (
    await ok(
      "createVspot",
      {},
      {
        serverName: "Hotspot",
        serverAddress: "vspot.example.com",
        password: ESTATE_SECRETS.vspotPassword,
        venues: [{ id: ids.branch }],
      },
    )
  ).id;
  await ok("updateRecoveryPsk", {}, { psk: ESTATE_SECRETS.recoveryPsk });

  // Switches: a profile applied to HQ with two VLANs, an ACL and a trusted port; a switch in HQ with a port's settings,
  // a LAG, an IP port and a VE port; HQ's switch settings with the switches' login.
  ids.profile = (
    await ok("createSwitchProfile", {}, { name: "Campus access", description: "Access layer", venues: [ids.hq] })
  ).id;
  ids.usersVlan = (await ok("createVlan", { profileId: ids.profile }, { vlanId: 210, vlanName: "users" })).id;
  ids.voiceVlan = (await ok("createVlan", { profileId: ids.profile }, { vlanId: 220, vlanName: "voice" })).id;
  ids.acl = (
    await ok(
      "createAcl",
      { profileId: ids.profile },
      {
        name: "base-in",
        aclType: "extended",
        aclRules: [{ sequence: 10, action: "permit", protocol: "ip", source: "any", destination: "any" }],
      },
    )
  ).id;
  const profile = (await api.call("getSwitchProfile", { profileId: ids.profile })).body;
  await ok(
    "updateSwitchProfile",
    {},
    {
      id: profile.id,
      name: profile.name,
      description: profile.description,
      venues: profile.venues,
      trustedPorts: [{ model: "ICX7150-24P", trustPorts: ["1/2/1"], trustedPortType: "all", vlanDemand: false }],
    },
  );
  ids.trustedPort = (await api.call("getSwitchProfile", { profileId: ids.profile })).body.trustedPorts[0].id;
  ids.switch = "FEK3224R0A1";
  await ok("createSwitch", {}, { id: ids.switch, venueId: ids.hq, name: "Access 1", description: "first floor" });
  await ok(
    "updateSwitchPort",
    { serialNumber: ids.switch },
    { port: "1/1/5", name: "desk 5", untaggedVlan: "210", taggedVlans: ["220"], ingressAcl: "base-in", poeBudget: 15 },
  );
  ids.lag = (
    await ok(
      "createLag",
      { serialNumber: ids.switch },
      { name: "uplink", type: "dynamic", ports: ["1/2/1", "1/2/2"], taggedVlans: ["210", "220"] },
    )
  ).id;
  ids.ipPort = (
    await ok(
      "createIpPort",
      { serialNumber: ids.switch },
      { port: "1/1/20", ipAddress: "10.20.0.1", ipSubnetMask: "255.255.255.0" },
    )
  ).id;
  ids.vePort = (
    await ok(
      "createVePort",
      { serialNumber: ids.switch },
      { vlanId: 220, ipAddress: "10.22.0.1", ipSubnetMask: "255.255.255.0" },
    )
  ).id;
  await ok(
    "updateVenueSwitchSettings",
    {},
    {
      id: ids.hq,
      dns: ["192.0.2.53"],
      profileId: ids.profile,
      switchLoginUsername: "netops",
      switchLoginPassword: ESTATE_SECRETS.switchLogin,
      syslogEnabled: true,
      syslogPrimaryServer: "logs.example.com",
    },
  );
  return { ids, notImportable: {} };
}

/** The tenant's objects as the emulator's admin API lists them. */
export async function tenantObjects(emulator: RunningEmulator, tenantId: string): Promise<Record<string, Props[]>> {
  const reply = await fetch(`${emulator.url}/__admin/tenants/${tenantId}/objects`);
  return (await reply.json()) as Record<string, Props[]>;
}
