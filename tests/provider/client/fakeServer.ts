// A tiny scripted HTTP server on 127.0.0.1 standing in for the service, so the client tests need
// neither the network nor the emulator. Every request is recorded as a Hit.

import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { NmsClient, type ClientOptions } from "../../../provider/client";

export interface Hit {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Milliseconds since the server started. */
  at: number;
}

export type Reply =
  | { status: number; body?: unknown; raw?: string; headers?: Record<string, string> }
  /** Destroy the socket without answering. */
  | "reset";

export type Handler = (hit: Hit, hits: Hit[]) => Reply | Promise<Reply>;

export interface FakeServer {
  baseUrl: string;
  hits: Hit[];
  /** Hits other than the login. */
  apiHits(): Hit[];
  logins(): Hit[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const hits: Hit[] = [];
  const started = Date.now();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const hit: Hit = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now() - started,
      };
      hits.push(hit);
      Promise.resolve(handler(hit, hits)).then(
        (reply) => {
          if (reply === "reset") {
            req.socket.destroy();
            return;
          }
          const text = reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
          const headers: Record<string, string> = { ...reply.headers };
          if (text !== "" && !headers["content-type"]) headers["content-type"] = "application/json";
          res.writeHead(reply.status, headers);
          res.end(text);
        },
        (error: unknown) => {
          res.writeHead(599);
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    apiHits: () => hits.filter((hit) => hit.path !== "/token"),
    logins: () => hits.filter((hit) => hit.path === "/token"),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const TENANT = "0123456789abcdef0123456789abcdef";
export const PASSWORD = "Pa55w0rd-never-shown";

/** A handler that answers login with a numbered API key and sends everything else to `rest`. */
export function withLogin(rest: Handler, tokenPrefix = "key-secret-"): Handler {
  let issued = 0;
  return (hit, hits) => {
    if (hit.method === "POST" && hit.path === "/token") {
      issued += 1;
      const token = `${tokenPrefix}${issued}`;
      return {
        status: 200,
        body: { "API-KEY": token },
        headers: { "set-cookie": `API-KEY=${token}; Path=/; HttpOnly` },
      };
    }
    return rest(hit, hits);
  };
}

/** The API key a hit carried in its cookie. */
export function cookieToken(hit: Hit): string | undefined {
  return /API-KEY=([^;]+)/.exec(String(hit.headers.cookie ?? ""))?.[1];
}

export interface TestClient {
  client: NmsClient;
  server: FakeServer;
  logs: { level: string; message: string }[];
  close(): Promise<void>;
}

/** A client with small timings against a fake server running `handler`. */
export async function clientFor(handler: Handler, overrides: Partial<ClientOptions> = {}): Promise<TestClient> {
  const server = await startFakeServer(handler);
  const logs: { level: string; message: string }[] = [];
  const client = new NmsClient({
    baseUrl: server.baseUrl,
    tenantId: TENANT,
    username: "admin@example.com",
    password: PASSWORD,
    retryBaseMs: 5,
    retryMaxMs: 20,
    pollInitialMs: 20,
    pollMaxMs: 200,
    requestTimeoutMs: 2_000,
    logger: (event) => logs.push(event),
    ...overrides,
  });
  return {
    client,
    server,
    logs,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The rejection of `promise`, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the promise to reject");
}

/** The delays a client decided, read from its log ("retrying in N ms", "next poll in N ms"), in order. */
function loggedDelays(t: TestClient, pattern: RegExp): number[] {
  return t.logs.flatMap((log) => {
    const match = pattern.exec(log.message);
    return match ? [Number(match[1])] : [];
  });
}

export const retryDelaysLogged = (t: TestClient): number[] => loggedDelays(t, /retrying in (\d+) ms/);
export const pollPausesLogged = (t: TestClient): number[] => loggedDelays(t, /next poll in (\d+) ms/);
