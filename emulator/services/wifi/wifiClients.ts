// Wireless clients connected to APs, and their disconnect (disconnectClients). No documented operation lists
// or connects clients: tests connect one through the admin API (connectClient below), and disconnectClients
// refuses a client that is not connected to the AP named (WIFI-10201, at submit; the disconnect
// itself applies when the request completes).
import { acceptedRequestSchema, clientDisconnectBodySchema, normalMac, validateBody } from "../../../contract";
import { ApiError, badRequest, notFound, validationError } from "../../model/errors";
import type { KindDef } from "../../model/kind";
import type { TenantState } from "../../model/tenant";

export interface WifiClientRecord {
  /** apMac and clientMac in normal form, joined. */
  id: string;
  apMac: string;
  clientMac: string;
  apSerialNumber: string;
}

const idOf = (apMac: string, clientMac: string) => `${normalMac(apMac)}/${normalMac(clientMac)}`;

/** The admin API's way to connect a client to a registered AP (by the AP's MAC). */
export function connectClient(t: TenantState, apMac: string, clientMac: string): WifiClientRecord {
  const ap = t.of("aps").find((a) => normalMac(String(a.mac)) === normalMac(apMac));
  if (!ap) throw notFound("AP", "apMac", apMac);
  const record = {
    id: idOf(apMac, clientMac),
    apMac: String(ap.mac),
    clientMac,
    apSerialNumber: String(ap.serialNumber),
  };
  t.of<WifiClientRecord>("wifiClients").put(record);
  return record;
}

export const wifiClients: KindDef<WifiClientRecord, never> = {
  name: "wifiClients",
  noun: "client",
  idParam: "clientMac",
  schema: () => {
    throw new Error("clients are connected through the admin API only");
  },
  ops: {},
  build: () => {
    throw new Error("clients are connected through the admin API only");
  },
  view: (_t, client) => client,
  schemasOf: { disconnectClients: { body: () => clientDisconnectBodySchema, answer: () => acceptedRequestSchema } },
  extra: {
    disconnectClients: (c) => {
      if (!Array.isArray(c.body)) throw badRequest("body must be a non-empty JSON array of {apMac, clientMac}", "body");
      const result = validateBody(clientDisconnectBodySchema, c.body);
      if (!result.ok) throw validationError(result.failures, c.body);
      const clients = c.tenant.of<WifiClientRecord>("wifiClients");
      const ids = result.value.map((entry, i) => {
        const id = idOf(entry.apMac, entry.clientMac);
        if (!clients.has(id))
          throw new ApiError("WIFI-10201", {
            message: "client not found (may already be disconnected)",
            object: `[${i}].clientMac`,
            value: entry.clientMac,
          });
        return id;
      });
      // A client dropped meanwhile is simply gone: the disconnect has nothing left to do for it.
      return c.finish(c.model.action(ids.join(","), undefined, () => ids.forEach((id) => clients.delete(id))));
    },
  },
};
