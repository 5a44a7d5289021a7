// A unit test of examples/brownfield under Pulumi's mocks: which object each resource adopts and
// how (by ID from config, or by name), and the passphrase kept secret.
import * as pulumi from "@pulumi/pulumi";
import { inputsOf, mockPulumi, settled, valueOf } from "./mockHelpers";

const { registered } = mockPulumi(
  "brownfield",
  {
    "brownfield:lobbyApGroupId": "a".repeat(32),
    "brownfield:staffVlan": "30",
    "brownfield:staffPassphrase": "staff-unit-passphrase",
  },
  ["brownfield:staffPassphrase"],
);
const program = require("../../examples/brownfield/index") as typeof import("../../examples/brownfield/index");

beforeAll(() => settled(program, registered));

test("registers a venue, an AP group, a network and an activation with readable type tokens", () => {
  expect(registered.map((r) => [r.name, r.type])).toEqual(
    expect.arrayContaining([
      ["branch", "pulumi-nodejs:dynamic/nms:Venue"],
      ["lobby", "pulumi-nodejs:dynamic/nms:ApGroup"],
      ["staff", "pulumi-nodejs:dynamic/nms:Network"],
      ["staff-at-branch", "pulumi-nodejs:dynamic/nms:NetworkVenueActivation"],
    ]),
  );
});

test("the AP group is adopted by the ID from config; the others by their unique names", () => {
  expect(inputsOf(registered, "lobby")).toMatchObject({ adoptId: "a".repeat(32), venueId: "branch-id" });
  expect(inputsOf(registered, "lobby").adoptByName).toBeUndefined();
  for (const name of ["branch", "staff", "staff-at-branch"]) expect(inputsOf(registered, name).adoptByName).toBe(true);
  expect(inputsOf(registered, "staff").wlan.vlanId).toBe(30);
});

test("the staff passphrase is a secret output", async () => {
  expect(await pulumi.isSecret(program.staffPassphrase as pulumi.Output<unknown>)).toBe(true);
  expect(await valueOf(program.staffPassphrase as pulumi.Output<unknown>)).toBe("staff-unit-passphrase");
  expect(await valueOf(program.lobbyId)).toBe("lobby-id");
});
