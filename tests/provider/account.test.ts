// The account resources and functions through the provider, against the emulator: every
// account error code surfaced with its code (at check where the schema can tell, else the
// service's answer), the out-of-sync and component codes with their request ID, delegated access
// of an MSP, and the account functions.
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { NmsClient } from "../../provider/client";
import { NmsApiError, NmsRequestFailedError } from "../../provider/client/errors";
import { closeSharedClient, invoke } from "../../provider/programClient";
import type { ConfigLookup } from "../../provider/config";
import { makeLifecycle } from "../../provider/lifecycle";
import { RESOURCE_SPECS } from "../../provider/resources";
import { admin, adminApi, demoClient } from "../support/emulatorClient";

type Props = Record<string, any>;

let emulator: RunningEmulator;
let client: NmsClient;

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("NMS_")) delete process.env[name];
  emulator = await startEmulator({ port: 0, asyncDelayMs: 0 });
  client = demoClient(emulator);
});

afterAll(async () => {
  await closeSharedClient();
  await client.close();
  await emulator.close();
});

const provider = (kind: string, c: NmsClient = client) => makeLifecycle(RESOURCE_SPECS[kind], async () => c);

async function create(kind: string, inputs: Props, c: NmsClient = client): Promise<{ id: string; outs: Props }> {
  const p = provider(kind, c);
  const checked = await p.check!({}, inputs);
  expect(checked.failures).toEqual([]);
  return (await p.create(checked.inputs)) as { id: string; outs: Props };
}

/** The error a create ends with. */
async function createFails(kind: string, inputs: Props, c: NmsClient = client): Promise<any> {
  return create(kind, inputs, c).then(
    () => Promise.reject(new Error(`${kind} was created`)),
    (error: unknown) => error,
  );
}

describe("error codes at check", () => {
  it("TNT-10100: an endpoint named twice in a recipient is refused at preview, naming the endpoint", async () => {
    const { failures } = await provider("NotificationRecipient").check!(
      {},
      {
        description: "Twice",
        endpoints: [
          { type: "EMAIL", destination: "x@demo.example" },
          { type: "EMAIL", destination: "x@demo.example" },
        ],
      },
    );
    expect(failures).toEqual([{ property: "endpoints[1].destination", reason: expect.stringContaining("TNT-10100") }]);
  });

  it("an administrator without email or externalId is refused at preview, naming email", async () => {
    const { failures } = await provider("Admin").check!({}, { role: "ADMIN" });
    expect(failures).toEqual([{ property: "email", reason: expect.stringContaining("support account") }]);
  });

  it("a user profile with an unknown date format is refused at preview", async () => {
    const { failures } = await provider("UserProfile").check!({}, { dateFormat: "dd.mm.yyyy" });
    expect(failures).toEqual([{ property: "dateFormat", reason: expect.any(String) }]);
  });
});

