// The emulator against a hostile caller on the same machine: malformed percent-escapes, bodies
// nested thousands deep, a web page posting to /__admin or reaching it through DNS rebinding, an
// uploaded SVG with a script, sessions of administrators who were deleted or demoted, floods of
// failed logins and long paths, uploads without end. Each answer is the service's error body with
// a code the emulator's README documents, and the emulator keeps serving.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { connect } from "node:net";
import type { RunningEmulator } from "../../emulator";
import { JSON_DEPTH_LIMIT } from "../../emulator/http/wire";
import { FREE_FORM_MAX_BYTES } from "../../contract/schemas/networkPortals";
import { MAX_LOGGED_PATH } from "../../emulator/http/log";
import { FAILED_LOGINS_TRACKED } from "../../emulator/auth/auth";
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_BYTES, fileStoreOf } from "../../emulator/services/file/store";
import { EmulatorServer } from "../../emulator/http/server";
import { readStateFile } from "../../emulator/state/stateFile";
import { AuthService } from "../../emulator/auth/auth";
import { defaultConfig } from "../../emulator/settings/config";
import { admin, Client, start, venueBody } from "../support/emulatorClient";
import { expectError, type RawReply, raw } from "../support/rawHttp";
import { EMULATOR_MAIN, startEmulatorProcess } from "../support/emulatorProcess";

const JSON_HEADERS = { "content-type": "application/json" };

/** A cloudpath network whose free-form Hotspot 2.0 WLAN is `hotspotWlan` (raw JSON text). */
function cloudpathNetwork(name: string, hotspotWlan: string): string {
  return (
    `{"name":${JSON.stringify(name)},"type":"cloudpath","wlan":{"wlanSecurity":"WPA2Enterprise","vlanId":10},` +
    `"authRadius":{"primary":{"ip":"192.0.2.1","port":1812,"sharedSecret":"radius-secret"}},` +
    `"cloudpathPortal":{"externalPortalUrl":"https://enrol.example"},"hotspotWlan":${hotspotWlan}}`
  );
}

/** `{"a":{"a":...1...}}`, `depth` objects deep. */
const nestedObjects = (depth: number) => '{"a":'.repeat(depth - 1) + '{"a":1}' + "}".repeat(depth - 1);

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

const cookieOf = () => ({ cookie: client.cookie! });
const tenantPath = (rest = "") => `/api/tenant/${client.tenantId}${rest}`;

describe("malformed percent-escapes answer 400 in the error body, wherever they are", () => {
  test.each([
    ["a file store address", "GET", () => "/file-store/%E0%A4%A?signature=x", "path"],
    ["a file store upload", "PUT", () => "/file-store/%zz?signature=x", "path"],
    ["a path segment of an operation", "GET", () => tenantPath("/venue/%E0%A4%A"), "path"],
    ["the tenant segment", "GET", () => "/api/tenant/%FF", "path"],
    ["an operation's query", "GET", () => tenantPath("/venue?page=%ZZ"), "query"],
    ["a query name", "GET", () => tenantPath("/venue?%=1"), "query"],
    ["an admin path", "GET", () => "/__admin/tenants/%E0/settings", "path"],
    ["the page", "GET", () => "/ui/%", "path"],
    ["no route at all", "DELETE", () => "/%", "path"],
  ])("in %s", async (_what, method, urlPath, object) => {
    const reply = await raw(
      emu.url,
      method,
      urlPath(),
      { ...cookieOf(), ...(method === "GET" ? {} : JSON_HEADERS) },
      method === "GET" ? undefined : "{}",
    );
    expectError(reply, 400, "NMS-BAD-REQUEST");
    expect(reply.body.errors[0].object).toBe(object);
    expect((await client.call("getTenant")).status).toBe(200);
  });

  test("a well-formed escape still reaches its route (an encoded name in a path segment)", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Percent % venue"));
    const reply = await raw(
      emu.url,
      "GET",
      tenantPath(`/venue/${encodeURIComponent(venue.id)}?page=0&size=${encodeURIComponent("10")}`),
      cookieOf(),
    );
    expect(reply.status).toBe(200);
  });
});

