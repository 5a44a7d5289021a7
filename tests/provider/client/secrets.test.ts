import { inspect } from "node:util";
import { NmsApiError } from "../../../provider/client";
import { clientFor, PASSWORD, rejectionOf, type TestClient, withLogin } from "./fakeServer";

const SHARED_SECRET = "radius-shared-s3cret";
const PASSPHRASE = "psk-passphrase-123";

/** Everything the test may see of an error: message, stack, fields, and its inspection. */
function everythingAbout(error: Error): string {
  return [error.message, error.stack ?? "", JSON.stringify(error), inspect(error, { depth: 10 })].join("\n");
}

describe("secrets stay out of errors and logs", () => {
  let t: TestClient | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("a 401 at login names the operation but not the password", async () => {
    t = await clientFor((hit) =>
      hit.path === "/token"
        ? // A careless server echoing the attempted password back.
          {
            status: 401,
            body: {
              errors: [
                {
                  code: "NMS-BAD-CREDENTIALS",
                  message: `wrong password ${PASSWORD}`,
                  object: "password",
                  value: PASSWORD,
                },
              ],
            },
          }
        : { status: 200 },
    );
    const error = await rejectionOf(t.client.call("listVenues"));
    expect(error).toBeInstanceOf(NmsApiError);
    expect(error.message).toContain("login");
    expect(error.message).toContain("HTTP 401");
    expect(everythingAbout(error)).not.toContain(PASSWORD);
  });

  it("a 401 after re-login shows neither the password nor any API key", async () => {
    t = await clientFor(
      withLogin((hit) => ({
        status: 401,
        body: {
          errors: [{ code: "NMS-NOT-AUTHENTICATED", message: `key ${String(hit.headers.cookie)} is not valid` }],
        },
      })),
    );
    const error = await rejectionOf(t.client.call("listVenues"));
    expect((error as NmsApiError).status).toBe(401);
    const text = everythingAbout(error);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain("key-secret-1");
    expect(text).not.toContain("key-secret-2");
  });

  it("a 422 echoing secret values shows the code and field but not the values", async () => {
    t = await clientFor(
      withLogin(() => ({
        status: 422,
        body: {
          errors: [
            {
              code: "WIFI-10104",
              message: "RADIUS port 1812 not permitted",
              object: "wlan.authRadius.primary.sharedSecret",
              value: SHARED_SECRET,
            },
            {
              code: "NMS-VALIDATION",
              message: `passphrase ${PASSPHRASE} too weak`,
              object: "wlan.passphrase",
              value: PASSPHRASE,
            },
            {
              code: "NMS-VALIDATION",
              message: "bad radius",
              object: "wlan.authRadius",
              value: { port: 1812, sharedSecret: SHARED_SECRET },
            },
          ],
          requestId: "req-422",
        },
      })),
    );
    const body = {
      name: "corp",
      wlan: { passphrase: PASSPHRASE, authRadius: { primary: { port: 1812, sharedSecret: SHARED_SECRET } } },
    };
    const error = await rejectionOf(t.client.call("createNetwork", {}, { body }));
    expect(error).toBeInstanceOf(NmsApiError);
    expect(error.message).toContain("createNetwork");
    expect(error.message).toContain("HTTP 422");
    expect(error.message).toContain("WIFI-10104");
    expect(error.message).toContain("wlan.authRadius.primary.sharedSecret");
    expect(error.message).toContain("req-422");
    const text = everythingAbout(error);
    for (const secret of [SHARED_SECRET, PASSPHRASE, PASSWORD, "key-secret-1"]) expect(text).not.toContain(secret);
    expect((error as NmsApiError).errors[0].value).toBe("***");
    expect((error as NmsApiError).errors[2].value).toEqual({ port: 1812, sharedSecret: "***" });
  });

  it("a secret put where its holder object is expected, echoed by the service, is not shown", async () => {
    t = await clientFor(
      withLogin(() => ({
        status: 400,
        body: {
          errors: [
            {
              code: "NMS-VALIDATION",
              message: "Expected object, received string",
              object: "authRadius.primary",
              value: SHARED_SECRET,
            },
            {
              code: "NMS-VALIDATION",
              message: "Expected object, received string",
              object: "guestPortal.wisprPage",
              value: PASSPHRASE,
            },
          ],
        },
      })),
    );
    const body = {
      name: "corp",
      type: "aaa",
      authRadius: { primary: SHARED_SECRET },
      guestPortal: { wisprPage: PASSPHRASE },
    };
    const error = await rejectionOf(t.client.call("createNetworkDeep", {}, { body }));
    expect(error.message).toContain("authRadius.primary");
    const text = everythingAbout(error);
    for (const secret of [SHARED_SECRET, PASSPHRASE]) expect(text).not.toContain(secret);
    expect((error as NmsApiError).errors.map((entry) => entry.value)).toEqual(["***", "***"]);
  });

  it("the logger never receives a secret, and the client object does not show the password", async () => {
    let calls = 0;
    t = await clientFor(
      withLogin(() => {
        calls += 1;
        return calls === 1 ? { status: 401 } : calls === 2 ? { status: 500 } : { status: 200, body: [] };
      }),
    );
    await t.client.call("createNetwork", {}, { body: { wlan: { passphrase: PASSPHRASE } } });
    expect(t.logs.length).toBeGreaterThan(0);
    const logged = JSON.stringify(t.logs);
    for (const secret of [PASSWORD, PASSPHRASE, "key-secret-1", "key-secret-2"]) expect(logged).not.toContain(secret);
    const shown = JSON.stringify(t.client) + inspect(t.client, { depth: 10 });
    expect(shown).not.toContain(PASSWORD);
  });
});
