import { NmsApiError } from "../../../provider/client";
import { clientFor, cookieToken, PASSWORD, rejectionOf, TENANT, type TestClient, withLogin } from "./fakeServer";

describe("login and re-login", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("logs in lazily with the credentials, then sends the API key as a cookie with the tenant in the path", async () => {
    t = await clientFor(withLogin(() => ({ status: 200, body: { id: "v1" } })));
    expect(t.server.hits).toHaveLength(0); // constructing sends nothing
    await t.client.call("getVenue", { venueId: "v1" }, { query: { deep: true, page: 0, skipped: undefined } });
    const [login, get] = t.server.hits;
    expect(login.method).toBe("POST");
    expect(login.path).toBe("/token");
    expect(JSON.parse(login.body)).toEqual({ username: "admin@example.com", password: PASSWORD });
    expect(login.headers["content-type"]).toBe("application/json");
    expect(get.path).toBe(`/api/tenant/${TENANT}/venue/v1`);
    expect(get.query.toString()).toBe("deep=true&page=0");
    expect(cookieToken(get)).toBe("key-secret-1");
  });

  it("answers a 401 with exactly one new login and repeats the call with the new key", async () => {
    t = await clientFor(
      withLogin((hit) =>
        cookieToken(hit) === "key-secret-1"
          ? { status: 401, body: { errors: [{ code: "NMS-NOT-AUTHENTICATED", message: "authentication required" }] } }
          : { status: 200, body: [] },
      ),
    );
    await expect(t.client.call("listVenues")).resolves.toEqual([]);
    expect(t.server.logins()).toHaveLength(2);
    expect(t.server.apiHits().map(cookieToken)).toEqual(["key-secret-1", "key-secret-2"]);
    // The renewed key is kept for later calls.
    await t.client.call("listVenues");
    expect(t.server.logins()).toHaveLength(2);
  });

  it("fails with NmsApiError 401 when the repeated call is refused too", async () => {
    t = await clientFor(
      withLogin(() => ({
        status: 401,
        body: { errors: [{ code: "NMS-NOT-AUTHENTICATED", message: "authentication required" }], requestId: "r-401" },
      })),
    );
    const error = await rejectionOf(t.client.call("getVenue", { venueId: "v1" }));
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).status).toBe(401);
    expect((error as NmsApiError).code).toBe("NMS-NOT-AUTHENTICATED");
    expect(error.message).toContain("getVenue");
    expect(t.server.logins()).toHaveLength(2);
    expect(t.server.apiHits()).toHaveLength(2);
  });

  it("shares one login among concurrent first calls", async () => {
    t = await clientFor(withLogin(async () => ({ status: 200, body: [] })));
    await Promise.all(Array.from({ length: 8 }, () => t!.client.call("listVenues")));
    expect(t.server.logins()).toHaveLength(1);
    expect(t.server.apiHits()).toHaveLength(8);
  });

  it("shares one re-login among concurrent calls refused with the same key", async () => {
    let keyOneRevoked = false;
    t = await clientFor(
      withLogin(async (hit) => {
        if (keyOneRevoked && cookieToken(hit) === "key-secret-1") return { status: 401 };
        await new Promise((resolve) => setTimeout(resolve, 10)); // let the refused calls overlap
        return { status: 200, body: [] };
      }),
    );
    await t.client.call("getTenant");
    keyOneRevoked = true;
    await Promise.all(Array.from({ length: 6 }, () => t!.client.call("listVenues")));
    expect(t.server.logins()).toHaveLength(2);
    const refused = t.server
      .apiHits()
      .filter((hit) => cookieToken(hit) === "key-secret-1" && hit.path.endsWith("/venue"));
    expect(refused).toHaveLength(6);
    expect(t.server.apiHits().filter((hit) => cookieToken(hit) === "key-secret-2")).toHaveLength(6);
  });

  it("does not retry refused credentials at login", async () => {
    t = await clientFor((hit) =>
      hit.path === "/token"
        ? { status: 401, body: { errors: [{ code: "NMS-BAD-CREDENTIALS", message: "wrong username or password" }] } }
        : { status: 200 },
    );
    const error = await rejectionOf(t.client.call("listVenues"));
    expect(error).toBeInstanceOf(NmsApiError);
    expect((error as NmsApiError).operation).toBe("login");
    expect(error.message).toContain("login failed with HTTP 401: NMS-BAD-CREDENTIALS wrong username or password");
    expect(t.server.hits).toHaveLength(1);
  });

  it("takes the API key from the Set-Cookie header when the body lacks it", async () => {
    t = await clientFor((hit) =>
      hit.path === "/token"
        ? { status: 200, headers: { "set-cookie": "API-KEY=cookie-only-key; Path=/; Secure" } }
        : { status: 200, body: [] },
    );
    await t.client.call("listVenues");
    expect(cookieToken(t.server.apiHits()[0])).toBe("cookie-only-key");
  });

  it("retries a login that meets a 500", async () => {
    let loginAttempts = 0;
    t = await clientFor((hit) => {
      if (hit.path !== "/token") return { status: 200, body: [] };
      loginAttempts += 1;
      return loginAttempts === 1 ? { status: 500 } : { status: 200, body: { "API-KEY": "k-after-500" } };
    });
    await t.client.call("listVenues");
    expect(loginAttempts).toBe(2);
  });
});
