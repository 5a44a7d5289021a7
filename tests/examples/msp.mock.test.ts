// A unit test of examples/msp under Pulumi's mocks: the end customer's resources, their names
// made from the customer's name, the RADIUS settings kept secret, and the tenant read (getTenant)
// answered by the mocks' call hook instead of the service.
import * as pulumi from "@pulumi/pulumi";
import { inputsOf, mockPulumi, settled, valueOf } from "./mockHelpers";

const { registered, called } = mockPulumi(
  "msp",
  { "msp:customerName": "Acme", "msp:sites": JSON.stringify(["Main", "Harbour Front"]), "msp:radiusSecret": "radius-unit" },
  ["msp:radiusSecret"],
  { call: (args) => (args.token === "nms:index:getTenant" ? { id: "c".repeat(32), name: "Acme Bakery Ltd" } : {}) },
);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const program = require("../../examples/msp/index") as typeof import("../../examples/msp/index");

beforeAll(() => settled(program, registered));

test("each site is a venue, an AP group and an activation of the one staff network, with readable type tokens", () => {
  const byType = (kind: string) => registered.filter((r) => r.type === `pulumi-nodejs:dynamic/nms:${kind}`).map((r) => r.name).sort();
  expect(byType("Venue")).toEqual(["harbour-front", "main"]);
  expect(byType("ApGroup")).toEqual(["harbour-front-aps", "main-aps"]);
  expect(byType("NetworkVenueActivation")).toEqual(["harbour-front-staff", "main-staff"]);
  expect(byType("Network")).toEqual(["staff"]);
  expect(byType("NotificationRecipient")).toEqual(["noc"]);
});

test("names carry the customer's name, cut to the service's 32 characters", async () => {
  expect(inputsOf(registered, "main").name).toBe("Acme Main");
  expect(inputsOf(registered, "harbour-front").name).toBe("Acme Harbour Front");
  expect(inputsOf(registered, "staff").wlan.ssid).toBe("acme-staff");
  expect(inputsOf(registered, "main-staff")).toMatchObject({ networkId: "staff-id", venueId: "main-id", apGroups: [{ apGroupId: "main-aps-id" }] });
  expect(await valueOf(pulumi.output(program.venueIds))).toEqual(["main-id", "harbour-front-id"]);
});

test("the RADIUS settings are a secret output", async () => {
  expect(await pulumi.isSecret(program.staffRadius as pulumi.Output<unknown>)).toBe(true);
  expect(await valueOf(program.staffRadius as pulumi.Output<any>)).toMatchObject({ primary: { sharedSecret: "radius-unit" } });
});

test("the customer's tenant name comes from getTenant, answered by the mocks' call hook", async () => {
  expect(await valueOf(program.tenantName)).toBe("Acme Bakery Ltd");
  expect(called.map((c) => c.token)).toEqual(["nms:index:getTenant"]);
});
