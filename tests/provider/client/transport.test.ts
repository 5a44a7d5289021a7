// The client refuses an answer larger than maxAnswerBytes (32 MiB unless configured) without
// reading it whole: at once when its Content-Length says so, else as soon as the streamed bytes
// pass the limit, closing the connection. The error names the operation and the limit, and the
// call is not retried (the same request would get the same answer). Downloads (getDownloadUrl's target) and
// upload answers are bounded the same way. Against a scripted server that counts what it sent.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { CLIENT_DEFAULTS, NmsClient, NmsError } from "../../../provider/client";
import { getRaw } from "../../../provider/client/rawTransfer";
import { AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES } from "../../../provider/client/transport";
import { PASSWORD, TENANT } from "./fakeServer";

const MiB = 1024 * 1024;
const VENUE_PATH = `/api/tenant/${TENANT}/venue/v1`;

type Mode =
  /** Announces `bytes` in Content-Length, then sends them slowly. */
  | { kind: "declared"; bytes: number }
  /** Streams `bytes` in 64 KiB chunks without Content-Length, as fast as the client takes them. */
  | { kind: "streamed"; bytes: number }
  /** A small JSON answer. */
  | { kind: "small" };

interface Scripted {
  baseUrl: string;
  /** GETs of the venue answered so far. */
  venueHits: number;
  /** Body bytes the server managed to write to the venue answers, and whether each connection was closed before the end. */
  sent: { bytes: number; cutShort: boolean }[];
  close(): Promise<void>;
}

async function scriptedServer(mode: Mode): Promise<Scripted> {
  const state: Scripted = { baseUrl: "", venueHits: 0, sent: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.method === "POST" && req.url === "/token") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ "API-KEY": "key-1", tenantId: TENANT }));
      return;
    }
    state.venueHits++;
    const record = { bytes: 0, cutShort: false };
    state.sent.push(record);
    res.on("close", () => {
      record.cutShort = !res.writableFinished;
    });
    if (mode.kind === "small") {
      const body = JSON.stringify({ id: "v1", name: "Small" });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
      record.bytes = body.length;
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (mode.kind === "declared") headers["content-length"] = mode.bytes;
    res.writeHead(200, headers);
    const pump = () => {
      while (!res.destroyed && record.bytes < mode.bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, mode.bytes - record.bytes));
        record.bytes += piece.length;
        const more = res.write(piece);
        if (mode.kind === "declared") return void setTimeout(pump, 20); // trickles: the client must not wait for it
        if (!more) return void res.once("drain", pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

function clientOf(server: Scripted, maxAnswerBytes?: number): NmsClient {
  return new NmsClient({
    baseUrl: server.baseUrl,
    tenantId: TENANT,
    username: "admin@example.com",
    password: PASSWORD,
    retryBaseMs: 1,
    retryMaxMs: 5,
    ...(maxAnswerBytes === undefined ? {} : { maxAnswerBytes }),
  });
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("the call succeeded");
}

let server: Scripted | undefined;
let client: NmsClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

test("the default limit is 32 MiB", () => {
  expect(DEFAULT_MAX_ANSWER_BYTES).toBe(32 * MiB);
  expect(CLIENT_DEFAULTS.maxAnswerBytes).toBe(DEFAULT_MAX_ANSWER_BYTES);
});

test("an answer whose Content-Length passes the default limit is refused at once, naming the operation and the limit, and not retried", async () => {
  server = await scriptedServer({ kind: "declared", bytes: 40 * MiB });
  client = clientOf(server);
  const error = await refusal(client.call("getVenue", { venueId: "v1" }));
  expect(error).toBeInstanceOf(AnswerTooLargeError);
  expect(error).toBeInstanceOf(NmsError);
  expect(error.message).toBe(
    `getVenue (GET ${VENUE_PATH}): the answer is larger than the client reads (${32 * MiB} bytes, option maxAnswerBytes): its Content-Length is ${40 * MiB} bytes; it was not read`,
  );
  expect(server.venueHits).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // The server trickles 64 KiB every 20 ms: the client closed the connection without waiting for the 40 MiB.
  expect(server.sent[0]).toEqual({ bytes: expect.any(Number), cutShort: true });
  expect(server.sent[0].bytes).toBeLessThan(4 * MiB);
});

test("a streamed answer without Content-Length is cut as soon as it passes a configured limit: the connection is closed, the rest never sent", async () => {
  server = await scriptedServer({ kind: "streamed", bytes: 256 * MiB });
  client = clientOf(server, 1 * MiB);
  const error = await refusal(client.call("getVenue", { venueId: "v1" }));
  expect(error).toBeInstanceOf(AnswerTooLargeError);
  expect(error.message).toBe(
    `getVenue (GET ${VENUE_PATH}): the answer is larger than the client reads (${MiB} bytes, option maxAnswerBytes); it was not read`,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.venueHits).toBe(1);
  expect(server.sent[0].cutShort).toBe(true);
  // What the server could write before the close: the limit, plus what the sockets' buffers took.
  process.stdout.write(
    `streamed answer with a 1 MiB limit: the server wrote ${(server.sent[0].bytes / MiB).toFixed(1)} MiB of 256 MiB before the client closed\n`,
  );
  expect(server.sent[0].bytes).toBeLessThan(32 * MiB);
});

test("an answer within the limit is read as before", async () => {
  server = await scriptedServer({ kind: "small" });
  client = clientOf(server, 1024);
  expect(await client.call("getVenue", { venueId: "v1" })).toEqual({ id: "v1", name: "Small" });
});

test("maxAnswerBytes must be a positive number", () => {
  const base = { baseUrl: "http://127.0.0.1:1", tenantId: TENANT, username: "a", password: PASSWORD };
  expect(() => new NmsClient({ ...base, maxAnswerBytes: 0 })).toThrow(
    "client option maxAnswerBytes must be a positive number, got 0",
  );
  expect(() => new NmsClient({ ...base, maxAnswerBytes: -5 })).toThrow(/maxAnswerBytes must be a positive number/);
});

test("a download (the target of getDownloadUrl's redirect) is bounded too, and its message keeps the signed query out", async () => {
  server = await scriptedServer({ kind: "declared", bytes: 40 * MiB });
  const error = await refusal(
    getRaw(`${server.baseUrl}/file-store/f1?signature=secret-signature`, { timeoutMs: 10_000 }),
  );
  expect(error).toBeInstanceOf(AnswerTooLargeError);
  expect(error.message).toBe(
    `download from ${server.baseUrl}/file-store/f1?…: the answer is larger than the client reads (${32 * MiB} bytes, option maxAnswerBytes): its Content-Length is ${40 * MiB} bytes; it was not read`,
  );
  expect(error.message).not.toContain("secret-signature");
});
