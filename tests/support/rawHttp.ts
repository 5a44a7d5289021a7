// Requests sent byte for byte (fetch would normalise the path and set Host itself), and the check of the service's
// error body, for the tests of the emulator against hostile callers.
import { request } from "node:http";

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/** Sends exactly these bytes of path and headers (fetch would normalise the path and set Host itself). */
export function raw(
  url: string,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    // A fresh connection each time: a kept-alive one may be closed by the server just as it is reused.
    const req = request({ host: hostname, port, method, path: urlPath, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown;
        try {
          parsed = text === "" ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The service's error body: {errors:[{code,message,...}],requestId}, with the given status and first code. */
export function expectError(reply: RawReply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.errors?.[0]?.code }).toEqual({ status, code });
  expect(reply.headers["content-type"]).toBe("application/json");
  expect(reply.body).toEqual({
    errors: expect.arrayContaining([expect.objectContaining({ code, message: expect.any(String) })]),
    requestId: expect.any(String),
  });
}
