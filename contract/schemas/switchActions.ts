// Actions on a switch (the switch API documentation: S12, S18, S20, S21, S22): their bodies with
// the API documentation's rules, the SDK functions' arguments (the body and the switch's serial
// number) and their results.
import { z } from "zod";
import { intBetween } from "../validators";
import { secret } from "../meta";
import { targetHost } from "./actions";
import { switchId } from "./switch";

const serialNumber = switchId.describe("The switch's serial number (its ID).");
const requestId = z.string().describe("The service's request ID of the action, whose record reached SUCCESS.");

/** Body of S18. */
export const switchPingBodySchema = z.object({ targetHost });
/** Body of S21. */
export const switchTraceRouteBodySchema = z.object({
  targetHost,
  maxTtl: intBetween(0, 255).describe("Most hops, 0 to 255 (default 30).").default(30),
});
/** Body of S22. */
export const switchFirmwareBodySchema = z.object({
  firmwareVersion: z.string().optional().describe("Firmware version to install."),
  scheduledTime: z.string().optional().describe("When to install it."),
});
/** Body of S12. */
export const sshTunnelBodySchema = z.object({
  serial: z.string().min(1, "is required").describe("Serial number of the switch to reach."),
  localIp: z.string().optional().describe("Address on the switch side."),
  localPort: intBetween(0, 65535).describe("Port on the switch side, 0 to 65535."),
  rpIp: z.string().optional().describe("Address of the remote point."),
  rpPort: intBetween(0, 65535).describe("Port of the remote point, 0 to 65535."),
  rpUserName: z.string().optional().describe("User name on the remote point."),
  rpPrivateKey: secret(z.string())
    .optional()
    .describe("Private key for the remote point (secret: never logged or echoed)."),
});

export const pingFromSwitchArgsSchema = switchPingBodySchema.extend({ serialNumber }).strict();
export const traceRouteFromSwitchArgsSchema = switchTraceRouteBodySchema.extend({ serialNumber }).strict();
export const scheduleSwitchFirmwareArgsSchema = switchFirmwareBodySchema.extend({ serialNumber }).strict();
export const rebootSwitchArgsSchema = z.object({ serialNumber }).strict();
export const createSshTunnelArgsSchema = sshTunnelBodySchema.strict();

export const switchActionResultSchema = z.object({ requestId });
export const switchDiagnosticResultSchema = z.object({
  requestId,
  response: z.string().describe("What the switch printed."),
});
