// The answers of the operations the API documentation does not list (the venue's valid
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
    getVenueValidChannels: venueValidChannelsReadSchema,
    resetVenueSyslog: acceptedAnswerSchema(venueSyslogReadSchema),
    bindVenueVspot: acceptedAnswerSchema(venueVspotBoundSchema),
    getVenueVspot: venueVspotBindingSchema,
    unbindVenueVspot: acceptedRequestSchema,
  };
}

/** Drives the operations beyond the API documentation once. */
export async function driveBeyondDocumentsOperations({ client, variant, check }: AnswerRun): Promise<void> {
  const name = `Beyond ${variant}`;
  const venueId = (await client.ok("createVenue", {}, venueBody(name))).id;
  await check("getVenueValidChannels", { venueId });
  await client.ok("updateVenueSyslog", { venueId }, { enabled: true, server: "192.0.2.31" });
  await check("resetVenueSyslog", { venueId });
  const vspot = await client.ok(
    "createVspot",
    {},
    { serverName: `Spot ${variant}`, serverAddress: "vspot.example.com", password: "vspot-password" },
  );
  await check("bindVenueVspot", { venueId, vspotId: vspot.id });
  await check("getVenueVspot", { venueId });
  await check("unbindVenueVspot", { venueId });
}
