// What the program's register of owned objects (sdk/ownership.ts) costs per resource: a created object's claim waits
// for its ID alone when the inputs that name it are plain values, with no pulumi.all and its Outputs
// (docs/performance.md, "The SDK's cost per resource in the program"), and still refuses a second owner of that ID.
import * as pulumi from "@pulumi/pulumi";

const registered: pulumi.runtime.MockResourceArgs[] = [];

pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push(args);
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: () => ({}),
  },
  "nms-test",
  "dev",
  false,
);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const nms = require("../../sdk") as typeof import("../../sdk");

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((v) => resolve(v)));
}

test("a venue with plain inputs claims its created ID without pulumi.all", async () => {
  const all = jest.spyOn(pulumi, "all");
  try {
    const venue = new nms.Venue("plain", { name: "Plain", tenantId: "t".repeat(32) });
    expect(all).not.toHaveBeenCalled();
    await valueOf(venue.urn);
  } finally {
    all.mockRestore();
  }
});

test("the claim made without pulumi.all still refuses a second resource adopting the created ID", async () => {
  const venue = new nms.Venue("made", { name: "Made", tenantId: "t".repeat(32) });
  const adopter = new nms.Venue("adopter", { name: "Adopter", tenantId: "t".repeat(32), adoptId: venue.id });
  await valueOf(adopter.urn);
  // The conflict travels in the one input that was an Output, adoptId, in place of its value.
  const conflict = registered.find((args) => args.name === "adopter")?.inputs.adoptId?.__nmsOwnerConflict;
  expect(conflict).toMatchObject({
    property: "adoptId",
    reason: expect.stringMatching(
      /nms:Venue::adopter and nms:Venue::made would both own the Venue with adoptId "made-id"/,
    ),
  });
});

test("an AP group naming its venue by an Output checks its ownership without pulumi.all, and without one more input", async () => {
  const venue = new nms.Venue("groups-venue", { name: "Groups", tenantId: "t".repeat(32) });
  const all = jest.spyOn(pulumi, "all");
  try {
    const group = new nms.ApGroup("lobby-group", { name: "Lobby", venueId: venue.id, tenantId: "t".repeat(32) });
    expect(all).not.toHaveBeenCalled();
    // Every input is an Output property of the resource that Pulumi serializes and resolves: the conflict, if any,
    // travels in venueId itself (sdk/ownership.ts ownershipInput).
    expect(Object.keys(group)).not.toContain("__nmsOwnerConflict");
    await valueOf(group.urn);
    expect(registered.find((args) => args.name === "lobby-group")?.inputs.venueId).toBe("groups-venue-id");
  } finally {
    all.mockRestore();
  }
});

test("the check made without pulumi.all still refuses adopting by name a group another resource creates", async () => {
  const venue = new nms.Venue("shared-venue", { name: "Shared", tenantId: "t".repeat(32) });
  new nms.ApGroup("creator-group", { name: "Shared group", venueId: venue.id, tenantId: "t".repeat(32) });
  const adopter = new nms.ApGroup("adopter-group", {
    name: "Shared group",
    venueId: venue.id,
    tenantId: "t".repeat(32),
    adoptByName: true,
  });
  await valueOf(adopter.urn);
  // The conflict travels in the one input that was an Output, venueId, in place of its value.
  const conflict = registered.find((args) => args.name === "adopter-group")?.inputs.venueId?.__nmsOwnerConflict;
  expect(conflict).toMatchObject({
    property: "adoptByName",
    reason: expect.stringMatching(
      /nms:ApGroup::adopter-group adopts by name the ApGroup with venueId "shared-venue-id", name "Shared group", which nms:ApGroup::creator-group creates/,
    ),
  });
});