describe("no request can stop the server", () => {
  test("the known killers, sent to the emulator as users run it, each get an answer and the process keeps serving", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-killers-"));
    const proc = await startEmulatorProcess([
      "--async-delay-ms",
      "0",
      "--no-rate-limit",
      "--state-file",
      path.join(dir, "state"),
      "--state-save-delay-ms",
      "0",
    ]);
    try {
      const url = proc.started.url as string;
      const demo = await Client.login({ url } as RunningEmulator, proc.started.username, proc.started.password);
      const cookie = { cookie: demo.cookie! };
      const killers: [string, () => Promise<RawReply>][] = [
        ["a malformed escape in a file store address", () => raw(url, "GET", "/file-store/%E0%A4%A")],
        ["a malformed escape in a file store upload", () => raw(url, "PUT", "/file-store/%?signature=x", {}, "bytes")],
        [
          "a body nested 5,000 deep in a free-form field",
          () =>
            raw(
              url,
              "POST",
              `/api/tenant/${demo.tenantId}/wifi/network/deep`,
              { ...cookie, ...JSON_HEADERS },
              cloudpathNetwork("Deep", nestedObjects(5_000)),
            ),
        ],
        [
          "an admin body nested 100,000 deep",
          () => raw(url, "POST", "/__admin/tenants", JSON_HEADERS, "[".repeat(100_000) + "]".repeat(100_000)),
        ],
        ["a 60 kB path", () => raw(url, "GET", `/api/tenant/${demo.tenantId}/venue/${"a".repeat(60_000)}`, cookie)],
      ];
      for (const [what, send] of killers) {
        const reply = await send();
        expect({ what, status: reply.status < 500, shape: Array.isArray(reply.body?.errors) }).toEqual({
          what,
          status: true,
          shape: true,
        });
      }
      // Bodies the client gives up on halfway, on every kind of path.
      for (const urlPath of [
        "/token",
        `/api/tenant/${demo.tenantId}/venue`,
        `/api/tenant/${demo.tenantId}/wifi/guest-user/import`,
        "/__admin/tenants",
        "/ui/",
        "/file-store/x?signature=y",
        "/%",
      ]) {
        await sendHalfABody(url, "POST", urlPath);
        await sendHalfABody(url, "PUT", urlPath);
      }
      expect(proc.child.exitCode).toBeNull();
      expect((await demo.call("getTenant")).status).toBe(200);
      expect((await demo.call("listNetworks")).status).toBe(200);
      expect(proc.stderr()).not.toMatch(/cannot be written|unexpected error/);
    } finally {
      await proc.stop("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an exception in a handler is a 500 in the error body, and the next request is served", async () => {
    const server = new EmulatorServer({ asyncDelayMs: 0, rateLimit: null });
    const port = await server.listen(0, "127.0.0.1");
    const url = `http://127.0.0.1:${port}`;
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const demo = await Client.login({ url } as RunningEmulator, server.demo.username, server.demo.password);
      const list = server.model.list.bind(server.model);
      server.model.list = () => {
        throw new TypeError("a bug in a handler");
      };
      expectError(
        await raw(url, "GET", `/api/tenant/${demo.tenantId}/venue`, { cookie: demo.cookie! }),
        500,
        "NMS-INTERNAL",
      );
      server.model.list = list;
      expect((await demo.call("listVenues")).status).toBe(200);
      // The file store and the page go through the same guard.
      const files = fileStoreOf(server.model.directory);
      const get = files.get.bind(files);
      files.get = () => {
        throw new TypeError("a bug in the file store");
      };
      expectError(await raw(url, "GET", "/file-store/abc?signature=x"), 500, "NMS-INTERNAL");
      files.get = get;
      expectError(await raw(url, "GET", "/file-store/abc?signature=x"), 403, "EMU-BAD-SIGNATURE");
    } finally {
      stderr.mockRestore();
      await server.close();
    }
  });
});

describe("body nesting and free-form fields are bounded", () => {
  test(`a body nested deeper than ${JSON_DEPTH_LIMIT} levels is refused before it is parsed; ${JSON_DEPTH_LIMIT} levels are taken`, async () => {
    // The body is level 1: a hotspotWlan of JSON_DEPTH_LIMIT levels makes one level too many.
    const refused = await raw(
      emu.url,
      "POST",
      tenantPath("/wifi/network/deep"),
      { ...cookieOf(), ...JSON_HEADERS },
      cloudpathNetwork("Too deep", nestedObjects(JSON_DEPTH_LIMIT)),
    );
    expectError(refused, 400, "NMS-BAD-REQUEST");
    expect(refused.body.errors[0]).toMatchObject({
      object: "body",
      message: expect.stringContaining(`${JSON_DEPTH_LIMIT}`),
    });
    const taken = await raw(
      emu.url,
      "POST",
      tenantPath("/wifi/network/deep"),
      { ...cookieOf(), ...JSON_HEADERS },
      cloudpathNetwork("Deep enough", nestedObjects(JSON_DEPTH_LIMIT - 1)),
    );
    expect(taken.status).toBe(202);
    expect((await client.waitFor(taken.body.requestId)).status).toBe("SUCCESS");
    // Brackets inside strings are text, not nesting.
    const bracketsInText = await client.call("createVenue", {}, venueBody(`[{${"[".repeat(500)}`));
    expect(bracketsInText.status).not.toBe(400);
  });

  test(`a free-form field (hotspotWlan) of more than ${FREE_FORM_MAX_BYTES} bytes of JSON is 422 NMS-VALIDATION naming it`, async () => {
    const big = JSON.stringify({ venueNames: "v".repeat(FREE_FORM_MAX_BYTES) });
    const reply = await raw(
      emu.url,
      "POST",
      tenantPath("/wifi/network/deep"),
      { ...cookieOf(), ...JSON_HEADERS },
      cloudpathNetwork("Big", big),
    );
    expectError(reply, 422, "NMS-VALIDATION");
    expect(reply.body.errors[0].object).toBe("hotspotWlan");
  });

  test("after the hostile request the state file is still written, and the tenant's network list answers", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nms-deep-state-"));
    const stateFile = path.join(dir, "state");
    const withFile = await start({ stateFile, stateSaveDelayMs: 0 });
    try {
      const demo = await Client.login(withFile);
      const hostile = await raw(
        withFile.url,
        "POST",
        `/api/tenant/${demo.tenantId}/wifi/network/deep`,
        { cookie: demo.cookie!, ...JSON_HEADERS },
        cloudpathNetwork("Deep", nestedObjects(5_000)),
      );
      expect(hostile.status).toBe(400);
      const venue = await demo.ok("createVenue", {}, venueBody("Saved after the hostile request"));
      expect((await demo.call("listNetworks")).status).toBe(200);
      await withFile.close();
      const saved = readStateFile(stateFile)!;
      const demoTenant = saved.tenants.find((t) => t.id === demo.tenantId)!;
      expect(demoTenant.objects.venues.map((v) => v.id)).toContain(venue.id);
    } finally {
      await withFile.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("/__admin answers only JSON from this machine's pages", () => {
  const adminPath = "/__admin";
  const host = () => new URL(emu.url).host;

  test.each([
    ["text/plain", { "content-type": "text/plain" }],
    ["a form", { "content-type": "application/x-www-form-urlencoded" }],
    ["no content type", {}],
    ["JSON's name inside another type", { "content-type": "text/plain; application/json" }],
  ])("a state-changing call with %s is 415 EMU-UNSUPPORTED-MEDIA-TYPE and changes nothing", async (_what, headers) => {
    const venue = await client.ok("createVenue", {}, venueBody(`Survives ${_what}`.slice(0, 32)));
    expectError(
      await raw(emu.url, "POST", `${adminPath}/reset`, headers as Record<string, string>),
      415,
      "EMU-UNSUPPORTED-MEDIA-TYPE",
    );
    expectError(
      await raw(
        emu.url,
        "POST",
        `${adminPath}/passwords`,
        headers as Record<string, string>,
        JSON.stringify({ username: emu.demo.username, password: "taken-over" }),
      ),
      415,
      "EMU-UNSUPPORTED-MEDIA-TYPE",
    );
    expect((await client.call("getVenue", { venueId: venue.id })).status).toBe(200);
    await Client.login(emu, emu.demo.username, emu.demo.password);
  });

  test("application/json (with a charset) is taken; reads need no content type", async () => {
    const created = await raw(
      emu.url,
      "POST",
      `${adminPath}/tenants`,
      { "content-type": "application/json; charset=utf-8" },
      JSON.stringify({ name: "Admin JSON" }),
    );
    expect(created.status).toBe(201);
    expect((await raw(emu.url, "DELETE", `${adminPath}/log`, JSON_HEADERS)).status).toBe(204);
    expect((await raw(emu.url, "GET", `${adminPath}/stats`)).status).toBe(200);
  });

  test.each([
    "evil.example",
    "evil.example:4000",
    "rebound.attacker.example:8080",
    "10.0.0.5",
    "localhost.evil.example",
    "127.0.0.1.evil.example",
  ])("Host %j is 421 EMU-MISDIRECTED, for reads too", async (badHost) => {
    expectError(await raw(emu.url, "GET", `${adminPath}/tenants`, { host: badHost }), 421, "EMU-MISDIRECTED");
    expectError(
      await raw(emu.url, "POST", `${adminPath}/reset`, { host: badHost, ...JSON_HEADERS }),
      421,
      "EMU-MISDIRECTED",
    );
  });

  test.each(["localhost", "localhost:4000", "127.0.0.1", "127.0.0.1:9", "[::1]", "[::1]:8080", "LOCALHOST:1"])(
    "Host %s is answered",
    async (goodHost) => {
      expect((await raw(emu.url, "GET", `${adminPath}/stats`, { host: goodHost })).status).toBe(200);
    },
  );

  test.each(["http://evil.example", "null", "http://localhost:1", "https://127.0.0.1", "not a url"])(
    "Origin %s is 403 EMU-FOREIGN-ORIGIN",
    async (origin) => {
      expectError(
        await raw(
          emu.url,
          "POST",
          `${adminPath}/tenants`,
          { origin, ...JSON_HEADERS },
          JSON.stringify({ name: "From a page" }),
        ),
        403,
        "EMU-FOREIGN-ORIGIN",
      );
      expectError(await raw(emu.url, "GET", `${adminPath}/tenants`, { origin }), 403, "EMU-FOREIGN-ORIGIN");
    },
  );

  test("the emulator's own origin (its page) is answered", async () => {
    const reply = await raw(
      emu.url,
      "POST",
      `${adminPath}/tenants`,
      { origin: `http://${host()}`, ...JSON_HEADERS },
      JSON.stringify({ name: "From its page" }),
    );
    expect(reply.status).toBe(201);
  });
});

describe("stored files are downloads, never pages of the emulator's origin", () => {
  test("an uploaded SVG with a script comes back as an attachment with nosniff and a sandboxing CSP", async () => {
    const { fileId, signedUrl } = (await client.call("getUploadUrl", {}, { fileExtension: "svg" })).body;
    const svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"fetch('/__admin/reset',{method:'POST'})\"><script>alert(1)</script></svg>";
    expect((await fetch(signedUrl, { method: "PUT", body: svg })).status).toBe(200);
    const redirect = await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, {
      headers: cookieOf(),
      redirect: "manual",
    });
    const download = await fetch(redirect.headers.get("location")!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${fileId}.svg"`);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(await download.text()).toBe(svg);
  });
});

describe("sessions follow their administrator", () => {
  async function loggedInAdmin(email: string, role: string): Promise<{ id: string; session: Client }> {
    const added = await client.ok("createAdmin", {}, { role, email });
    expect((await admin(emu, "POST", "/passwords", { username: email, password: `${role}-password` })).status).toBe(
      204,
    );
    return { id: added.id, session: await Client.login(emu, email, `${role}-password`) };
  }

  test("a deleted administrator's token is refused (401) at once", async () => {
    const { id, session } = await loggedInAdmin("deleted@demo.example", "ADMIN");
    expect((await session.call("listVenues")).status).toBe(200);
    await client.ok("deleteAdmin", { adminId: id });
    const reply = await session.call("listVenues");
    expect({ status: reply.status, code: reply.body.errors[0].code }).toEqual({
      status: 401,
      code: "NMS-NOT-AUTHENTICATED",
    });
  });

  test("a role change applies to live sessions at once, both ways", async () => {
    const { session } = await loggedInAdmin("demoted@demo.example", "ADMIN");
    expect((await session.call("createVenue", {}, venueBody("Before the demotion"))).status).toBe(202);
    await client.ok("updateAdminRole", {}, { role: "READ_ONLY", email: "demoted@demo.example" });
    const refused = await session.call("createVenue", {}, venueBody("After the demotion"));
    expect({ status: refused.status, code: refused.body.errors[0].code }).toEqual({
      status: 403,
      code: "NMS-FORBIDDEN-ROLE",
    });
    expect((await session.call("listVenues")).status).toBe(200);
    await client.ok("updateAdminRole", {}, { role: "ADMIN", email: "demoted@demo.example" });
    expect((await session.call("createVenue", {}, venueBody("After the promotion"))).status).toBe(202);
  });
});

describe("what failed logins and odd paths leave behind is bounded", () => {
  test(`the failed-login map keeps at most ${FAILED_LOGINS_TRACKED} usernames, each by a short key, and still locks a username under attack`, () => {
    const auth = new AuthService({ ...defaultConfig(), lockoutThreshold: 3 });
    const victim = "victim@demo.example";
    const fail = (username: string) => {
      try {
        auth.login({ username, password: "wrong" });
      } catch {
        return;
      }
      throw new Error(`${username} logged in with a wrong password`);
    };
    for (let i = 0; i < FAILED_LOGINS_TRACKED + 500; i++) {
      if (i % 1_000 === 0) fail(victim);
      fail(`${i}-${"x".repeat(200)}`);
    }
    expect(auth.trackedFailedLogins()).toBeLessThanOrEqual(FAILED_LOGINS_TRACKED);
    expect(auth.longestFailedLoginKey()).toBeLessThanOrEqual(64);
    expect(() => auth.login({ username: victim, password: "wrong" })).toThrow(/locked/);
  });

  test(`a logged path is cut to ${MAX_LOGGED_PATH} characters`, async () => {
    const long = tenantPath(`/venue/${"p".repeat(60_000)}`);
    expect((await raw(emu.url, "GET", long, cookieOf())).status).toBe(404);
    const { entries } = (await admin(emu, "GET", "/log")).body as { entries: { path: string }[] };
    const logged = entries.find((e) => e.path.startsWith(long.slice(0, 100)))!;
    expect(logged.path.length).toBeLessThanOrEqual(MAX_LOGGED_PATH + 1);
    expect(logged.path.endsWith("…")).toBe(true);
  });

  test("500 failed logins with ever-new 100 kB usernames leave the emulator's heap where it was (figures printed)", async () => {
    // The default rate limit is on: its per-username login buckets are part of what a flood of usernames could grow.
    const proc = await startMeasuredProcess([]);
    try {
      const memory = async () =>
        (await raw(proc.url, "GET", "/__admin/memory")).body as { heapUsed: number; rss: number; afterGc: boolean };
      const attempt = (i: number) =>
        raw(
          proc.url,
          "POST",
          "/token",
          JSON_HEADERS,
          JSON.stringify({ username: `${i}-${"u".repeat(100_000)}@example`, password: "wrong" }),
        );
      for (let i = 0; i < 50; i++) await attempt(-i - 1); // warm-up
      const before = await memory();
      expect(before.afterGc).toBe(true);
      let refused = 0;
      for (let i = 0; i < 500; i += 10) {
        const replies = await Promise.all(Array.from({ length: 10 }, (_, j) => attempt(i + j)));
        refused += replies.filter((r) => r.status === 401).length;
      }
      const after = await memory();
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      process.stdout.write(
        `failed logins: 500 requests (${refused} answered 401) with 100 kB usernames: heap after GC ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB ` +
          `(+${mb(after.heapUsed - before.heapUsed)} MB), RSS ${mb(before.rss)} → ${mb(after.rss)} MB\n`,
      );
      expect(refused).toBe(500);
      expect((after.heapUsed - before.heapUsed) / 1024 / 1024).toBeLessThan(5);
    } finally {
      await proc.stop();
    }
  }, 60_000);
});

describe("what the request log keeps is bounded", () => {
  test("500 requests with 60 kB paths and 500 with 60 kB queries leave the emulator's heap where it was (figures printed)", async () => {
    const proc = await startMeasuredProcess(["--no-rate-limit"]);
    try {
      const memory = async () => (await raw(proc.url, "GET", "/__admin/memory")).body as { heapUsed: number };
      const tenantId = "0".repeat(32);
      const long = (i: number) => `${i}-${"p".repeat(60_000)}`;
      const send = (i: number) =>
        raw(
          proc.url,
          "GET",
          i % 2 === 0 ? `/api/tenant/${tenantId}/venue/${long(i)}` : `/api/tenant/${tenantId}/venue?q=${long(i)}`,
        );
      for (let i = 0; i < 100; i++) await send(-i - 1); // warm-up
      const before = await memory();
      for (let i = 0; i < 1_000; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => send(i + j)));
      const after = await memory();
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      process.stdout.write(
        `request log: 1,000 requests with 60 kB paths or queries: heap after GC ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB (+${mb(after.heapUsed - before.heapUsed)} MB)\n`,
      );
      // Kept whole, 1,000 such URLs hold 60 MB.
      expect((after.heapUsed - before.heapUsed) / 1024 / 1024).toBeLessThan(8);
    } finally {
      await proc.stop();
    }
  }, 60_000);
});

describe("uploads have a per-tenant quota", () => {
  test(`a file above ${MAX_UPLOAD_BYTES} bytes is 413 EMU-UPLOAD-TOO-LARGE; past ${UPLOAD_QUOTA_BYTES} bytes a tenant's uploads are 413 EMU-UPLOAD-QUOTA, and other tenants upload on`, async () => {
    const own = await start();
    try {
      const uploader = await Client.login(own);
      const upload = async (who: Client, bytes: Buffer) => {
        const { signedUrl } = (await who.call("getUploadUrl", {}, { fileExtension: "png" })).body;
        const { pathname, search } = new URL(signedUrl);
        return raw(own.url, "PUT", pathname + search, { "content-type": "application/octet-stream" }, bytes);
      };
      expectError(await upload(uploader, Buffer.alloc(MAX_UPLOAD_BYTES + 1)), 413, "EMU-UPLOAD-TOO-LARGE");
      const file = Buffer.alloc(MAX_UPLOAD_BYTES, 1);
      for (let stored = 0; stored + file.length <= UPLOAD_QUOTA_BYTES; stored += file.length)
        expect((await upload(uploader, file)).status).toBe(200);
      expectError(await upload(uploader, file), 413, "EMU-UPLOAD-QUOTA");
      expectError(await upload(uploader, Buffer.alloc(1)), 413, "EMU-UPLOAD-QUOTA");
      const created = await admin(own, "POST", "/tenants", { name: "Another uploader" });
      const other = await Client.login(own, created.body.username, created.body.password);
      expect((await upload(other, file)).status).toBe(200);
    } finally {
      await own.close();
    }
  }, 60_000);

  test("uploads of one tenant running together cannot each count on the same room: the quota is checked on Content-Length before a byte is kept", async () => {
    const own = await start();
    try {
      const uploader = await Client.login(own);
      const file = Buffer.alloc(MAX_UPLOAD_BYTES - 1024, 3);
      const addresses = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const { signedUrl } = (await uploader.call("getUploadUrl", {}, { fileExtension: "png" })).body;
          return new URL(signedUrl);
        }),
      );
      const replies = await Promise.all(
        addresses.map((address) =>
          raw(own.url, "PUT", address.pathname + address.search, { "content-type": "image/png" }, file),
        ),
      );
      const stored = replies.filter((reply) => reply.status === 200).length;
      expect(stored).toBe(Math.floor(UPLOAD_QUOTA_BYTES / file.length));
      for (const reply of replies.filter((r) => r.status !== 200)) expectError(reply, 413, "EMU-UPLOAD-QUOTA");
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("the file store and the page answer errors in the error body", () => {
  test.each([
    ["an unknown file", "GET", "/file-store/nothing?signature=x", {}, 403, "EMU-BAD-SIGNATURE"],
    ["a forged upload signature", "PUT", "/file-store/nothing?signature=x", {}, 403, "EMU-BAD-SIGNATURE"],
    ["a method the store has not", "PATCH", "/file-store/nothing", {}, 405, "EMU-METHOD-NOT-ALLOWED"],
    ["a file of the page that does not exist", "GET", "/ui/missing.js", {}, 404, "NMS-NOT-FOUND"],
    ["a write to the page", "POST", "/ui/", JSON_HEADERS, 405, "EMU-METHOD-NOT-ALLOWED"],
  ])("%s", async (_what, method, urlPath, headers, status, code) => {
    const reply = await raw(
      emu.url,
      method,
      urlPath,
      headers as Record<string, string>,
      method === "GET" ? undefined : "x",
    );
    expectError(reply, status, code);
  });

  test("a download address called with the service's cookie is 403 EMU-SERVICE-HEADERS; before any upload it is 404 NMS-NOT-FOUND", async () => {
    const { fileId } = (await client.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    const download = await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${fileId}`, {
      headers: cookieOf(),
      redirect: "manual",
    });
    expect(download.status).toBe(404); // getDownloadUrl refuses a file with no bytes yet
    const { signedUrl } = (await client.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    const downloadAddress = signedUrl.replace(/signature=\w+/, "signature=wrong");
    expectError(
      await raw(emu.url, "GET", new URL(downloadAddress).pathname + new URL(downloadAddress).search),
      403,
      "EMU-BAD-SIGNATURE",
    );
    const uploaded = (await client.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    expect((await fetch(uploaded.signedUrl, { method: "PUT", body: "png" })).status).toBe(200);
    const location = (
      await fetch(`${emu.url}/api/file/tenant/${client.tenantId}/${uploaded.fileId}`, {
        headers: cookieOf(),
        redirect: "manual",
      })
    ).headers.get("location")!;
    const target = new URL(location);
    expectError(await raw(emu.url, "GET", target.pathname + target.search, cookieOf()), 403, "EMU-SERVICE-HEADERS");
  });
});

/** Announces a 100 kB JSON body, sends a few bytes of it, and closes the connection. */
function sendHalfABody(url: string, method: string, urlPath: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `${method} ${urlPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"name":`,
      );
      setTimeout(() => socket.destroy(), 30);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => setTimeout(resolve, 20));
  });
}

/** The emulator of dist/ in a child process with --expose-gc, so that GET /__admin/memory measures after a full collection. */
async function startMeasuredProcess(args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--expose-gc", EMULATOR_MAIN, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const end = out.indexOf("\n");
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  return {
    url: JSON.parse(line).url,
    stop: () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM"))),
  };
}
