import { networkDeepInputSchema } from "../../contract/schemas/network";
import type { Props, ResourceSpec } from "../spec";
import { findInList } from "./find";

// The WLAN's passphrase and WEP key are lifted to top-level inputs so that they can be
// marked secret on their own (Pulumi marks secrets per top-level property); the RADIUS
// server pairs are secret as a whole because they hold the shared secrets.
const LIFTED_WLAN_SECRETS = ["passphrase", "wepHexKey"] as const;

export const networkSpec: ResourceSpec = {
  kind: "Network",
  bodySchema: networkDeepInputSchema,
  inputFields: ["name", "description", "type", "wlan", "passphrase", "wepHexKey", "authRadius", "accountingRadius", "guestPortal"],
  // The deep form's `venues` (the network's activations) is left out: it belongs to the
  // activations' state, and keeping it here would show as a change on every refresh.
  outputFields: [],
  secretFields: ["passphrase", "wepHexKey", "authRadius", "accountingRadius"],
  // Deep operations carry the RADIUS servers inline, so one call creates or reads everything.
  ops: { create: "W52", read: "W57", update: "W58", delete: "W56" },
  idParam: "networkId",
  readFromList: { op: "W49", query: { deep: true } },
  toApi(inputs: Props): Props {
    const { passphrase, wepHexKey, wlan, ...rest } = inputs;
    const body: Props = { ...rest };
    if (wlan !== undefined || passphrase !== undefined || wepHexKey !== undefined) {
      const merged: Props = typeof wlan === "object" && wlan !== null ? { ...(wlan as Props) } : {};
      if (passphrase !== undefined) merged.passphrase = passphrase;
      if (wepHexKey !== undefined) merged.wepHexKey = wepHexKey;
      body.wlan = typeof wlan === "string" ? wlan : merged; // a string here is the preview's unknown
    }
    return body;
  },
  fromApi(api: Props): Props {
    const wlan = { ...((api.wlan as Props | undefined) ?? {}) };
    const lifted: Props = {};
    for (const field of LIFTED_WLAN_SECRETS) {
      if (wlan[field] !== undefined) lifted[field] = wlan[field];
      delete wlan[field];
    }
    return {
      name: api.name,
      description: api.description,
      type: api.type,
      wlan,
      ...lifted,
      authRadius: api.authRadius,
      accountingRadius: api.accountingRadius,
      guestPortal: api.guestPortal,
    };
  },
  inputPathOf: (bodyPath) => bodyPath.replace(/^wlan\.(passphrase|wepHexKey)$/, "$1"),
  findByName: (client, inputs) => findInList(client, "W49", {}, (network) => network.name === inputs.name),
};
