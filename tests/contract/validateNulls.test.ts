// A null for an optional field means "not set" wherever a body is read: the emulator and the
// provider's check both run validateBody, which takes such nulls out at any depth before the
// schema runs. A null where the field is required, or where null is a value of its own, is judged
// by the schema.
import {
  apInputSchema,
  apRadioInputSchema,
  networkDeepInputSchemaFor,
  networkVenueInputSchemaFor,
  validateBody,
  venueSyslogInputSchemaFor,
} from "../../contract";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";

const ap = { serialNumber: "412345678901", name: "Lobby AP", venueId: "venue-1" };

test("an optional field's null is left out: an AP's apGroupId, a description", () => {
  expect(validateBody(apInputSchema, { ...ap, apGroupId: null, description: null })).toEqual({
    ok: true,
    value: { ...ap },
  });
});

test("a null inside objects and arrays, in the option of a union its type picks, is left out or takes its default", () => {
  const body = {
    name: "Corp",
    type: "aaa",
    description: null,
    wlan: {
      ssid: null,
      vlanId: null,
      advancedCustomization: { hideSsid: null, l3AclPolicy: { l3Rules: [{ priority: null, access: "BLOCK" }] } },
    },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "s" }, secondary: null },
  };
  const result = validateBody(networkDeepInputSchemaFor("newer"), body);
  if (!result.ok) throw new Error(JSON.stringify(result.failures));
  const value = result.value as any;
  expect(value).not.toHaveProperty("description");
  expect(value.wlan).not.toHaveProperty("ssid");
  expect(value.wlan.vlanId).toBe(1);
  expect(value.wlan.advancedCustomization.hideSsid).toBe(false);
  expect(value.wlan.advancedCustomization.l3AclPolicy.l3Rules).toEqual([{ access: "BLOCK" }]);
  expect(value.authRadius).not.toHaveProperty("secondary");
});

test("a null of a field with a default takes the default: an activation's scheduler and radio, syslog's port", () => {
  const activation = validateBody(networkVenueInputSchemaFor("newer"), {
    networkId: "n",
    venueId: "v",
    scheduler: null,
    allAPGroupsRadio: null,
  });
  expect(activation).toMatchObject({ ok: true, value: { scheduler: { type: "ALWAYS_ON" }, allAPGroupsRadio: "Both" } });
  expect(validateBody(venueSyslogInputSchemaFor("older"), { port: null, priority: null })).toMatchObject({
    ok: true,
    value: { port: 514, priority: "ERROR" },
  });
});

test("a null that is a value of its own stays: an AP radio's enable24G (as the venue says)", () => {
  expect(validateBody(apRadioInputSchema, { enable24G: null, enable50G: true })).toMatchObject({
    ok: true,
    value: { enable24G: null, enable50G: true },
  });
});

test("a null for a required field is refused on the field, as a missing one would be", () => {
  expect(validateBody(apInputSchema, { ...ap, name: null })).toEqual({
    ok: false,
    failures: [{ path: "name", message: "Expected string, received null" }],
  });
});

describe("the provider's check reads a program's null the same way", () => {
  const check = (kind: string, inputs: Record<string, unknown>) =>
    makeLifecycle(RESOURCE_SPECS[kind], async () => {
      throw new Error("check calls no service");
    }).check!({}, inputs);

  test("an optional input set to null passes check", async () => {
    expect((await check("Ap", { ...ap, apGroupId: null, description: null, tags: null })).failures).toEqual([]);
    expect(
      (
        await check("Network", {
          name: "Open",
          type: "open",
          description: null,
          wlan: { vlanId: null, advancedCustomization: null },
        })
      ).failures,
    ).toEqual([]);
  });

  test("a required input set to null fails check on that input", async () => {
    expect((await check("Ap", { ...ap, name: null })).failures).toEqual([
      expect.objectContaining({ property: "name" }),
    ]);
  });
});
