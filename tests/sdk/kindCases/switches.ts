// Switches, ACLs, trusted ports, ports, LAGs, IP and VE ports, venue switch settings.
// Together with the support resources this is a campus stack: a profile with VLANs
// and ACLs applied to a venue, two access switches, and on them port settings, a LAG, an IP port
// and a VE port, plus an edge switch with a position and a stack member, and the venue's switch
// settings. Ports name VLANs and ACLs of the support profile, so that the cases' own ACL can be
// deleted out of band without being in use; the one exception, the VE port naming the printers
// VLAN case through its output, comes after it in the table, so it goes first when the cases are
// deleted out of band in reverse order, and it follows the VLAN when a new VLAN ID replaces it.
import { expectGone, type KindCase, type Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const SWITCH_SECRETS: Record<string, string> = { switchLogin: "sw-Login-9c2e41" };

const ACCESS_NEEDS = ["sw-vlan-users", "sw-vlan-voice", "sw-acl-base"];

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const SWITCH_SUPPORT: Props[] = [
  { name: "sw-campus", kind: "Venue", args: { name: "Switch campus" } },
  { name: "sw-annex", kind: "Venue", args: { name: "Switch annex" } },
  { name: "sw-profile", kind: "SwitchProfile", args: { name: "Campus access", venues: ["${sw-campus}"] } },
  { name: "sw-profile-2", kind: "SwitchProfile", args: { name: "Campus spare" } },
  { name: "sw-vlan-users", kind: "SwitchVlan", args: { profileId: "${sw-profile}", vlanId: 210, vlanName: "users" } },
  { name: "sw-vlan-voice", kind: "SwitchVlan", args: { profileId: "${sw-profile}", vlanId: 220, vlanName: "voice" } },
  {
    name: "sw-acl-base",
    kind: "SwitchAcl",
    args: {
      profileId: "${sw-profile}",
      name: "base-in",
      aclType: "extended",
      aclRules: [{ sequence: 10, action: "permit", protocol: "ip", source: "any", destination: "any" }],
    },
  },
  {
    name: "sw-access-1",
    kind: "Switch",
    args: { serialNumber: "FEK3224R0A1", venueId: "${sw-campus}", name: "Access 1" },
    dependsOn: ACCESS_NEEDS,
  },
  {
    name: "sw-access-2",
    kind: "Switch",
    args: { serialNumber: "FEK3224R0A2", venueId: "${sw-campus}", name: "Access 2" },
    dependsOn: ACCESS_NEEDS,
  },
];

export const SWITCH_CASES: KindCase[] = [
  {
    name: "sw-edge",
    kind: "Switch",
    args: {
      serialNumber: "FEK3224R0A5",
      venueId: "${sw-campus}",
      name: "Edge",
      tags: "edge,lobby",
      igmpSnooping: "passive",
      position: { xPercent: 10, yPercent: 20 },
      stackMembers: [{ id: "FEK3224R0A6" }],
    },
    full: { position: { floorplanId: "${hq-plan}" } },
    update: { field: "description", value: "lobby edge switch" },
    replace: { field: "serialNumber", value: "FEK3224R0A7" },
    drift: {
      async make({ admin, id }) {
        const sw = await admin.call<Props>("getSwitch", { serialNumber: id });
        await admin.execute("updateSwitch", {}, { body: { ...sw, name: "edited in the dashboard" } });
      },
      path: "name",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteSwitch", { serialNumber: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getSwitch", { serialNumber: id })),
  },
  {
    name: "sw-acl-guests",
    kind: "SwitchAcl",
    args: {
      profileId: "${sw-profile}",
      name: "guests-in",
      aclType: "standard",
      aclRules: [{ sequence: 10, action: "permit", source: "10.1.0.0/16" }],
    },
    // A standard ACL matches on the source only.
    full: { aclRules: [{ sequence: 10, action: "permit", protocol: "ip", source: "10.1.0.0/16" }] },
    update: { field: "aclRules", value: [{ sequence: 10, action: "permit", source: "10.2.0.0/16" }] },
    replace: { field: "profileId", value: "${sw-profile-2}" },
    drift: {
      async make({ admin, ids, id }) {
        const acl = await admin.call<Props>("getAcl", { profileId: ids["sw-profile"], aclId: id });
        await admin.execute(
          "updateAcl",
          { profileId: ids["sw-profile"] },
          { body: { ...acl, aclRules: [{ ...acl.aclRules[0], action: "deny" }] } },
        );
      },
      path: "aclRules[0].action",
    },
    removed: {
      make: ({ admin, ids, id }) =>
        admin.execute("deleteAcl", { profileId: ids["sw-profile"], aclId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, ids, id }) =>
      expectGone(() => admin.call("getAcl", { profileId: ids["sw-profile"], aclId: id })),
  },
  {
    name: "sw-trusted-uplink",
    kind: "SwitchTrustedPort",
    args: {
      profileId: "${sw-profile}",
      model: "ICX7150-24P",
      trustPorts: ["1/2/1"],
      trustedPortType: "all",
      vlanDemand: false,
    },
    // No operation changes a trusted port: every change replaces it, and nothing out of band can make it drift.
    replace: { field: "trustPorts", value: ["1/2/2"] },
    removed: {
      make: ({ admin, ids, id }) =>
        admin.execute("deleteTrustedPort", { profileId: ids["sw-profile"], trustedPortId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, ids, id }) =>
      expectGone(() => admin.call("getTrustedPort", { profileId: ids["sw-profile"], trustedPortId: id })),
  },
  {
    name: "sw-port-5",
    kind: "SwitchPortSettings",
    args: {
      switchId: "${sw-access-1}",
      port: "1/1/5",
      name: "desk 5",
      untaggedVlan: "210",
      taggedVlans: ["220"],
      ingressAcl: "base-in",
      poeBudget: 15,
      poeClass: "THREE",
      portSpeed: "AUTO",
      rstpAdminEdgePort: true,
    },
    full: { egressAcl: "base-in" },
    update: { field: "poeBudget", value: 25 },
    replace: { field: "port", value: "1/1/6" },
    drift: {
      async make({ admin, ids }) {
        const port = await admin.call<Props>("getSwitchPort", {
          serialNumber: ids["sw-access-1"],
          unitNum: "1",
          slotNum: "1",
          portNum: "5",
        });
        await admin.execute(
          "updateSwitchPort",
          { serialNumber: ids["sw-access-1"] },
          { body: { ...port, name: "edited" } },
        );
      },
      path: "name",
    },
    // The reset shows on rstpAdminEdgePort (back to false); fields it clears keep their old values in state (provider/lifecycle/mapping.ts outputsOf).
    removed: {
      make: ({ admin, ids }) =>
        admin
          .execute("updateSwitchPort", { serialNumber: ids["sw-access-1"] }, { body: { port: "1/1/5" } })
          .then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, ids }) {
      const port = await admin.call<Props>("getSwitchPort", {
        serialNumber: ids["sw-access-1"],
        unitNum: "1",
        slotNum: "1",
        portNum: "5",
      });
      expect(port).toMatchObject({
        port: "1/1/5",
        lldpEnable: true,
        poeEnable: true,
        portEnable: true,
        ipsg: false,
        rstpAdminEdgePort: false,
      });
      for (const field of ["name", "untaggedVlan", "taggedVlans", "ingressAcl", "poeBudget", "poeClass", "portSpeed"])
        expect(port).not.toHaveProperty(field);
    },
  },
  {
    name: "sw-uplink",
    kind: "SwitchLag",
    args: {
      switchId: "${sw-access-1}",
      name: "uplink",
      type: "dynamic",
      ports: ["1/2/1", "1/2/2"],
      taggedVlans: ["210", "220"],
    },
    full: { taggedVlans: ["220"], untaggedVlan: "210" },
    update: { field: "type", value: "static" },
    replace: { field: "switchId", value: "${sw-access-2}" },
    drift: {
      async make({ admin, id }) {
        const lag = await admin.call<Props>("getLag", { lagId: id });
        await admin.execute("updateLag", {}, { body: { ...lag, name: "edited" } });
      },
      path: "name",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteLag", { lagId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getLag", { lagId: id })),
  },
  {
    name: "sw-mgmt-ip",
    kind: "SwitchIpPort",
    args: {
      switchId: "${sw-access-1}",
      port: "1/1/20",
      ipAddress: "10.20.0.1",
      ipSubnetMask: "255.255.255.0",
      egressAcl: "base-in",
      ospfArea: "0.0.0.0",
    },
    full: { ingressAcl: "base-in" },
    update: { field: "ipAddress", value: "10.20.0.2" },
    replace: { field: "switchId", value: "${sw-access-2}" },
    drift: {
      async make({ admin, id }) {
        const ip = await admin.call<Props>("getIpPort", { ipPortId: id });
        await admin.execute("updateIpPort", {}, { body: { ...ip, ospfArea: "0.0.0.9" } });
      },
      path: "ospfArea",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteIpPort", { ipPortId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getIpPort", { ipPortId: id })),
  },
  {
    // The VE port below names it through its vlanId output: a new VLAN ID replaces the VLAN (the service refuses to change
    // the ID of a VLAN in use), the new one first, the VE port moves to it, and the old one goes last.
    name: "sw-vlan-printers",
    kind: "SwitchVlan",
    args: { profileId: "${sw-profile}", vlanId: 230, vlanName: "printers" },
    update: { field: "vlanName", value: "printers and scanners" },
    replace: { field: "vlanId", value: 231 },
    drift: {
      async make({ admin, ids, id }) {
        const vlan = await admin.call<Props>("getVlan", { profileId: ids["sw-profile"], vlanUuid: id });
        await admin.execute("updateVlan", { profileId: ids["sw-profile"] }, { body: { ...vlan, vlanName: "edited" } });
      },
      path: "vlanName",
    },
    removed: {
      make: ({ admin, ids, id }) =>
        admin.execute("deleteVlan", { profileId: ids["sw-profile"], vlanUuid: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, ids, id }) =>
      expectGone(() => admin.call("getVlan", { profileId: ids["sw-profile"], vlanUuid: id })),
  },
  {
    name: "sw-voice-ve",
    kind: "SwitchVePort",
    args: {
      switchId: "${sw-access-1}",
      vlanId: "${sw-vlan-printers.vlanId}",
      ipAddress: "10.22.0.1",
      ipSubnetMask: "255.255.255.0",
      dhcpRelayAgent: "10.0.0.5",
    },
    full: { ingressAcl: "base-in", egressAcl: "base-in" },
    update: { field: "ipAddress", value: "10.22.0.2" },
    replace: { field: "switchId", value: "${sw-access-2}" },
    drift: {
      async make({ admin, id }) {
        const ve = await admin.call<Props>("getVePort", { vePortId: id });
        await admin.execute("updateVePort", {}, { body: { ...ve, dhcpRelayAgent: "10.0.0.9" } });
      },
      path: "dhcpRelayAgent",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("deleteVePort", { vePortId: id }).then(() => undefined),
      refresh: "delete",
    },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("getVePort", { vePortId: id })),
  },
  {
    name: "sw-campus-settings",
    kind: "VenueSwitchSettings",
    args: {
      venueId: "${sw-campus}",
      dns: ["192.0.2.53"],
      profileId: "${sw-profile}",
      switchLoginUsername: "netops",
      switchLoginPassword: "${secret:switchLogin}",
      syslogEnabled: true,
      syslogPrimaryServer: "logs.example.com",
    },
    update: { field: "syslogPrimaryServer", value: "192.0.2.60" },
    replace: { field: "venueId", value: "${sw-annex}" },
    drift: {
      async make({ admin, id }) {
        const settings = await admin.call<Props>("getVenueSwitchSettings", { venueId: id });
        await admin.execute("updateVenueSwitchSettings", {}, { body: { ...settings, firmware: "09.0.10" } });
      },
      path: "firmware",
    },
    removed: {
      make: ({ admin, id }) => admin.execute("updateVenueSwitchSettings", {}, { body: { id } }).then(() => undefined),
      refresh: "update",
    },
    async destroyed({ admin, id }) {
      expect(await admin.call("getVenueSwitchSettings", { venueId: id })).toEqual({
        id,
        dns: [],
        syslogEnabled: false,
      });
    },
  },
];
