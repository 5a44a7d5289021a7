// A venue's Wi-Fi settings beyond radio and syslog: mesh, the per-AP-model LAN-port,
// LED and (newer) cellular settings, and (newer) DHCP bindings. The per-model settings are one
// resource per venue whose `models` list holds one entry per AP model: the service takes the
// whole list in one write (a JSON array), so a model left out of the program loses its setting.
import { z } from "zod";
import {
  venueCellularSettingsSchema,
  venueDhcpBindingSchema,
  venueLanPortSettingsSchema,
  venueLedSettingsSchema,
  venueMeshInputSchema,
} from "../../contract/schemas/venueWifiSettings";
import type { OperationName } from "../../contract/routes";
import { isNotFound } from "../client/errors";
import { type Props, resourceSpec, type ResourceSpec } from "../spec";

const ofVenue = { idParam: "venueId", idFromInput: "venueId" } as const;
/** The service deletes a venue's settings with the venue. */
const withVenue = { input: "venueId", kind: "Venue" } as const;

export const venueMeshSpec = resourceSpec({
  kind: "VenueMesh",
  description:
    "Whether the access points of a venue form a mesh (updateVenueMesh; read from the venue's Wi-Fi settings, getVenueWifiSettings). The setting exists as " +
    "long as the venue does; creating the resource takes it over.",
  inputSchema: () => venueMeshInputSchema,
  identity: ofVenue,
  ops: { read: "getVenueWifiSettings", update: "updateVenueMesh" },
  // updateVenueMesh has no read of its own: getVenueWifiSettings answers every Wi-Fi setting of the venue, mesh among them.
  fromApi: (api) => ({ enabled: (api.mesh as Props | undefined)?.enabled }),
  // listVenueWifiSettings's items are getVenueWifiSettings's answers, one per venue: one list refreshes every venue's mesh.
  readFromList: { op: "listVenueWifiSettings" },
  destroy: "writeDefaults",
  deletedWithParent: withVenue,
  destroyNote:
    "The service has no reset for mesh: destroy writes the default back with updateVenueMesh (mesh disabled). While an AP of the venue is " +
    "active the service refuses that (WIFIB-10001) and the destroy fails until no AP is active.",
});

/** A per-AP-model setting: `models` in the program, the bare array on the wire. */
function perModel(
  kind: string,
  entry: () => z.ZodTypeAny,
  ops: { read: OperationName; update: OperationName },
  what: string,
  extra = "",
): ResourceSpec {
  return {
    kind,
    description:
      `The ${what} of a venue, per AP model (${ops.read}, ${ops.update}): one entry per model in \`models\`. They exist as long as ` +
      `the venue does; creating the resource takes them over and writes the program's list.${extra}`,
    inputSchema: () =>
      z.object({
        models: entry()
          .default([])
          .describe(
            "One entry per AP model (a model named twice is refused); a model left out has no setting of its own.",
          ),
      }),
    bodySchema: entry,
    identity: ofVenue,
    ops,
    toApi: (inputs) => (Array.isArray(inputs.models) ? (inputs.models as Props[]) : []),
    fromApi: (api) => ({ models: api }),
    inputPathOf: (bodyPath) => `models${bodyPath}`,
    destroy: "writeDefaults",
    deletedWithParent: withVenue,
    destroyNote: `The service has no reset: destroy writes an empty list with ${ops.update}, so no model keeps a setting of its own.`,
  };
}

export const venueLanPortsSpec = perModel(
  "VenueLanPorts",
  () => venueLanPortSettingsSchema,
  { read: "getVenueLanPorts", update: "updateVenueLanPorts" },
  "LAN-port settings (ports, PoE mode, PoE out)",
);
export const venueLedsSpec = perModel(
  "VenueLeds",
  () => venueLedSettingsSchema,
  { read: "getVenueLeds", update: "updateVenueLeds" },
  "LED settings",
);
export const venueCellularSpec = perModel(
  "VenueCellular",
  () => venueCellularSettingsSchema,
  { read: "getVenueCellularSettings", update: "updateVenueCellularSettings" },
  "cellular settings (WAN failover, APNs, SIM cards)",
  " Newer variant of the Wi-Fi API only.",
);

export const venueDhcpBindingSpec = resourceSpec({
  kind: "VenueDhcpBinding",
  description:
    "The binding of a venue to a DHCP service profile (newer variant of the Wi-Fi API only). The service cannot change " +
    "a binding: a change of `venueId` or `dhcpServiceProfileId` replaces it. The venue's networks need one when the venue has " +
    "cellular APs (WIFI-10171).",
  inputSchema: () => venueDhcpBindingSchema,
  // Both IDs fill every path; the profile's ID names the binding within its venue.
  identity: {
    idField: "dhcpServiceProfileId",
    idParam: "dhcpServiceProfileId",
    idFromInput: "dhcpServiceProfileId",
    parents: { venueId: "venueId", dhcpServiceProfileId: "dhcpServiceProfileId" },
  },
  ops: {
    create: "bindVenueDhcpServiceProfile",
    read: "listVenueDhcpServiceProfiles",
    delete: "unbindVenueDhcpServiceProfile",
  },
  overrides: {
    // listVenueDhcpServiceProfiles answers the venue's bindings: the binding is the one to this profile.
    async read(id, _inputs, read) {
      const answer = await read();
      return Array.isArray(answer) ? (answer as Props[]).find((b) => b.dhcpServiceProfileId === id) : undefined;
    },
  },
  destroy: "delete",
  uniqueName: ["venueId", "dhcpServiceProfileId"],
  takenName: { notChecked: "its list is the venue's read, not a paged list" },
  async findByName(client, inputs) {
    try {
      const bindings = await client.call<Props[]>("listVenueDhcpServiceProfiles", { venueId: inputs.venueId });
      return bindings.find((b) => b.dhcpServiceProfileId === inputs.dhcpServiceProfileId);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  },
});
