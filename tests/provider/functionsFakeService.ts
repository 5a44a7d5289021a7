// A small stand-in for the service, for the functions whose operations the emulator does not
// serve yet (listAps, pingFromAp, rebootAp): login, request records that succeed at once, the tenant (getTenant), the AP
// list paged as the route table says, ping and reboot. It logs every request it gets.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { ROUTES, type OperationName } from "../../contract/routes";

export interface ServedRequest {
  method: string;
  op: OperationName | undefined;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeService {
  url: string;
  tenantId: string;
  username: string;
  password: string;
  requests: ServedRequest[];
  /** Requests for one operation. */
  served(op: OperationName): ServedRequest[];
  close(): Promise<void>;
}

export const FAKE_PING_OUTPUT = "PING 192.0.2.1: 3 packets transmitted, 3 received";

const TENANT_ID = "0123456789abcdef0123456789abcdef";
const SERVED: OperationName[] = [
  "login",
  "getRequest",
  "listRequestsByStatus",
  "getTenant",
  "listAps",
  "pingFromAp",
  "rebootAp",
];

/** `apCount` APs, every other one operational. */
export async function startFakeService(apCount = 3): Promise<FakeService> {
  const aps = Array.from({ length: apCount }, (_, i) => ({
    serialNumber: String(100000000000 + i),
    name: `ap-${i}`,
    state: i % 2 === 0 ? "Operational" : "NeverContacted",
  }));
  const records = new Map<string, Record<string, unknown>>();
  const requests: ServedRequest[] = [];
  const matchers = SERVED.map((op) => ({ op, method: ROUTES[op].method, pattern: pathPattern(ROUTES[op].path) }));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      const match = matchers
        .map((m) => ({ ...m, found: m.method === req.method ? m.pattern.exec(url.pathname) : null }))
        .filter((m) => m.found !== null)
        .map((m) => ({ op: m.op, params: m.found!.groups ?? {} }))[0];
      const served: ServedRequest = {
        method: req.method ?? "",
        op: match?.op,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(served);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const accept = (op: OperationName, response?: unknown) => {
        const requestId = `req-${records.size + 1}`;
        records.set(requestId, {
          requestId,
          status: "SUCCESS",
          serviceName: ROUTES[op].service,
          tenantId: TENANT_ID,
          method: op,
          count: 1,
          admin: "fake",
          entityId: "",
          timestamp: new Date().toISOString(),
        });
        send(202, response === undefined ? { requestId } : { requestId, response });
      };
      switch (match?.op) {
        case "login":
          return send(200, { "API-KEY": "fake-api-key" });
        case "getRequest":
          return records.has(match.params.requestId) ? send(200, records.get(match.params.requestId)) : notFound(send);
        case "listRequestsByStatus":
          return send(
            200,
            page(
              [...records.values()].filter((r) => r.status === match.params.status),
              served.query,
              0,
            ),
          );
        case "getTenant":
          return send(200, { id: TENANT_ID, name: "Fake Tenant", status: "active" });
        case "listAps": {
          const wanted = served.query.operational;
          const listed =
            wanted === undefined ? aps : aps.filter((ap) => (ap.state === "Operational") === (wanted === "true"));
          return send(200, page(listed, served.query, ROUTES.listAps.paging!.firstPage));
        }
        case "pingFromAp":
          return accept("pingFromAp", { response: FAKE_PING_OUTPUT });
        case "rebootAp":
          return accept("rebootAp");
        default:
          return notFound(send);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tenantId: TENANT_ID,
    username: "admin@fake.test",
    password: "fake-password",
    requests,
    served: (op) => requests.filter((r) => r.op === op),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function pathPattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
}

function page<T>(items: T[], query: Record<string, string>, firstPage: number): T[] {
  if (query.size === undefined) return items;
  const size = Number(query.size);
  const index = Number(query.page ?? firstPage) - firstPage;
  return items.slice(index * size, (index + 1) * size);
}

function notFound(send: (status: number, body: unknown) => void): void {
  send(404, { errors: [{ code: "NMS-NOT-FOUND", message: "not served by the fake service" }], requestId: "fake" });
}
