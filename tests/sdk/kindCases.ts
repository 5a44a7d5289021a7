// The table of resource kinds that tests/sdk/kinds.test.ts drives through one shared stack
// (fixtures/kinds): a new kind is one entry here. Each entry says how to create it, which one
// field to update in place, which change replaces it, how another admin makes it drift (and on
// which path that shows), how it disappears out of band, and what destroy leaves in the service.
import type { NmsClient } from "../../provider/client";

export type Props = Record<string, any>;

export interface Api {
  /** Another administrator of the tenant, making changes through the API. */
  admin: NmsClient;
  /** Resource name → ID, from the stack's outputs. */
  ids: Record<string, string>;
  /** This resource's ID. */
  id: string;
}

export interface KindCase {
  name: string;
  kind: string;
  /** Inputs; "${name}" is another resource's ID, "${secret:key}" a secret config value. */
  args: Props;
  update: { field: string; value: unknown };
  replace?: { field: string; value: unknown };
  drift: { make(api: Api): Promise<void>; path: string };
  /** Out of band: gone (refresh drops it) or reset to defaults (refresh shows it as drift on `path`). */
  removed: { make(api: Api): Promise<void>; refresh: "delete" } | { make(api: Api): Promise<void>; refresh: "update"; path: string };
  /** Asserts, through the API, what destroy left behind. */
  destroyed(api: Api): Promise<void>;
}

export const SECRETS = { radiusSecret: "radius-Secret-5e1f0b" };

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const SUPPORT: Props[] = [
  { name: "hq", kind: "Venue", args: { name: "HQ", description: "Main office", address: { city: "Lisbon", country: "Portugal" } } },
  { name: "branch", kind: "Venue", args: { name: "Branch" } },
];

async function expectGone(read: () => Promise<unknown>): Promise<void> {
  await expect(read()).rejects.toMatchObject({ status: 404 });
}

export const KIND_CASES: KindCase[] = [
  {
    name: "annex",
    kind: "Venue",
    args: { name: "Annex", description: "Across the street" },
    update: { field: "description", value: "Head office" },
    drift: {
      async make({ admin, id }) {
        const hq = await admin.call<Props>("A9", { venueId: id });
        await admin.execute("A10", { venueId: id }, { body: { name: hq.name, description: "edited in the dashboard", address: hq.address } });
      },
      path: "description",
    },
    removed: { make: ({ admin, id }) => admin.execute("A11", { venueId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("A9", { venueId: id })),
  },
  {
    name: "lobby",
    kind: "ApGroup",
    args: { name: "Lobby", description: "Lobby access points", venueId: "${hq}" },
    update: { field: "description", value: "Ground floor" },
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id }) {
        const lobby = await admin.call<Props>("W26", { apGroupId: id });
        await admin.execute("W27", { apGroupId: id }, { body: { name: lobby.name, venueId: lobby.venueId, description: "moved" } });
      },
      path: "description",
    },
    removed: { make: ({ admin, id }) => admin.execute("W28", { apGroupId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("W26", { apGroupId: id })),
  },
  {
    name: "corp",
    kind: "Network",
    args: {
      name: "Corp",
      type: "aaa",
      wlan: { ssid: "corp", vlanId: 10, wlanSecurity: "WPA2Enterprise" },
      authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "${secret:radiusSecret}" } },
    },
    update: { field: "wlan", value: { ssid: "corp", vlanId: 30, wlanSecurity: "WPA2Enterprise" } },
    drift: {
      async make({ admin, id }) {
        const net = await admin.call<Props>("W57", { networkId: id });
        await admin.execute("W58", { networkId: id }, { body: { ...net, wlan: { ...net.wlan, vlanId: 99 } } });
      },
      path: "wlan.vlanId",
    },
    removed: { make: ({ admin, id }) => admin.execute("W56", { networkId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("W57", { networkId: id })),
  },
  {
    name: "corp-at-hq",
    kind: "NetworkVenueActivation",
    args: { networkId: "${corp}", venueId: "${hq}", isAllAPGroups: false, apGroups: [{ apGroupId: "${lobby}", radio: "Both" }] },
    update: { field: "apGroups", value: [{ apGroupId: "${lobby}", radio: "5-GHz" }] },
    // Follows its AP group, which the ApGroup case moves to the branch.
    replace: { field: "venueId", value: "${branch}" },
    drift: {
      async make({ admin, id }) {
        const activation = await admin.call<Props>("W61", { networkVenueId: id });
        await admin.execute("W62", { networkVenueId: id }, {
          body: { ...activation, apGroups: activation.apGroups.map((g: Props) => ({ apGroupId: g.apGroupId, radio: "2.4-GHz" })) },
        });
      },
      path: "apGroups[0].radio",
    },
    removed: { make: ({ admin, id }) => admin.execute("W63", { networkVenueId: id }).then(() => undefined), refresh: "delete" },
    destroyed: ({ admin, id }) => expectGone(() => admin.call("W61", { networkVenueId: id })),
  },
];
