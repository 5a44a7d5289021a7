import { resolveConfig } from "../../provider/config";

const complete = {
  "nms:tenantId": "a".repeat(32),
  "nms:username": "admin@example.com",
  "nms:password": "s3cret-password",
  "nms:region": "eu",
};
const lookupOf = (values: Record<string, string>) => (key: string) => values[key];

describe("provider configuration", () => {
  it("reads the nms namespace of the stack config", () => {
    const config = resolveConfig(lookupOf(complete), {});
    expect(config).toMatchObject({
      tenantId: "a".repeat(32),
      username: "admin@example.com",
      region: "eu",
      waitTimeoutMs: 600_000,
    });
    expect(config.refreshFromLists).toBe(true);
    expect(config.logLevel).toBe("info");
  });

  it("falls back to environment variables, config winning when both are set", () => {
    const env = {
      NMS_TENANT_ID: "b".repeat(32),
      NMS_USERNAME: "env-user",
      NMS_PASSWORD: "env-password",
      NMS_BASE_URL: "http://127.0.0.1:1",
    };
    expect(resolveConfig(lookupOf({}), env)).toMatchObject({
      tenantId: "b".repeat(32),
      username: "env-user",
      baseUrl: "http://127.0.0.1:1",
    });
    expect(resolveConfig(lookupOf({ "nms:username": "config-user" }), env).username).toBe("config-user");
  });

  it("names every missing setting with both its config key and its variable", () => {
    expect(() => resolveConfig(lookupOf({ "nms:region": "na" }), {})).toThrow(
      "nms provider is not configured: set nms:tenantId (or NMS_TENANT_ID), nms:username (or NMS_USERNAME), nms:password (or NMS_PASSWORD)",
    );
  });

  it("needs a region or a base address", () => {
    const { "nms:region": _region, ...noAddress } = complete;
    expect(() => resolveConfig(lookupOf(noAddress), {})).toThrow(/nms:region \(na or eu\) or nms:baseUrl/);
  });

  it.each([
    ["nms:waitTimeoutSeconds", "0", /positive number of seconds/],
    ["nms:maxRequestsPerSecond", "-3", /nms:maxRequestsPerSecond must be a positive number/],
    ["nms:waiter", "eager", /"coalesced" or "per-request"/],
    ["nms:logLevel", "verbose", /nms:logLevel must be one of debug, info, warn, off/],
  ])("rejects %s = %s", (key, value, message) => {
    expect(() => resolveConfig(lookupOf({ ...complete, [key]: value }), {})).toThrow(message);
  });

  it("never puts the password in an error", () => {
    try {
      resolveConfig(lookupOf({ ...complete, "nms:waiter": "bad" }), {});
    } catch (error) {
      expect(String(error)).not.toContain(complete["nms:password"]);
    }
    expect.assertions(1);
  });
});