describe("error codes the service answers, surfaced by the provider with their code", () => {
  it("TNT-10100: an endpoint another recipient has", async () => {
    await create("NotificationRecipient", {
      description: "Holder",
      endpoints: [{ type: "SMS", destination: "+15550199" }],
    });
    const error = await createFails("NotificationRecipient", {
      description: "Taker",
      endpoints: [{ type: "SMS", destination: "+15550199" }],
    });
    expect(error).toBeInstanceOf(NmsApiError);
    expect({ code: error.code, status: error.status }).toEqual({ code: "TNT-10100", status: 400 });
    expect(error.message).toMatch(/createNotificationRecipient.*TNT-10100/);
  });

  it("TNT-10303, TNT-10300, TNT-10302: the same administrator twice, one of another tenant, one with a support account by email", async () => {
    await create("Admin", { role: "ADMIN", email: "dup@demo.example" });
    expect((await createFails("Admin", { role: "ADMIN", email: "dup@demo.example" })).code).toBe("TNT-10303");
    const other = await adminApi(emulator, "POST", "tenants", { name: "Other account" });
    expect((await createFails("Admin", { role: "ADMIN", email: other.username })).code).toBe("TNT-10300");
    expect((await createFails("Admin", { role: "ADMIN", email: "pat.lee@partner.example" })).code).toBe("TNT-10302");
    const byExternalId = await create("Admin", { role: "READ_ONLY", externalId: "0035x000001DemoA" });
    expect(byExternalId.outs).toMatchObject({ role: "READ_ONLY", externalId: "0035x000001DemoA" });
    const read = await provider("Admin").read!(byExternalId.id, byExternalId.outs);
    expect(read.props).toMatchObject({ role: "READ_ONLY", name: "Pat", lastName: "Lee" });
    // A person added by externalId has no email of the program's: refresh finds no change, so no replacement.
    expect(read.inputs).not.toHaveProperty("email");
    expect(
      (
        await provider("Admin").diff!(byExternalId.id, read.props, {
          role: "READ_ONLY",
          externalId: "0035x000001DemoA",
        })
      ).changes,
    ).toBe(false);
  });

  it("TNT-10301 and TNT-10304: a VAR the support directory does not know, and a support user as a VAR", async () => {
    expect((await createFails("VarDelegation", { username: "nobody@var.example" })).code).toBe("TNT-10301");
    expect((await createFails("VarDelegation", { username: "agent@support.vendor.example" })).code).toBe("TNT-10304");
  });

  it.each([
    ["VENUE-10001", "createVenue", "Venue", { name: "Out of sync" }],
    ["CFGC-10000", "createVenue", "Venue", { name: "Config failure" }],
    ["WIFI-10000", "createVenue", "Venue", { name: "Wifi failure" }],
    ["SWITCH-10000", "createVenue", "Venue", { name: "Switch failure" }],
    ["LTE-10000", "createVenue", "Venue", { name: "LTE failure" }],
    ["TNT-10001", "createAdmin", "Admin", { role: "ADMIN", email: "sync@demo.example" }],
    ["TNT-10001", "createNotificationRecipient", "NotificationRecipient", { description: "Sync", endpoints: [] }],
  ])(
    "%s provoked on %s by fault injection is reported with its code and request ID",
    async (code, op, kind, inputs) => {
      await adminApi(emulator, "POST", "faults", { kind: "fail-request", op, code, count: 1 });
      const error = await createFails(kind, inputs);
      expect(error).toBeInstanceOf(NmsRequestFailedError);
      expect(error.message).toContain(code);
      expect(error.message).toContain(error.requestId);
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});

describe("resources", () => {
  it("a user profile is taken over with the tenant's ID, and destroy writes the defaults back", async () => {
    const { id, outs } = await create("UserProfile", { dateFormat: "yyyy/mm/dd", detailLevel: "su" });
    expect(id).toBe(emulator.demo.tenantId);
    expect(outs).toMatchObject({ dateFormat: "yyyy/mm/dd", detailLevel: "su", username: emulator.demo.username });
    await provider("UserProfile").delete!(id, outs);
    expect(await client.call("getUserProfile")).toMatchObject({ dateFormat: "mm/dd/yyyy", detailLevel: "it" });
  });

  it("support access: created by createSupportDelegation, read by getDelegation, revoked by destroy (deleteSupportDelegation)", async () => {
    const { id, outs } = await create("SupportAccess", {});
    expect(outs).toMatchObject({ type: "SUPPORT", status: "ACCEPTED", isValid: true });
    await provider("SupportAccess").delete!(id, outs);
    expect(await client.list("listDelegations", {}, { type: "SUPPORT" })).toEqual([]);
  });
});

describe("delegated access", () => {
  it("an MSP's credentials manage its end customer's tenant; a tenant that is not its customer is refused", async () => {
    const customer = await adminApi(emulator, "POST", "tenants", { name: "Managed customer" });
    const asMsp = demoClient(emulator, { tenantId: customer.tenantId });
    try {
      const refused = await createFails("Venue", { name: "Not yet" }, asMsp);
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 403, code: "NMS-FORBIDDEN-TENANT" });
      await adminApi(emulator, "PUT", `tenants/${customer.tenantId}/msp`, { mspTenantId: emulator.demo.tenantId });
      const { id } = await create("Venue", { name: "Customer site" }, asMsp);
      const held = await adminApi(emulator, "GET", `tenants/${customer.tenantId}/objects`);
      expect(held.venues.map((v: Props) => v.id)).toEqual([id]);
    } finally {
      await asMsp.close();
    }
  });
});

