// The tenant of a resource and of a function call (provider/tenant.ts), through the lifecycle and
// the function runner against the emulator: the MSP's login (the demo tenant's administrator)
// working in an end customer's tenant by the resource's `tenantId`. The tenant is part of the
// resource's identity: outputs carry it, a move replaces, left out is the configured tenant.
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { NmsClient } from "../../provider/client";
import { runFunction } from "../../provider/functions/run";
import { FUNCTION_SPECS } from "../../provider/functions";
import { createRequestIdOf } from "../../provider/lifecycle/createRequestId";
import { makeLifecycle } from "../../provider/lifecycle";
import { checkArgs } from "../../provider/programClient";
import { RESOURCE_SPECS } from "../../provider/resources";
import { RESOURCE_NAME_INPUT, RESOURCE_STACK_INPUT } from "../../provider/spec";
import { adminApi, demoClient } from "../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;
let customer: string;
let outsider: string;

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
  customer = (await adminApi(emulator, "POST", "tenants", { name: "Managed customer" })).tenantId;
  outsider = (await adminApi(emulator, "POST", "tenants", { name: "Not a customer" })).tenantId;
  await adminApi(emulator, "PUT", `tenants/${customer}/msp`, { mspTenantId: emulator.demo.tenantId });
});

afterAll(async () => {
  await client.close();
  await emulator.close();
});

const provider = (kind: string) =>
  makeLifecycle(RESOURCE_SPECS[kind], async () => client, { configuredTenant: () => emulator.demo.tenantId });
const objectsOf = (tenant: string) => adminApi(emulator, "GET", `tenants/${tenant}/objects`);
const named = (name: string, inputs: Props): Props => ({
  ...inputs,
  [RESOURCE_NAME_INPUT]: name,
  [RESOURCE_STACK_INPUT]: "org/tenant-test/dev",
});

async function create(kind: string, inputs: Props): Promise<{ id: string; outs: Props }> {
  const p = provider(kind);
  const checked = await p.check!({}, inputs);
  expect(checked.failures).toEqual([]);
  return (await p.create(checked.inputs)) as { id: string; outs: Props };
}

