import {
  NmsApiError,
  NmsClient,
  NmsError,
  NmsRequestFailedError,
  REGION_BASE_URLS,
  isLoopbackHost,
  isNotFound,
  resolveBaseUrl,
  type RequestRecord,
} from "../../../provider/client";
import { clientFor, startFakeServer, type TestClient, withLogin } from "./fakeServer";

const credentials = { tenantId: "t", username: "u", password: "Secret-pass-1" };

describe("plain http", () => {
  it("is refused for a non-loopback host, at construction, before anything is sent", () => {
    for (const baseUrl of ["http://nms.example.com", "http://10.0.0.5:8080", "http://[2001:db8::1]"]) {
      expect(() => new NmsClient({ baseUrl, ...credentials })).toThrow(/refusing plain http.*allowInsecureHttp/);
    }
  });

  it("is allowed for loopback hosts and when explicitly accepted", async () => {
    for (const baseUrl of ["http://127.0.0.1:1", "http://127.1.2.3", "http://localhost:8080", "http://[::1]:9"]) {
      expect(() => new NmsClient({ baseUrl, ...credentials })).not.toThrow();
    }
    expect(
      () => new NmsClient({ baseUrl: "http://nms.example.com", allowInsecureHttp: true, ...credentials }),
    ).not.toThrow();
    expect(() => new NmsClient({ baseUrl: "https://nms.example.com", ...credentials })).not.toThrow();
  });

  it("recognises loopback addresses", () => {
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
    expect(isLoopbackHost("127.0.0.1.example.com")).toBe(false);
  });

  it("a refused host is never contacted", async () => {
    // The fake server counts hits; the refused URL points at it under a non-loopback spelling.
    const server = await startFakeServer(() => ({ status: 200, body: [] }));
    try {
      expect(
        () => new NmsClient({ baseUrl: server.baseUrl.replace("127.0.0.1", "nms.invalid"), ...credentials }),
      ).toThrow(NmsError);
      expect(server.hits).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

describe("options", () => {
  it("rejects missing credentials without echoing values", () => {
    expect(() => new NmsClient({ baseUrl: "https://x.example", tenantId: "t", username: "u", password: "" })).toThrow(
      "client option password is required",
    );
    expect(() => new NmsClient({ baseUrl: "not a url", ...credentials })).toThrow(/not an absolute URL/);
    expect(() => new NmsClient({ baseUrl: "https://x.example", maxRetries: -1, ...credentials })).toThrow(/maxRetries/);
  });

  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("keeps a path prefix of baseUrl and lets the caller override tenantId", async () => {
    t = await clientFor(withLogin(() => ({ status: 200, body: {} })));
    const prefixed = new NmsClient({ baseUrl: `${t.server.baseUrl}/prefix/`, ...credentials });
    try {
      await prefixed.call("getTenant").catch(() => undefined);
      await t.client.call("getTenant", { tenantId: "other-tenant" });
      expect(t.server.hits.map((hit) => hit.path)).toEqual(["/prefix/token", "/token", "/api/tenant/other-tenant"]);
    } finally {
      await prefixed.close();
    }
  });

  it("returns undefined for an empty body and names missing path parameters", async () => {
    t = await clientFor(withLogin(() => ({ status: 200 })));
    await expect(t.client.call("getTenant")).resolves.toBeUndefined();
    await expect(t.client.call("getVenue")).rejects.toThrow(
      "getVenue: operation getVenue needs path parameter venueId",
    );
  });

  it("reports a 2xx answer that is not JSON", async () => {
    t = await clientFor(
      withLogin(() => ({ status: 200, raw: "<html>gateway</html>", headers: { "content-type": "text/html" } })),
    );
    await expect(t.client.call("getTenant")).rejects.toThrow(/getTenant: HTTP 200 answer is not JSON \(text\/html\)/);
  });
});

describe("regions", () => {
  it("maps region names to their deployments, baseUrl winning", () => {
    expect(REGION_BASE_URLS).toEqual({ na: "https://ruckus.cloud", eu: "https://eu.ruckus.cloud" });
    expect(resolveBaseUrl({ region: "eu" })).toBe("https://eu.ruckus.cloud");
    expect(resolveBaseUrl({ region: "NA" })).toBe("https://ruckus.cloud");
    expect(resolveBaseUrl({})).toBe("https://ruckus.cloud");
    expect(resolveBaseUrl({ region: "eu", baseUrl: "http://127.0.0.1:8080/" })).toBe("http://127.0.0.1:8080");
  });

  it("names the valid regions when given an unknown one", () => {
    expect(() => resolveBaseUrl({ region: "apac" })).toThrow(/unknown region "apac".*"na".*"eu"/);
  });
});

describe("isNotFound", () => {
  it("is true for 404 answers and NotFound request failures only", () => {
    const api = (status: number) => new NmsApiError("x", { operation: "getVenue", status, errors: [] });
    const failed = (code: string) =>
      new NmsRequestFailedError("x", {
        operation: "deleteVenue",
        requestId: "r",
        record: { status: "FAIL", errors: [{ code, message: "" }] } as RequestRecord,
      });
    expect(isNotFound(api(404))).toBe(true);
    expect(isNotFound(api(409))).toBe(false);
    expect(isNotFound(failed("NMS-RELATED-NOT-FOUND"))).toBe(true);
    expect(isNotFound(failed("WIFI-10000"))).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
  });
});