describe("functions", () => {
  const config: () => ConfigLookup = () => {
    const values: Record<string, string> = {
      "nms:baseUrl": emulator.url,
      "nms:tenantId": emulator.demo.tenantId,
      "nms:username": emulator.demo.username,
      "nms:password": emulator.demo.password,
      "nms:logLevel": "warn",
    };
    return (key) => values[key];
  };

  it("getUserProfile lists the allowed regions; getTenant carries the documented fields under their wire names", async () => {
    const profile = (await invoke("getUserProfile", {}, config())) as Props;
    expect(profile.allowedRegions).toEqual(expect.arrayContaining([expect.objectContaining({ name: "eu" })]));
    const tenant = (await invoke("getTenant", {}, config())) as Props;
    expect(tenant).toMatchObject({
      ruckusUser: false,
      externalId: expect.any(String),
      maintenanceDate: expect.any(String),
      msp: expect.any(Object),
    });
    expect(tenant).not.toHaveProperty("vendorUser");
    expect(tenant.notificationRecipients.length).toBeGreaterThan(0);
  });

  it("listEntitlementSummaries: remaining Wi-Fi devices fall as APs are added", async () => {
    // Two different queries: a function's list reads are cached for a few seconds (listCacheTtlMs), by query.
    const wifi = (summaries: Props[]) => summaries.find((s) => s.deviceType === "WIFI")!.remainingDevices;
    const before = wifi((await invoke("listEntitlementSummaries", {}, config())) as Props[]);
    const venue = await create("Venue", { name: "Licence site" });
    await create("Ap", { serialNumber: "512345678901", name: "Licensed AP", venueId: venue.id });
    expect(wifi((await invoke("listEntitlementSummaries", { type: "WIFI" }, config())) as Props[])).toBe(before - 1);
    expect(((await invoke("listEntitlements", { type: "WIFI" }, config())) as Props[])[0]).toMatchObject({
      deviceType: "WIFI",
      quantity: before,
    });
  });

  it("listDelegations filters by type; answerDelegation is an action that needs its arguments", async () => {
    const invited = await create("VarDelegation", { username: "var@partner.example" });
    const listed = (await invoke("listDelegations", { type: "VAR" }, config())) as Props[];
    expect(listed.map((d) => d.id)).toContain(invited.id);
    await expect(invoke("answerDelegation", { delegationId: invited.id, accept: true }, config())).rejects.toThrow(
      /fromTenantId/,
    );
    const answered = (await invoke(
      "answerDelegation",
      { delegationId: invited.id, accept: false, fromTenantId: emulator.demo.tenantId },
      config(),
    )) as Props;
    expect(answered).toMatchObject({ ran: true, status: "REJECTED" });
  });
});