describe("check", () => {
  it("takes tenantId on every kind; one that is not a tenant ID is refused, naming it; an unknown one is not judged", async () => {
    for (const kind of ["Venue", "RecoveryPsk", "SwitchProfile"]) {
      const { failures } = await provider(kind).check!({}, { tenantId: "not-a-tenant" });
      expect(failures).toContainEqual({ property: "tenantId", reason: "must be a tenant ID: 32 letters and digits" });
      expect(failures).not.toContainEqual({
        property: "tenantId",
        reason: expect.stringContaining("is not a property"),
      });
    }
    expect((await provider("Venue").check!({}, { name: "Fine", tenantId: customer })).failures).toEqual([]);
    expect(
      (await provider("Venue").check!({}, { name: "Fine", tenantId: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" })).failures,
    ).toEqual([]);
    expect((await provider("Venue").check!({}, { name: "Fine", tenantId: 42 })).failures).toEqual([
      { property: "tenantId", reason: "must be a tenant ID: 32 letters and digits" },
    ]);
  });
});

describe("a resource in another tenant", () => {
  it("is created, read, updated and deleted in its tenant only, with the tenant in its outputs", async () => {
    const venues = provider("Venue");
    const { id, outs } = await create("Venue", { name: "Customer site", tenantId: customer });
    expect(outs.tenantId).toBe(customer);
    expect((await objectsOf(customer)).venues.map((v: Props) => v.id)).toEqual([id]);
    expect((await objectsOf(emulator.demo.tenantId)).venues.map((v: Props) => v.id)).not.toContain(id);
    // Refresh reads it in its tenant, and gives back the tenant as the program set it.
    const read = await venues.read!(id, outs);
    expect(read).toMatchObject({ id, props: { tenantId: customer }, inputs: { tenantId: customer } });
    const updated = await venues.update!(id, outs, {
      name: "Customer site",
      description: "Updated",
      tenantId: customer,
    });
    expect(updated.outs).toMatchObject({ description: "Updated", tenantId: customer });
    await venues.delete!(id, updated.outs!);
    expect((await objectsOf(customer)).venues).toEqual([]);
  });

  it("left out, is in the configured tenant: its outputs say so, and refresh does not make the program's inputs name it", async () => {
    const { id, outs } = await create("Venue", { name: "Own site" });
    expect(outs.tenantId).toBe(emulator.demo.tenantId);
    const read = await provider("Venue").read!(id, outs);
    expect(read.props!.tenantId).toBe(emulator.demo.tenantId);
    expect(read.inputs).not.toHaveProperty("tenantId");
    await provider("Venue").delete!(id, outs);
  });

  it("in a tenant the login may not reach: the service's 403, naming the tenant", async () => {
    const refused = await create("Venue", { name: "Nowhere", tenantId: outsider }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 403, code: "NMS-FORBIDDEN-TENANT" });
  });

  it("a tenant singleton (the recovery PSK) is the resource's tenant's", async () => {
    const { id, outs } = await create("RecoveryPsk", { psk: "1234567890123456", tenantId: customer });
    expect([id, outs.tenantId]).toEqual([customer, customer]);
    expect((await client.forTenant(customer).call<Props>("getRecoveryPsk")).psk).toBe("1234567890123456");
  });
});

describe("diff: the tenant is part of the identity", () => {
  const olds = (tenantId?: string): Props => ({ name: "Site", ...(tenantId ? { tenantId } : {}) });

  it("moving to another tenant replaces the resource, creating the new one first (names are unique per tenant)", async () => {
    const diff = await provider("Venue").diff!("v1", olds(emulator.demo.tenantId), {
      name: "Site",
      tenantId: customer,
    });
    expect(diff).toMatchObject({ changes: true, replaces: ["tenantId"], deleteBeforeReplace: false });
  });

  it("left out and the configured tenant's ID written explicitly are the same tenant, either way", async () => {
    const venues = provider("Venue");
    expect(await venues.diff!("v1", olds(emulator.demo.tenantId), { name: "Site" })).toMatchObject({
      changes: false,
      replaces: [],
    });
    expect(
      await venues.diff!("v1", olds(emulator.demo.tenantId), { name: "Site", tenantId: emulator.demo.tenantId }),
    ).toMatchObject({ changes: false, replaces: [] });
  });

  it("state written before resources carried a tenant (none in the outputs) is the configured tenant: no diff", async () => {
    const venues = provider("Venue");
    expect(await venues.diff!("v1", olds(), { name: "Site" })).toMatchObject({ changes: false, replaces: [] });
    expect(await venues.diff!("v1", olds(), { name: "Site", tenantId: emulator.demo.tenantId })).toMatchObject({
      changes: false,
      replaces: [],
    });
    expect(await venues.diff!("v1", olds(), { name: "Site", tenantId: customer })).toMatchObject({
      changes: true,
      replaces: ["tenantId"],
    });
  });

  it("a tenant not known yet (preview) is a replacement, as the engine treats an unknown input", async () => {
    const diff = await provider("Venue").diff!("v1", olds(emulator.demo.tenantId), {
      name: "Site",
      tenantId: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
    });
    expect(diff.replaces).toEqual(["tenantId"]);
  });

  it("a kind named by an input (an AP's serial number) moved to another tenant is deleted first", async () => {
    const diff = await provider("Ap").diff!(
      "123456789012",
      { serialNumber: "123456789012", name: "AP", venueId: "v", tenantId: emulator.demo.tenantId },
      { serialNumber: "123456789012", name: "AP", venueId: "v", tenantId: customer },
    );
    expect(diff.replaces).toContain("tenantId");
    expect(diff.deleteBeforeReplace).toBe(true);
  });

  it("a refreshed resource of old state (no tenant in its outputs) is read in the configured tenant and stays without one", async () => {
    const { id, outs } = await create("Venue", { name: "Old state" });
    const { tenantId: _dropped, ...oldOutputs } = outs;
    const read = await provider("Venue").read!(id, oldOutputs);
    expect(read.id).toBe(id);
    expect(read.props).not.toHaveProperty("tenantId");
    expect(await provider("Venue").diff!(id, read.props!, { name: "Old state" })).toMatchObject({ changes: false });
    await provider("Venue").delete!(id, oldOutputs);
    expect((await objectsOf(emulator.demo.tenantId)).venues.map((v: Props) => v.id)).not.toContain(id);
  });
});

describe("the create's request ID", () => {
  const inputs = named("hq", { name: "HQ" });

  it("includes the tenant: the same resource in two tenants is two creates", () => {
    expect(createRequestIdOf("Venue", customer, inputs, [])).not.toBe(
      createRequestIdOf("Venue", emulator.demo.tenantId, inputs, []),
    );
  });

  it("is the same whether the inputs leave the tenant out or name it", () => {
    expect(createRequestIdOf("Venue", customer, { ...inputs, tenantId: customer }, [])).toBe(
      createRequestIdOf("Venue", customer, inputs, []),
    );
  });

  it("names the record in the resource's tenant, where a later run finds it", async () => {
    const { id } = await create("Venue", named("customer-hq", { name: "Customer HQ", tenantId: customer }));
    const requestId = createRequestIdOf("Venue", customer, named("customer-hq", { name: "Customer HQ" }), [])!;
    expect(await client.forTenant(customer).call<Props>("getRequest", { requestId })).toMatchObject({
      entityId: id,
      tenantId: customer,
    });
  });
});

describe("functions", () => {
  it("run in the tenant tenantId names, else the configured one", async () => {
    expect(((await runFunction(client, FUNCTION_SPECS.getTenant, { tenantId: customer })) as Props).id).toBe(customer);
    expect(((await runFunction(client, FUNCTION_SPECS.getTenant, {})) as Props).id).toBe(emulator.demo.tenantId);
    await client.forTenant(customer).execute("createVenue", {}, { body: { name: "Listed for the customer" } });
    const listed = (await runFunction(client, FUNCTION_SPECS.listVenues, { tenantId: customer })) as Props[];
    expect(listed.map((v) => v.name)).toContain("Listed for the customer");
    expect(((await runFunction(client, FUNCTION_SPECS.listVenues, {})) as Props[]).map((v) => v.name)).not.toContain(
      "Listed for the customer",
    );
  });

  it("take tenantId as an argument, checked before any call", async () => {
    const lookup = () => undefined;
    expect(checkArgs("getVenue", { venueId: "v1", tenantId: customer }, lookup)).toEqual({
      venueId: "v1",
      tenantId: customer,
    });
    expect(() => checkArgs("getTenant", { tenantId: "short" }, lookup)).toThrow(
      "getTenant: tenantId: must be a tenant ID: 32 letters and digits",
    );
  });

  it("in a tenant the login may not reach fail with the service's 403", async () => {
    await expect(runFunction(client, FUNCTION_SPECS.getTenant, { tenantId: outsider })).rejects.toMatchObject({
      status: 403,
      code: "NMS-FORBIDDEN-TENANT",
    });
  });
});
