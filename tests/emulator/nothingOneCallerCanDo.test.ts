// What one tenant, one web page or one typo cannot do to the emulator: stall the other tenants with
// one large request, reach the service from a page of another site (DNS rebinding, a cross-site
// form), reuse or outlive a file address, guess a secret from --seed, or hold sockets and memory
// with slow or endless bodies. Each answer is the service's error body with a code
// emulator/README.md documents ("A development tool: what it protects").
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { pathFor } from "../../contract";
import type { RunningEmulator } from "../../emulator";
import { EmulatorServer, type EmulatorServerOptions } from "../../emulator/http/server";
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_BYTES } from "../../emulator/services/file/store";
import { admin, Client, start, venueBody } from "../support/emulatorClient";
import { expectError, raw } from "../support/rawHttp";

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await start();
  client = await Client.login(emu);
});
afterAll(() => emu.close());

const port = () => new URL(emu.url).port;
const venuesPath = () => `/api/tenant/${client.tenantId}/venue`;
const JSON_TYPE = { "content-type": "application/json" };

/** A guest network of the demo tenant, and a CSV of `rows` guests (about 21 bytes a row). */
async function guestImport(rows: number): Promise<{ path: string; type: string; bytes: Buffer }> {
  const network = await client.ok(
    "createNetwork",
    {},
    { name: `Import ${rows}`, type: "guest", wlan: {}, guestPortal: { guestNetworkType: "GuestPass" } },
  );
  let csv = "name,mobilePhoneNumber\n";
  for (let i = 0; i < rows; i++) csv += `G${i},+3519${String(i).padStart(8, "0")}\n`;
  const form = new FormData();
  const fields = {
    "expiration.activationType": "Login",
    "expiration.duration": "8",
    "expiration.unit": "Hour",
    maxDevices: "-1",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([csv], { type: "text/csv" }), "guests.csv");
  const encoded = new Response(form);
  return {
    path: `/api/tenant/${client.tenantId}/wifi/guest-user/import?networkId=${network.id}`,
    type: encoded.headers.get("content-type")!,
    bytes: Buffer.from(await encoded.arrayBuffer()),
  };
}

describe("one large request does not stall the other tenants", () => {
  test("a guest import of 20,000 rows (the body limit holds about 45,000) is answered in full, and the emulator's event loop turns all through it, a slice of entries at a time", async () => {
    const other = await Client.login(emu);
    const { path, type, bytes } = await guestImport(20_000);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    // The emulator runs in this process: each turn of the event loop is a chance for any other request (another
    // tenant's) to be served. A count, not a time: the machine may be slow, the shape of the work is the point.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const reads: number[] = [];
    const importing = raw(emu.url, "POST", path, { cookie: client.cookie!, "content-type": type }, bytes);
    let done = false;
    void importing.then(() => (done = true));
    while (!done) {
      expect((await other.call("listVenues")).status).toBe(200);
      if (!done) reads.push(performance.now());
    }
    const reply = await importing;
    ticking = false;
    expect(reply.status).toBe(201);
    expect(reply.body.response.data).toHaveLength(20_000);
    // Every step over the entries (the file's rows, their checks, the all-or-nothing commit, the answer's encoding) gives
    // the event loop back after ENTRIES_PER_TURN (500) entries or TURN_BUDGET_MS, whichever comes first: at least 40
    // turns for 20,000 rows, where the import used to be one. A count, not a time: how long a turn lasts depends on the
    // machine's load (the client's parse of the answer, in this same process, is one turn); npm run bench:guest-import
    // measures the stall, and tests/emulator/model/largeBatchCommit.test.ts the commit's turns.
    expect(turns).toBeGreaterThan(40);
    // The other tenant was answered while the import ran, more than once.
    expect(reads.length).toBeGreaterThan(3);
  }, 60_000);
});

