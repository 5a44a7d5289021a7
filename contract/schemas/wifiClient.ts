// Client disconnect (the Wi-Fi API documentation, W67): which client to drop from which AP. The API
// documentation gives both as required strings; MACs are compared without regard to case or
// separators.
import { z } from "zod";

export const clientDisconnectSchema = z.object({
  apMac: z.string().min(1, "is required").describe("MAC address of the AP the client is connected to."),
  clientMac: z.string().min(1, "is required").describe("MAC address of the client."),
});

/** Body of W67: at least one client. */
export const clientDisconnectBodySchema = z.array(clientDisconnectSchema).min(1, "must name at least one client");

/** A MAC address in one form whatever the separators and case: twelve lower-case hex digits. */
export function normalMac(mac: string): string {
  return mac.replace(/[^0-9a-fA-F]/g, "").toLowerCase();
}
