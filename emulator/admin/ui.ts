// The read-only web page at /ui/: static files of emulator/ui/ (plain HTML, CSS and JavaScript, no
// build step), and the two admin calls it polls: the tenants, and one tenant's overview (venues,
// APs, switches, networks, activations and its latest request records). The page never writes;
// its calls are admin GETs, which answer loopback clients only, like the rest of the admin API.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RequestRecord } from "../../contract";
import type { AdminHandler, AdminTarget } from "./adminHandler";
import { ApiError, notFound } from "../model/errors";
import type { AnyRecord } from "../model/collection";
import type { TenantState } from "../model/tenant";
import type { Router } from "../http/router";

export const UI_PREFIX = "/ui";

const UI_FILES: Record<string, { file: string; type: string }> = {
  "/ui/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/ui/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/ui/style.css": { file: "style.css", type: "text/css; charset=utf-8" },
};

// The page loads nothing but its own files and the admin API's JSON: even a value that slipped past escaping could
// not run a script.
const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
};

/**
 * emulator/ui/ beside this file's folder (ts-jest, ts-node), or beside dist/ (the built emulator): in a
 * clone the source tree's, in an installed package the copy package.json's `files` ships. Found
 * from this module's own place, never from the working directory.
 */
function uiDirectory(): string {
  const candidates = [path.join(__dirname, "..", "ui"), path.join(__dirname, "..", "..", "..", "emulator", "ui")];
  return candidates.find((dir) => fs.existsSync(path.join(dir, "index.html"))) ?? candidates[0];
}

let directory: string | undefined;

/** A file of the page, as the server writes it. */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Answers a request under /ui; throws an ApiError (answered in the error body) for anything but a file of the page. */
export function serveUi(method: string, urlPath: string): PageAnswer {
  if (method !== "GET" && method !== "HEAD") {
    const error = new ApiError("EMU-METHOD-NOT-ALLOWED", { message: "the page is read-only" });
    error.headers = { allow: "GET, HEAD" };
    throw error;
  }
  if (urlPath === UI_PREFIX)
    return { status: 301, headers: { ...SECURITY_HEADERS, location: "/ui/" }, body: Buffer.alloc(0) };
  const entry = UI_FILES[urlPath];
  if (!entry)
    throw new ApiError("NMS-NOT-FOUND", { message: "the page has no such file", object: "path", value: urlPath });
  directory ??= uiDirectory();
  let body: Buffer;
  try {
    body = fs.readFileSync(path.join(directory, entry.file));
  } catch {
    throw new ApiError("NMS-INTERNAL", {
      message: `the page's file emulator/ui/${entry.file} is missing from the pulumi-nms package`,
    });
  }
  return { status: 200, headers: { ...SECURITY_HEADERS, "content-type": entry.type }, body };
}

const ok = (body: unknown) => ({ status: 200, body });
const MAX_RECORDS = 200;

/** GET /__admin/tenants and GET /__admin/tenants/{tenantId}/overview?records=n */
export function addUiAdminRoutes(router: Router<AdminHandler>, emulator: AdminTarget): Router<AdminHandler> {
  return router
    .add("GET", "/__admin/tenants", () =>
      ok({
        tenants: emulator.model
          .allTenants()
          .map((t) => ({ tenantId: t.id, name: t.name, ...t.settings, demo: t.id === emulator.demo.tenantId })),
      }),
    )
    .add("GET", "/__admin/tenants/{tenantId}/overview", ({ params, query }) => {
      const t = emulator.model.tenant(params.tenantId);
      if (!t) throw notFound("tenant", "tenantId", params.tenantId);
      const wanted = Number(query.get("records") ?? 25);
      return ok(overviewOf(emulator, t, Number.isInteger(wanted) ? Math.min(Math.max(wanted, 0), MAX_RECORDS) : 25));
    });
}

function overviewOf(emulator: AdminTarget, t: TenantState, recordCount: number) {
  // The read form of each kind (the last declaration of a collection is the admin API's, as in objectsOf).
  const viewsOf = (name: string): AnyRecord[] => {
    const kind = [...emulator.model.kinds].reverse().find((k) => k.name === name);
    return kind
      ? t
          .of(name)
          .all()
          .map((record) => kind.view(t, record) as AnyRecord)
      : [];
  };
  const nameOf = (collection: string, id: unknown) =>
    typeof id === "string" ? (t.of(collection).get(id)?.name as string | undefined) : undefined;
  const requests: RequestRecord[] = [];
  const all = [...t.requests.values()];
  for (let i = all.length - 1; i >= 0 && requests.length < recordCount; i--) requests.push(all[i]);
  return {
    tenant: { tenantId: t.id, name: t.name, ...t.settings },
    venues: viewsOf("venues").map((v) => ({
      id: v.id,
      name: v.name,
      city: v.address?.city,
      country: v.address?.country,
    })),
    aps: viewsOf("aps").map((ap) => ({
      serialNumber: ap.serialNumber,
      name: ap.name,
      venue: nameOf("venues", ap.venueId),
      apGroup: nameOf("apGroups", ap.apGroupId),
      model: ap.model,
      state: ap.state,
    })),
    switches: viewsOf("switches").map((s) => ({
      id: s.id,
      name: s.name,
      venue: nameOf("venues", s.venueId),
      description: s.description,
    })),
    networks: viewsOf("networks").map((n) => ({
      id: n.id,
      name: n.name,
      type: n.type,
      ssid: n.wlan?.ssid,
      vlanId: n.wlan?.vlanId,
    })),
    activations: viewsOf("activations").map((a) => ({
      id: a.id,
      network: nameOf("networks", a.networkId) ?? a.networkId,
      venue: nameOf("venues", a.venueId) ?? a.venueId,
      apGroups: a.isAllAPGroups
        ? null
        : (a.apGroups ?? []).map(
            (g: { apGroupName?: string; apGroupId?: string }) => g.apGroupName || g.apGroupId || "",
          ),
    })),
    requestCount: all.length,
    requests: requests.map((r) => ({
      requestId: r.requestId,
      timestamp: r.timestamp,
      admin: r.admin,
      method: r.method,
      serviceName: r.serviceName,
      entityId: r.entityId,
      status: r.status,
      errors: r.errors?.map((e) => e.code),
    })),
  };
}
