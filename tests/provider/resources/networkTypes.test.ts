// A network holds the fields of its type only. The service ignores another type's field (a
// wlanSecurity on an open network), so it could never match the program and would show as a
// change on every preview: the provider's check refuses it, naming the field and the type. The
// cases are generated from the contract's per-type schemas, so a field added to one type is
// covered for every other type at once.
import { z } from "zod";
import { objectOf, WIFI_API_VARIANTS, type WifiApiVariant } from "../../../contract/meta";
import {
  networkDeepInputSchemaFor,
  NETWORK_TYPES,
  wlanSchemaForType,
  type NetworkType,
} from "../../../contract/schemas/network";
import { makeLifecycle } from "../../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../../provider/resources";

type Props = Record<string, any>;

const radius = { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "radius-secret" } };

/** A network of each type that check accepts. */
const VALID: Record<NetworkType, Props> = {
  aaa: { name: "Corp", type: "aaa", wlan: { ssid: "corp" }, authRadius: radius },
  psk: {
    name: "Staff",
    type: "psk",
    wlan: { ssid: "staff", wlanSecurity: "WPA2Personal" },
    passphrase: "staff-passphrase",
  },
  open: { name: "Lobby", type: "open", wlan: { ssid: "lobby" } },
  guest: { name: "Guests", type: "guest", wlan: { ssid: "guests" }, guestPortal: { guestNetworkType: "ClickThrough" } },
  dpsk: {
    name: "Residents",
    type: "dpsk",
    wlan: { ssid: "residents" },
    passphraseBackup: "backup-passphrase",
    dpskGenerationParams: { passphraseLength: 12 },
  },
  cloudpath: {
    name: "Enrol",
    type: "cloudpath",
    wlan: { ssid: "enrol" },
    authRadius: radius,
    cloudpathPortal: { externalPortalUrl: "https://enrol.example.com" },
    hotspotWlan: {},
  },
};

/** A value for each field some type has, to put on a type that lacks it. */
const SAMPLE: Props = {
  authRadius: radius,
  accountingRadius: radius,
  guestPortal: { guestNetworkType: "ClickThrough" },
  dpskGenerationParams: { passphraseLength: 12 },
  cloudpathPortal: { externalPortalUrl: "https://enrol.example.com" },
  hotspotWlan: {},
  wlanSecurity: "WPA2Personal",
  passphrase: "some-passphrase",
  passphraseBackup: "backup-passphrase",
  wepHexKey: "0123456789",
  bypassCPUsingMacAddressAuthentication: true,
};

/** The network's secrets are top-level inputs; on the wire they sit in the WLAN. */
const LIFTED = new Set(["passphrase", "wepHexKey", "passphraseBackup"]);

const fieldsOf = (schema: z.ZodTypeAny) => Object.keys(objectOf(schema).shape);

/** The deep body's option for one type. */
function optionOf(variant: WifiApiVariant, type: NetworkType): z.AnyZodObject {
  let schema: z.ZodTypeAny = networkDeepInputSchemaFor(variant);
  while (schema instanceof z.ZodEffects) schema = schema.innerType();
  return (schema as z.ZodDiscriminatedUnion<"type", z.AnyZodObject[]>).optionsMap.get(type)!;
}

function foreignFields(variant: WifiApiVariant, type: NetworkType): { field: string; inWlan: boolean }[] {
  const own = fieldsOf(optionOf(variant, type));
  const ownWlan = fieldsOf(wlanSchemaForType(variant, type));
  const allTop = new Set(NETWORK_TYPES.flatMap((t) => fieldsOf(optionOf(variant, t))));
  const allWlan = new Set(NETWORK_TYPES.flatMap((t) => fieldsOf(wlanSchemaForType(variant, t))));
  return [
    ...[...allTop].filter((f) => !own.includes(f)).map((field) => ({ field, inWlan: false })),
    ...[...allWlan].filter((f) => !ownWlan.includes(f)).map((field) => ({ field, inWlan: true })),
  ];
}

const check = (variant: WifiApiVariant, inputs: Props) =>
  makeLifecycle(RESOURCE_SPECS.Network, async () => Promise.reject(new Error("check must not call the service")), {
    variant: () => variant,
  }).check!({}, inputs);

describe.each(WIFI_API_VARIANTS.map((v) => [v]))("networks of the %s variant", (variant) => {
  test.each(NETWORK_TYPES.map((t) => [t]))("a valid %s network passes check", async (type) => {
    expect((await check(variant, VALID[type])).failures).toEqual([]);
  });

  const cases = NETWORK_TYPES.flatMap((type) =>
    foreignFields(variant, type).map(({ field, inWlan }) => ({ type, field, inWlan })),
  );

  test("every type lacks some field another type has (the table is not empty)", () => {
    for (const type of NETWORK_TYPES) expect(cases.filter((c) => c.type === type).length).toBeGreaterThan(0);
  });

  test.each(cases.map((c) => [c.field, c.type, c]))(
    "%s on a %s network is refused with the field and the type",
    async (_f, _t, c) => {
      const { type, field, inWlan } = c as (typeof cases)[number];
      const base = VALID[type];
      const inputs =
        inWlan && !LIFTED.has(field)
          ? { ...base, wlan: { ...base.wlan, [field]: SAMPLE[field] } }
          : { ...base, [field]: SAMPLE[field] };
      const property = inWlan && !LIFTED.has(field) ? `wlan.${field}` : field;
      const { failures } = await check(variant, inputs);
      expect(failures).toEqual([{ property, reason: expect.stringContaining(`does not apply to type ${type}`) }]);
    },
  );
});

test("a misspelt nested field is refused too, as one the service does not know", async () => {
  const { failures } = await check("newer", {
    ...VALID.open,
    wlan: { ssid: "lobby", advancedCustomization: { hideSsidd: true } },
  });
  expect(failures).toEqual([
    {
      property: "wlan.advancedCustomization.hideSsidd",
      reason: expect.stringContaining("is not a field the service knows here"),
    },
  ]);
});

test("a value not known before the resources it depends on exist is not looked into", async () => {
  const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  expect((await check("newer", { ...VALID.open, wlan: unknown })).failures).toEqual([]);
});
