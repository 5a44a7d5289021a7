// A unit test of examples/msp under Pulumi's mocks: several end customers in one stack, each
// customer's resources in its own tenant (tenantId), their names made from the customer's name,
// a customer listed without a tenant in the configured one, the RADIUS settings kept secret, and
// the fleet report's tenant names read with getTenant in each customer's tenant, answered by the
// mocks' call hook instead of the service.
import * as pulumi from "@pulumi/pulumi";
import { inputsOf, mockPulumi, settled, valueOf } from "./mockHelpers";

const ACME = "a".repeat(32);
const BETA = "b".repeat(32);
const customers = [
  { name: "Acme", tenantId: ACME, sites: ["Main", "Harbour Front"] },
  { name: "Beta Clinic", tenantId: BETA, staffVlan: 20 },
  // Listed without a tenant: the configured one (the one-stack-per-customer form).
  { name: "Own" },
];
const TENANT_NAMES: Record<string, string> = { [ACME]: "Acme Bakery Ltd", [BETA]: "Beta Clinic SA" };

const { registered, called } = mockPulumi(
  "msp",
  { "msp:customers": JSON.stringify(customers), "msp:radiusSecret": "radius-unit" },
  ["msp:radiusSecret"],
  {
    call: (args) =>
      args.token === "nms:index:getTenant"
        ? {
            id: args.inputs.tenantId ?? "c".repeat(32),
            name: TENANT_NAMES[args.inputs.tenantId] ?? "The configured tenant",
          }
        : {},
  },
);
const program = require("../../examples/msp/index") as typeof import("../../examples/msp/index");

beforeAll(() => settled(program, registered));

const byType = (kind: string) =>
  registered
    .filter((r) => r.type === `pulumi-nodejs:dynamic/nms:${kind}`)
    .map((r) => r.name)
    .sort();

test("each customer's sites are a venue, an AP group and an activation of its own staff network, with readable type tokens", () => {
  expect(byType("Venue")).toEqual(["acme-harbour-front", "acme-main", "beta-clinic-main", "own-main"]);
  expect(byType("ApGroup")).toEqual([
    "acme-harbour-front-aps",
    "acme-main-aps",
    "beta-clinic-main-aps",
    "own-main-aps",
  ]);
  expect(byType("NetworkVenueActivation")).toEqual([
    "acme-harbour-front-staff",
    "acme-main-staff",
    "beta-clinic-main-staff",
    "own-main-staff",
  ]);
  expect(byType("Network")).toEqual(["acme-staff", "beta-clinic-staff", "own-staff"]);
  expect(byType("NotificationRecipient")).toEqual(["acme-noc", "beta-clinic-noc", "own-noc"]);
});

test("every resource of a customer is in the customer's tenant; one listed without a tenant leaves it to the configured one", () => {
  const tenantOf = (name: string) => inputsOf(registered, name).tenantId;
  for (const r of registered.filter((r) => r.name.startsWith("acme-")))
    expect([r.name, tenantOf(r.name)]).toEqual([r.name, ACME]);
  for (const r of registered.filter((r) => r.name.startsWith("beta-clinic-")))
    expect([r.name, tenantOf(r.name)]).toEqual([r.name, BETA]);
  for (const r of registered.filter((r) => r.name.startsWith("own-")))
    expect([r.name, tenantOf(r.name)]).toEqual([r.name, undefined]);
});

test("names carry the customer's name, cut to the service's 32 characters; references stay within the customer", () => {
  expect(inputsOf(registered, "acme-main").name).toBe("Acme Main");
  expect(inputsOf(registered, "acme-harbour-front").name).toBe("Acme Harbour Front");
  expect(inputsOf(registered, "acme-staff").wlan.ssid).toBe("acme-staff");
  expect(inputsOf(registered, "beta-clinic-staff").wlan).toMatchObject({ ssid: "beta-clinic-staff", vlanId: 20 });
  expect(inputsOf(registered, "acme-main-staff")).toMatchObject({
    networkId: "acme-staff-id",
    venueId: "acme-main-id",
    apGroups: [{ apGroupId: "acme-main-aps-id" }],
  });
  expect(inputsOf(registered, "beta-clinic-main-staff")).toMatchObject({
    networkId: "beta-clinic-staff-id",
    venueId: "beta-clinic-main-id",
  });
});

test("the fleet report: each customer's tenant and its name from getTenant, called in that tenant", async () => {
  const fleet = await valueOf(pulumi.output(program.fleet));
  expect(fleet.acme).toMatchObject({
    tenantId: ACME,
    tenantName: "Acme Bakery Ltd",
    venueIds: ["acme-main-id", "acme-harbour-front-id"],
    staffNetworkId: "acme-staff-id",
  });
  expect(fleet["beta-clinic"]).toMatchObject({
    tenantId: BETA,
    tenantName: "Beta Clinic SA",
    venueIds: ["beta-clinic-main-id"],
  });
  expect(fleet.own.tenantName).toBe("The configured tenant");
  expect(
    called
      .filter((c) => c.token === "nms:index:getTenant")
      .map((c) => c.inputs.tenantId ?? "configured")
      .sort(),
  ).toEqual([ACME, BETA, "configured"].sort());
});

test("the RADIUS settings are a secret output", async () => {
  expect(await pulumi.isSecret(program.staffRadius as pulumi.Output<unknown>)).toBe(true);
  expect(await valueOf(program.staffRadius as pulumi.Output<any>)).toMatchObject({
    acme: { primary: { sharedSecret: "radius-unit" } },
  });
});