describe("floor plans and calibration points", () => {
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");

  it("VENUE-10203: calibration points other than two are refused at preview, naming points", async () => {
    const one = [{ xPercent: 1, yPercent: 1, latitude: "1", longitude: "1" }];
    const { failures } = await provider("CalibrationPoints").check!(
      {},
      { venueId: "v", floorPlanId: "f", points: one },
    );
    expect(failures).toEqual([{ property: "points", reason: expect.stringContaining("VENUE-10203") }]);
  });

  it("an image round trip: uploaded by the provider, downloaded through getFileDownloadUrl without the service's headers, bytes equal; a changed image is uploaded again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-floor-"));
    const image = path.join(dir, "plan.png");
    fs.writeFileSync(image, Buffer.from([137, 80, 78, 71, 1, 2, 3]));
    try {
      const venue = await create("Venue", { name: "Floor plan site" });
      const p = provider("FloorPlan");
      const first = await p.check!({}, { venueId: venue.id, name: "Ground", imagePath: image });
      expect(first.inputs.imageSha256).toMatch(/^[0-9a-f]{64}$/);
      const created = await p.create(first.inputs);
      expect(created.outs.imageUrl).toBe(`/api/file/tenant/${emulator.demo.tenantId}/${created.outs.imageId}`);
      // The signed addresses are credentials: none reaches the resource's state.
      expect(JSON.stringify(created.outs)).not.toContain("signature");
      const lookup: ConfigLookup = (key) =>
        ({
          "nms:baseUrl": emulator.url,
          "nms:tenantId": emulator.demo.tenantId,
          "nms:username": emulator.demo.username,
          "nms:password": emulator.demo.password,
        })[key];
      const { url } = (await invoke("getFileDownloadUrl", { fileId: created.outs.imageId }, lookup)) as { url: string };
      expect(await client.download(url)).toEqual(fs.readFileSync(image));

      // Same content: no change. New content at the same path: a change, and a new upload.
      expect(
        (await p.diff!(created.id, created.outs, (await p.check!(created.outs, first.inputs)).inputs)).changes,
      ).toBe(false);
      fs.writeFileSync(image, Buffer.from([137, 80, 78, 71, 9, 9, 9, 9]));
      const second = (await p.check!(created.outs, { venueId: venue.id, name: "Ground", imagePath: image })).inputs;
      expect((await p.diff!(created.id, created.outs, second)).changes).toBe(true);
      const updated = await p.update!(created.id, created.outs, second);
      expect(updated.outs!.imageId).not.toBe(created.outs.imageId);
      const again = (await invoke("getFileDownloadUrl", { fileId: updated.outs!.imageId }, lookup)) as { url: string };
      expect(await client.download(again.url)).toEqual(fs.readFileSync(image));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an image path that cannot be read is refused at preview, naming imagePath", async () => {
    const { failures } = await provider("FloorPlan").check!({}, { venueId: "v", imagePath: "/no/such/plan.png" });
    expect(failures).toEqual([{ property: "imagePath", reason: expect.stringContaining("ENOENT") }]);
  });

  it("VENUE-10203 from the service and the component codes on createFloorPlan are surfaced with their code", async () => {
    const venue = await create("Venue", { name: "Faulty plans" });
    await adminApi(emulator, "POST", "faults", {
      kind: "fail-request",
      op: "createFloorPlan",
      code: "VENUE-10001",
      count: 1,
    });
    const error = await createFails("FloorPlan", { venueId: venue.id, name: "Out of sync" });
    expect(error.message).toContain("VENUE-10001");
    const plan = await create("FloorPlan", { venueId: venue.id, name: "Ground" });
    const refused = await client
      .write("replaceCalibrationPoints", { venueId: venue.id, floorPlanId: plan.id }, { body: [] })
      .catch((e: unknown) => e as NmsApiError);
    expect(refused).toMatchObject({ code: "VENUE-10203", status: 422 });
  });
});

describe("adoption", () => {
  it("adopts a VAR delegation by the VAR's username, without inviting the VAR twice", async () => {
    const varTenant = (await admin(emulator, "POST", "/tenants", { name: "Adopted VAR" })).body;
    const username = "adopted-var@partner.example";
    await admin(emulator, "POST", "/support-directory", {
      externalId: "adopted-var",
      username,
      tenantId: varTenant.tenantId,
    });
    const existing = await create("VarDelegation", { username });
    const adopted = await create("VarDelegation", { username, adoptByName: true });
    expect(adopted.id).toBe(existing.id);
    const invitations = (await client.list<Props>("listDelegations", {})).filter(
      (d) => d.type === "VAR" && d.delegatedToAdmin === username,
    );
    expect(invitations.map((d) => d.id)).toEqual([existing.id]);
  });
});
