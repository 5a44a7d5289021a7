// The answers of the operations the API documentation does not list (W97-W101: the venue's valid
// channels, the reset of its syslog, its vSPoT binding), driven by the answer harness for a tenant
// of each Wi-Fi API variant.
import {
  acceptedAnswerSchema,
  acceptedRequestSchema,
  venueSyslogReadSchema,
  venueValidChannelsReadSchema,
  venueVspotBindingSchema,
  venueVspotBoundSchema,
} from "../../contract";
import { venueBody } from "../support/emulatorClient";
import type { AnswerRun } from "./answerRun";

export function beyondDocumentsAnswerSchemas() {
  return {
    W97: venueValidChannelsReadSchema,
    W98: acceptedAnswerSchema(venueSyslogReadSchema),
    W99: acceptedAnswerSchema(venueVspotBoundSchema),
    W100: venueVspotBindingSchema,
    W101: acceptedRequestSchema,
  };
}

/** Drives the operations beyond the API documentation (W97-W101) once. */
export async function driveBeyondDocumentsOperations({ client, variant, check }: AnswerRun): Promise<void> {
  const name = `Beyond ${variant}`;
  const venueId = (await client.ok("A7", {}, venueBody(name))).id;
  await check("W97", { venueId });
  await client.ok("W48", { venueId }, { enabled: true, server: "192.0.2.31" });
  await check("W98", { venueId });
  const vspot = await client.ok(
    "W87",
    {},
    { serverName: `Spot ${variant}`, serverAddress: "vspot.example.com", password: "vspot-password" },
  );
  await check("W99", { venueId, vspotId: vspot.id });
  await check("W100", { venueId });
  await check("W101", { venueId });
}
