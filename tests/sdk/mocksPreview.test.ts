// Under Pulumi's mocks in preview mode (setMocks(..., preview = true)), as a unit test of what
// `pulumi preview` would do: reads are answered by the mocks, actions never run (their Promise form
// says why, their Output form is unknown) and the mocks are never asked for them.
import * as pulumi from "@pulumi/pulumi";

const tokens: string[] = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
    call: (args) => (tokens.push(args.token), args.token === "nms:index:getTenantDetails" ? { city: "Lisbon" } : {}),
  },
  "project",
  "stack",
  true,
);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const nms = require("../../sdk") as typeof import("../../sdk");

test("reads run in preview, actions do not, and the mocks are asked only for the reads", async () => {
  expect(await nms.getTenantDetails()).toEqual({ city: "Lisbon" });
  expect(await nms.rebootAp({ serialNumber: "123456789012" })).toMatchObject({
    ran: false,
    reason: expect.stringMatching(/preview never runs actions/),
  });
  // Output.isKnown is how Pulumi's own tests tell an unknown output.
  const ping = nms.pingFromApOutput({ serialNumber: "123456789012", targetHost: "192.0.2.1" }) as unknown as {
    isKnown: Promise<boolean>;
  };
  expect(await ping.isKnown).toBe(false);
  expect(tokens).toEqual(["nms:index:getTenantDetails"]);
});