describe("the service answers only its own host and its own site", () => {
  test.each(["evil.example", `evil.example:${1}`, "rebound.attacker.example:8080", "127.0.0.1.evil.example"])(
    "Host %s: login, reads and writes are 421 EMU-MISDIRECTED",
    async (host) => {
      const login = JSON.stringify({ username: emu.demo.username, password: emu.demo.password });
      expectError(await raw(emu.url, "POST", "/token", { host, ...JSON_TYPE }, login), 421, "EMU-MISDIRECTED");
      expectError(await raw(emu.url, "GET", venuesPath(), { host, cookie: client.cookie! }), 421, "EMU-MISDIRECTED");
      expectError(
        await raw(
          emu.url,
          "POST",
          venuesPath(),
          { host, cookie: client.cookie!, ...JSON_TYPE },
          JSON.stringify(venueBody("Rebound")),
        ),
        421,
        "EMU-MISDIRECTED",
      );
      expectError(await raw(emu.url, "GET", "/ui/", { host }), 421, "EMU-MISDIRECTED");
    },
  );

  test("loopback names with any port are answered", async () => {
    for (const host of ["localhost", `localhost:${port()}`, `127.0.0.1:${port()}`, "127.1.2.3", `[::1]:${port()}`]) {
      expect((await raw(emu.url, "GET", venuesPath(), { host, cookie: client.cookie! })).status).toBe(200);
    }
  });

  test("the session cookie is HttpOnly and SameSite=Strict", async () => {
    const reply = await raw(
      emu.url,
      "POST",
      "/token",
      JSON_TYPE,
      JSON.stringify({ username: emu.demo.username, password: emu.demo.password }),
    );
    expect(reply.headers["set-cookie"]?.[0]).toMatch(/; HttpOnly; SameSite=Strict$/);
  });

  test("a cross-site text/plain POST with the cookie is 415 EMU-UNSUPPORTED-MEDIA-TYPE and creates nothing", async () => {
    const before = (await client.call("listVenues")).body.length;
    const reply = await raw(
      emu.url,
      "POST",
      venuesPath(),
      { cookie: client.cookie!, "content-type": "text/plain" },
      JSON.stringify(venueBody("From a form")),
    );
    expectError(reply, 415, "EMU-UNSUPPORTED-MEDIA-TYPE");
    expectError(
      await raw(
        emu.url,
        "POST",
        venuesPath(),
        { cookie: client.cookie!, "content-type": "application/x-www-form-urlencoded" },
        "name=x",
      ),
      415,
      "EMU-UNSUPPORTED-MEDIA-TYPE",
    );
    expect((await client.call("listVenues")).body.length).toBe(before);
  });

  test("a write from a page of another origin is 403 EMU-FOREIGN-ORIGIN; the emulator's own origin is answered", async () => {
    const body = JSON.stringify(venueBody("From a page"));
    const headers = { cookie: client.cookie!, ...JSON_TYPE };
    expectError(
      await raw(emu.url, "POST", venuesPath(), { ...headers, origin: "http://evil.example" }, body),
      403,
      "EMU-FOREIGN-ORIGIN",
    );
    const own = await raw(emu.url, "POST", venuesPath(), { ...headers, origin: `http://127.0.0.1:${port()}` }, body);
    expect(own.status).toBe(202);
  });

  test("getUploadUrl's signed upload address and getDownloadUrl's Location are built from the emulator's own address, whatever Host names", async () => {
    const host = `localhost:${port()}`;
    const u1 = await raw(
      emu.url,
      "POST",
      pathFor("getUploadUrl", { tenantId: client.tenantId }),
      { host, cookie: client.cookie!, ...JSON_TYPE },
      JSON.stringify({ fileExtension: "png" }),
    );
    expect(u1.status).toBe(200);
    expect(u1.body.signedUrl.startsWith(`${emu.url}/file-store/`)).toBe(true);
    expect((await fetch(u1.body.signedUrl, { method: "PUT", body: "png" })).status).toBe(200);
    const u2 = await raw(
      emu.url,
      "GET",
      pathFor("getDownloadUrl", { tenantId: client.tenantId, fileId: u1.body.fileId }),
      {
        host,
        cookie: client.cookie!,
      },
    );
    expect(u2.status).toBe(302);
    expect(String(u2.headers.location).startsWith(`${emu.url}/file-store/`)).toBe(true);
  });
});

/** getUploadUrl then a PUT of `bytes` to its address; the file's ID and the address. */
async function uploaded(who: Client, bytes: string): Promise<{ fileId: string; address: URL }> {
  const { fileId, signedUrl } = (await who.call("getUploadUrl", {}, { fileExtension: "png" })).body;
  const address = new URL(signedUrl);
  expect((await raw(emu.url, "PUT", address.pathname + address.search, {}, bytes)).status).toBe(200);
  return { fileId, address };
}

/** getDownloadUrl's download address of the file. */
async function downloadAddress(who: Client, fileId: string): Promise<URL> {
  const reply = await raw(emu.url, "GET", pathFor("getDownloadUrl", { tenantId: who.tenantId, fileId }), {
    cookie: who.cookie!,
  });
  expect(reply.status).toBe(302);
  return new URL(String(reply.headers.location));
}

