// Who may call, checked before any route runs: a request addressed to this machine (its Host, against
// DNS rebinding), from no page of another site (its Origin), in the encoding its route takes (no
// cross-site form or text/plain write); and the admin API's stricter rule (loopback clients only).
import type { IncomingMessage } from "node:http";
import { networkInterfaces } from "node:os";
import type { BodyEncoding } from "../../contract";
import { ApiError } from "../model/errors";

export const JSON_TYPE = "application/json";

export function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined && (address.startsWith("127.") || address === "::1" || address.startsWith("::ffff:127."))
  );
}

/** Host names of this machine's loopback interface, with any port: what a request meant for the emulator on this machine is addressed to. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** Addresses that bind every interface: the emulator then answers to the names of each. */
export const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

/** The host names (lowercase, IPv6 in brackets) the emulator started on `host` answers to besides the loopback names. */
export function ownHostNames(host: string): Set<string> {
  const bracketed = (address: string) => (address.includes(":") ? `[${address}]` : address).toLowerCase();
  if (!WILDCARD_HOSTS.has(host)) return new Set([bracketed(host.replace(/^\[|\]$/g, ""))]);
  const names = new Set<string>();
  for (const addresses of Object.values(networkInterfaces()))
    for (const { address } of addresses ?? []) names.add(bracketed(address.replace(/%.*$/, "")));
  return names;
}

/** The name part of a Host header (`[::1]:80` → `[::1]`), lowercase. */
export function hostNameOf(host: string): string {
  const port = /:\d{1,5}$/.exec(host);
  const name = port && (!host.startsWith("[") || host.lastIndexOf("]") < port.index) ? host.slice(0, port.index) : host;
  return name.toLowerCase();
}

/**
 * The rules of a caller on this machine, for the admin API and the service's routes alike: the request is addressed
 * to this machine (its Host: a page of another site that DNS rebinding points at 127.0.0.1 still names its own host),
 * else 421.
 */
export function checkHost(req: IncomingMessage, isOwn: (host: string) => boolean): void {
  const host = req.headers.host;
  if (host === undefined || !(LOOPBACK_HOST.test(host) || isOwn(host)))
    throw new ApiError("EMU-MISDIRECTED", { object: "host", value: host ?? null });
}

/** A page of another origin (its Origin header) is refused: 403. */
export function checkOrigin(req: IncomingMessage): void {
  const origin = req.headers.origin;
  const host = req.headers.host ?? "";
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`)
    throw new ApiError("EMU-FOREIGN-ORIGIN", { object: "origin", value: origin });
}

/** The media type of a Content-Type header, lowercase, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType === undefined ? undefined : contentType.split(";")[0].trim().toLowerCase();
}

/** Whether the request carries body bytes (a length above 0, or a chunked body). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * A write to a service route: from no page of another origin, and in the encoding its route takes (contract/routes.ts):
 * JSON for object and array bodies, multipart/form-data for a form, none or JSON for a route without a body. A web page
 * can send text/plain or a form to another site without the browser asking first; JSON it cannot. 415 otherwise.
 */
export function checkServiceWrite(req: IncomingMessage, body: BodyEncoding): void {
  if (req.method === "GET" || req.method === "HEAD") return;
  checkOrigin(req);
  const type = mediaTypeOf(req.headers["content-type"]);
  const takes = body === "multipart" ? "multipart/form-data" : JSON_TYPE;
  if (type === undefined ? hasBody(req) : type !== takes) {
    throw new ApiError("EMU-UNSUPPORTED-MEDIA-TYPE", {
      message: `this operation takes ${body === "none" ? "no body" : takes}${body === "none" ? ` (or ${JSON_TYPE})` : ""}`,
      object: "content-type",
      value: req.headers["content-type"] ?? null,
    });
  }
}

/**
 * The admin API changes and reveals everything, with no authentication: it answers only a client on this machine (its
 * address), that addressed the request to a loopback name (checkHost, done for every request before the path is
 * looked at), from no page of another origin (Origin, reads too), and takes writes as application/json only, which no
 * web page can send to another origin without the browser asking first (a preflight the emulator never grants).
 */
export function checkAdminCaller(req: IncomingMessage, method: string): void {
  if (!isLoopback(req.socket.remoteAddress))
    throw new ApiError("NMS-FORBIDDEN-ROLE", { message: "the admin API answers loopback clients only" });
  checkHost(req, () => false);
  checkOrigin(req);
  if (method !== "GET" && method !== "HEAD" && mediaTypeOf(req.headers["content-type"]) !== JSON_TYPE) {
    throw new ApiError("EMU-UNSUPPORTED-MEDIA-TYPE", {
      object: "content-type",
      value: req.headers["content-type"] ?? null,
    });
  }
}
