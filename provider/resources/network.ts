import { z } from "zod";
import { objectOf, perVariant, rangeRuleOf, secret } from "../../contract/meta";
import { networkDeepInputSchemaFor, wlanSchemaFor } from "../../contract/schemas/network";
import { type Props, resourceSpec } from "../spec";
import { listedByName } from "./find";

// The WLAN's secrets (a psk network's passphrase and WEP key, a dpsk network's backup passphrase)
// are lifted to top-level inputs so that they can be marked secret on their own (Pulumi marks
// secrets per top-level property); the RADIUS server pairs are secret as a whole because they
// hold the shared secrets. The inputs are every network type's fields in one object (objectOf
// reads the per-type union that way); check holds them to their type's schema.
const LIFTED_WLAN_SECRETS = ["passphrase", "wepHexKey", "passphraseBackup"] as const;

// The older variant checks the RADIUS ports on updates only (updateNetworkDeep); check holds every create to the update's rules,
// so that a network the service would take now is not refused by its next update.
const bodyFor = perVariant((variant) => networkDeepInputSchemaFor(variant));

const networkInputSchema = perVariant((variant) => {
  const body = objectOf(bodyFor(variant)).shape as Record<string, z.ZodTypeAny>;
  const wlanSchema = wlanSchemaFor(variant);
  return z.object({
    ...body,
    wlan: wlanSchema
      .omit({ passphrase: true, wepHexKey: true, passphraseBackup: true })
      .describe("The WLAN (SSID, VLAN, security, advanced options) without its secrets; the fields its type has."),
    passphrase: secret(wlanSchema.shape.passphrase).describe(
      `WPA personal passphrase of a psk network, ${rangeRuleOf(wlanSchema.shape.passphrase)} (secret).`,
    ),
    wepHexKey: secret(wlanSchema.shape.wepHexKey).describe(
      "WEP key of a psk or dpsk network, 10 or 26 hexadecimal digits (secret).",
    ),
    passphraseBackup: secret(wlanSchema.shape.passphraseBackup).describe(
      `Backup passphrase of a dpsk network, ${rangeRuleOf(wlanSchema.shape.passphraseBackup)}; required for type dpsk (secret).`,
    ),
    authRadius: secret(body.authRadius).describe(
      "Authentication RADIUS servers; required for types aaa and cloudpath (secret: holds shared secrets).",
    ),
    accountingRadius: secret(body.accountingRadius).describe(
      "Accounting RADIUS servers (secret: holds shared secrets).",
    ),
  });
});

export const networkSpec = resourceSpec({
  kind: "Network",
  description:
    "A wireless network (SSID) of one of the types aaa, psk, open, guest, dpsk and cloudpath, each with its own fields, managed " +
    "through the deep operations createNetworkDeep, getNetworkDeep, updateNetworkDeep and deleteNetwork, so RADIUS secrets travel in one call. A field its type does not have " +
    "(a wlanSecurity on an open network) is refused at preview: the service would ignore it.",
  inputSchema: networkInputSchema,
  bodySchema: bodyFor,
  // The deep form's `venues` (the network's activations) is left out: it belongs to the
  // activations' state, and keeping it here would show as a change on every refresh.
  identity: { idParam: "networkId" },
  ops: {
    create: "createNetworkDeep",
    read: "getNetworkDeep",
    update: "updateNetworkDeep",
    delete: "deleteNetwork",
    bulkDelete: "deleteNetworks",
  },
  destroy: "delete",
  readFromList: { op: "listNetworks", query: { deep: true } },
  toApi(inputs: Props): Props {
    const { wlan, ...rest } = inputs;
    const body: Props = { ...rest };
    for (const field of LIFTED_WLAN_SECRETS) delete body[field];
    const lifted = LIFTED_WLAN_SECRETS.filter((field) => inputs[field] !== undefined);
    if (wlan !== undefined || lifted.length > 0) {
      const merged: Props = typeof wlan === "object" && wlan !== null ? { ...(wlan as Props) } : {};
      for (const field of lifted) merged[field] = inputs[field];
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
      dpskGenerationParams: api.dpskGenerationParams,
      cloudpathPortal: api.cloudpathPortal,
      hotspotWlan: api.hotspotWlan,
    };
  },
  inputPathOf: (bodyPath) => bodyPath.replace(/^wlan\.(passphrase|wepHexKey|passphraseBackup)$/, "$1"),
  ...listedByName("listNetworks", { name: { name: "name" } }),
});