describe("file addresses expire, and an upload address works once", () => {
  afterEach(async () => {
    await admin(emu, "PUT", "/config", { uploadAddressTtlMs: 15 * 60_000, downloadAddressTtlMs: 5 * 60_000 });
  });

  test("a second PUT to a used upload address is 403 EMU-BAD-SIGNATURE, and the file a floor plan shows keeps its bytes", async () => {
    const venue = await client.ok("createVenue", {}, venueBody("Floor plans"));
    const { fileId, address } = await uploaded(client, "the plan as checked");
    await client.ok("createFloorPlan", { venueId: venue.id }, { name: "Ground", floorNumber: 0, imageId: fileId });
    expectError(
      await raw(emu.url, "PUT", address.pathname + address.search, {}, "another picture"),
      403,
      "EMU-BAD-SIGNATURE",
    );
    const download = await downloadAddress(client, fileId);
    expect((await raw(emu.url, "GET", download.pathname + download.search)).text).toBe("the plan as checked");
  });

  test("an upload address past uploadAddressTtlMs is 403 EMU-BAD-SIGNATURE", async () => {
    await admin(emu, "PUT", "/config", { uploadAddressTtlMs: 1 });
    const { signedUrl } = (await client.call("getUploadUrl", {}, { fileExtension: "png" })).body;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const address = new URL(signedUrl);
    const reply = await raw(emu.url, "PUT", address.pathname + address.search, {}, "late");
    expectError(reply, 403, "EMU-BAD-SIGNATURE");
    expect(reply.body.errors[0].message).toMatch(/expired/);
  });

  test("a download address past downloadAddressTtlMs is 403 EMU-BAD-SIGNATURE; getDownloadUrl gives a new one that works", async () => {
    const { fileId } = await uploaded(client, "bytes");
    await admin(emu, "PUT", "/config", { downloadAddressTtlMs: 1 });
    const old = await downloadAddress(client, fileId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectError(await raw(emu.url, "GET", old.pathname + old.search), 403, "EMU-BAD-SIGNATURE");
    await admin(emu, "PUT", "/config", { downloadAddressTtlMs: 60_000 });
    const fresh = await downloadAddress(client, fileId);
    expect((await raw(emu.url, "GET", fresh.pathname + fresh.search)).text).toBe("bytes");
  });
});

describe("--seed makes object IDs reproducible, never secrets", () => {
  test("two emulators with seed 42: the same venue IDs, but other file IDs, signatures and passwords", async () => {
    const seen = [];
    for (let run = 0; run < 2; run++) {
      const seeded = await start({ seed: 42 });
      try {
        const demo = await Client.login(seeded);
        const venue = await demo.ok("createVenue", {}, venueBody("Seeded"));
        const { fileId, signedUrl } = (await demo.call("getUploadUrl", {}, { fileExtension: "png" })).body;
        const tenant = (await admin(seeded, "POST", "/tenants", { name: "Seeded tenant" })).body;
        seen.push({ venueId: venue.id, tenantId: tenant.tenantId, fileId, signedUrl, password: tenant.password });
      } finally {
        await seeded.close();
      }
    }
    const [first, second] = seen;
    expect(second.venueId).toBe(first.venueId);
    expect(second.tenantId).toBe(first.tenantId);
    expect(second.fileId).not.toBe(first.fileId);
    expect(new URL(second.signedUrl).search).not.toBe(new URL(first.signedUrl).search);
    expect(second.password).not.toBe(first.password);
  });
});

/** Opens a socket to the server and writes `text`; resolves with what came back (status line first) or "" when it closed without answer. */
function rawSocket(address: AddressInfo, text: string): { socket: Socket; reply: Promise<string> } {
  const socket = connect(address.port, "127.0.0.1");
  socket.on("error", () => undefined);
  if (text !== "") socket.write(text);
  const reply = new Promise<string>((resolve) => {
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    socket.on("close", () => resolve(received));
  });
  return { socket, reply };
}

// Each describe runs its own server with its own limits; describes run one after the other.
let server: EmulatorServer;
let address: AddressInfo;
const host = () => `127.0.0.1:${address.port}`;
function serveWith(connectionLimits: EmulatorServerOptions["connectionLimits"]): void {
  beforeAll(async () => {
    server = new EmulatorServer({ rateLimit: null, asyncDelayMs: 0, connectionLimits });
    await server.listen(0, "127.0.0.1");
    address = server.http.address() as AddressInfo;
  });
  afterAll(() => server.close());
}

describe("connections: timeouts", () => {
  serveWith({ headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 50 });

  test("a body sent slowly is cut off at the request timeout (408), not held for Node's default 300 s", async () => {
    const { socket, reply } = rawSocket(
      address,
      `POST /token HTTP/1.1\r\nHost: ${host()}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"user`,
    );
    const began = Date.now();
    const answer = await reply;
    expect(answer.startsWith("HTTP/1.1 408")).toBe(true);
    expect(Date.now() - began).toBeLessThan(20_000);
    socket.destroy();
  });

  test("headers sent slowly are cut off at the headers timeout", async () => {
    const { socket, reply } = rawSocket(address, `GET /ui/ HTTP/1.1\r\nHost: ${host()}\r\n`);
    const answer = await reply;
    expect(answer === "" || answer.startsWith("HTTP/1.1 408")).toBe(true);
    socket.destroy();
  });
});

describe("connections: a cap per address, bodies refused at the limit", () => {
  serveWith({ maxConnectionsPerAddress: 8 });

  test("one address holds at most maxConnectionsPerAddress open connections; past it a new one is closed at once", async () => {
    const open = Array.from({ length: 8 }, () => rawSocket(address, ""));
    await Promise.all(open.map(({ socket }) => new Promise((resolve) => socket.once("connect", resolve))));
    for (let i = 0; i < 50 && server.openConnections("127.0.0.1") < 8; i++) await new Promise((r) => setTimeout(r, 10));
    const extra = rawSocket(address, `GET /openapi.json HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
    expect(await extra.reply).toBe("");
    open[0].socket.destroy();
    await open[0].reply;
    for (let i = 0; i < 50 && server.openConnections("127.0.0.1") >= 8; i++)
      await new Promise((r) => setTimeout(r, 10));
    const after = rawSocket(address, `GET /openapi.json HTTP/1.1\r\nHost: ${host()}\r\nconnection: close\r\n\r\n`);
    expect((await after.reply).startsWith("HTTP/1.1 200")).toBe(true);
    for (const { socket } of open) socket.destroy();
  });

  test("a JSON body whose Content-Length is over 1 MiB is refused (400) before a byte of it is sent", async () => {
    const { socket, reply } = rawSocket(
      address,
      `POST /token HTTP/1.1\r\nHost: ${host()}\r\ncontent-type: application/json\r\ncontent-length: 41943040\r\n\r\n`,
    );
    const answer = await reply;
    expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
    expect(answer).toContain("body too large");
    socket.destroy();
  });

  test("a chunked JSON body is refused (400) as soon as its bytes pass 1 MiB, while the client is still sending", async () => {
    const { socket, reply } = rawSocket(
      address,
      `POST /token HTTP/1.1\r\nHost: ${host()}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let i = 0; i < 20; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString("latin1")}\r\n`);
    // The body never ends: only an answer given before its end passes.
    const answer = await reply;
    expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
    socket.destroy();
  });

  test("an upload whose Content-Length passes the tenant's room is 413 EMU-UPLOAD-QUOTA before its body is sent, counting the uploads in flight", async () => {
    const demo = server.demo;
    const cookie = `API-KEY=${server.auth.login({ username: demo.username, password: demo.password }).token}`;
    const addresses: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await raw(
        `http://${host()}`,
        "POST",
        pathFor("getUploadUrl", { tenantId: demo.tenantId }),
        { cookie, ...JSON_TYPE },
        JSON.stringify({ fileExtension: "png" }),
      );
      const url = new URL(reply.body.signedUrl);
      addresses.push(url.pathname + url.search);
    }
    const size = MAX_UPLOAD_BYTES - 1024;
    expect(size * 4).toBeLessThanOrEqual(UPLOAD_QUOTA_BYTES);
    // Four uploads announce their size and send nothing yet: the room they announced is theirs.
    const held = addresses
      .slice(0, 3)
      .map((path) => rawSocket(address, `PUT ${path} HTTP/1.1\r\nHost: ${host()}\r\ncontent-length: ${size}\r\n\r\n`));
    const fourth = rawSocket(
      address,
      `PUT ${addresses[3]} HTTP/1.1\r\nHost: ${host()}\r\ncontent-length: ${size}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The fifth cannot fit beside them: refused at once, before any of its bytes.
    const fifth = rawSocket(
      address,
      `PUT ${addresses[4]} HTTP/1.1\r\nHost: ${host()}\r\ncontent-length: ${size}\r\n\r\n`,
    );
    const answer = await fifth.reply;
    expect(answer.slice(0, 400)).toMatch(/^HTTP\/1.1 413/);
    expect(answer).toContain("EMU-UPLOAD-QUOTA");
    for (const { socket } of [...held, fourth]) socket.destroy();
  }, 20_000);
});
