// Users unit-test their stack programs with Pulumi's mocks (pulumi.runtime.setMocks), as Pulumi's
// docs teach: no engine, no provider, no service. Under mocks the SDK registers its resources with
// readable type tokens, secret inputs stay secret, declared outputs resolve from what the mocks
// answer, and functions are answered by the mocks' call hook instead of calling the service.
import * as pulumi from "@pulumi/pulumi";

const registered: pulumi.runtime.MockResourceArgs[] = [];
const called: pulumi.runtime.MockCallArgs[] = [];

pulumi.runtime.setMocks(
  {
    newResource(args) {
      registered.push(args);
      return {
        id: `${args.name}-id`,
        state: { ...args.inputs, ...(args.type.endsWith("nms:Ap") ? { model: "R750", firmware: "7.0.0" } : {}) },
      };
    },
    call(args) {
      called.push(args);
      if (args.token === "nms:index:getTenant") return { id: "t".repeat(32), name: "Mocked tenant", status: "active" };
      if (args.token === "nms:index:listAps") return { items: [{ serialNumber: "123456789012", name: "Mocked AP" }] };
      if (args.token === "nms:index:getVenue") return { id: "venue-1", name: args.inputs.name };
      if (args.token === "nms:index:getRecoveryPsk") return { psk: "mocked-psk-0123456", tenantId: "t".repeat(32) };
      return {};
    },
  },
  "project",
  "stack",
  false,
);

// The SDK is loaded after setMocks, as a user's program under test is.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nms = require("../../sdk") as typeof import("../../sdk");

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((v) => resolve(v)));
}

function isSecret(output: pulumi.Output<unknown>): Promise<boolean> {
  return pulumi.isSecret(output);
}

test("resources register with readable type tokens and their declared outputs resolve from the mocks", async () => {
  const venue = new nms.Venue("hq", { name: "HQ" });
  const ap = new nms.Ap("lobby-ap", { serialNumber: "123456789012", name: "Lobby AP", venueId: venue.id });
  expect(await valueOf(venue.id)).toBe("hq-id");
  expect(await valueOf(venue.name)).toBe("HQ");
  expect(await valueOf(ap.venueId)).toBe("hq-id");
  expect(await valueOf(ap.model)).toBe("R750");
  expect(registered.map((r) => r.type)).toEqual(
    expect.arrayContaining(["pulumi-nodejs:dynamic/nms:Venue", "pulumi-nodejs:dynamic/nms:Ap"]),
  );
});

test("secret inputs are secret outputs under mocks too", async () => {
  const network = new nms.Network("corp", {
    name: "Corp",
    type: "aaa",
    wlan: { ssid: "corp" },
    authRadius: { primary: { ip: "192.0.2.10", port: 1812, sharedSecret: "s3cret-radius" } },
  });
  expect(await isSecret(network.authRadius as pulumi.Output<unknown>)).toBe(true);
  expect(await isSecret(network.name as pulumi.Output<unknown>)).toBe(false);
});

test("functions are answered by the mocks' call hook, in both forms, without calling any service", async () => {
  const tenant = await nms.getTenant();
  expect(tenant.name).toBe("Mocked tenant");
  expect(await valueOf(nms.getTenantOutput())).toMatchObject({ name: "Mocked tenant" });
  expect(called.map((c) => c.token)).toEqual(["nms:index:getTenant", "nms:index:getTenant"]);
});

test("a list function takes the mocks' { items } answer, and arguments are still checked before the mocks are asked", async () => {
  expect(await nms.listAps()).toEqual([{ serialNumber: "123456789012", name: "Mocked AP" }]);
  await expect(nms.pingFromAp({ serialNumber: "123456789012", targetHost: "10.1.2" } as never)).rejects.toThrow(
    /targetHost/,
  );
  expect(called.map((c) => c.token)).not.toContain("nms:index:pingFromAp");
});

test("an action is answered by the mocks outside preview and reports that it ran", async () => {
  const outcome = await nms.rebootAp({ serialNumber: "123456789012" });
  expect(outcome).toMatchObject({ ran: true });
  expect(called.find((c) => c.token === "nms:index:rebootAp")?.inputs).toEqual({ serialNumber: "123456789012" });
});

test("a get by unique name is answered by the mocks with its arguments, which must still come in one of its forms", async () => {
  expect(await nms.getVenue({ name: "HQ" })).toEqual({ id: "venue-1", name: "HQ" });
  expect(called.find((c) => c.token === "nms:index:getVenue")?.inputs).toEqual({ name: "HQ" });
  await expect(nms.getVenue({})).rejects.toThrow("getVenue: give venueId, or name");
});

test("the Output form of a function whose result holds a secret is secret under mocks too; the Promise form is plain", async () => {
  const psk = nms.getRecoveryPskOutput();
  expect(await isSecret(psk)).toBe(true);
  expect((await valueOf(psk)).psk).toBe("mocked-psk-0123456");
  expect((await nms.getRecoveryPsk()).psk).toBe("mocked-psk-0123456");
  expect(await isSecret(nms.getTenantOutput())).toBe(false);
});
