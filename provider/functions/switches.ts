// The switch functions: venue lookups of the VLANs and ACLs that the profiles applied
// to a venue make visible and reference records (getVenueAcl, getVenueVlan), which run in preview;
// and actions on a switch (pingFromSwitch, traceRouteFromSwitch, rebootSwitch, scheduleSwitchFirmware, createSshTunnel), which never do. Rows of the function table
// (index.ts); `npm run generate` writes the SDK's forms.
import { z } from "zod";
import {
  createSshTunnelArgsSchema,
  pingFromSwitchArgsSchema,
  rebootSwitchArgsSchema,
  scheduleSwitchFirmwareArgsSchema,
  switchActionResultSchema,
  switchDiagnosticResultSchema,
  traceRouteFromSwitchArgsSchema,
} from "../../contract/schemas/switchActions";
import { switchAclReadSchema } from "../../contract/schemas/switchAcl";
import { switchVlanReadSchema } from "../../contract/schemas/switchVlan";
import type { FunctionAnswer, FunctionSpec } from "./spec";

const venueId = () => z.string().min(1, "is required").describe("ID of the venue.");
const model = () => z.string().min(1, "is required").describe("Switch model, e.g. ICX7150-24P.");
const portNumber = (what: string) => z.number().int("must be an integer").min(0, "must be at least 0").describe(what);

const referenceResultSchema = z.object({
  coreId: z.string().describe("ID of the object in the switch service."),
  szNameId: z.string().describe("Its name there."),
  venueId: z.string().describe("The venue."),
});

const requestOnly = ({ requestId }: FunctionAnswer) => ({ requestId });

function diagnosticText({ body, requestId }: FunctionAnswer) {
  const text = typeof body === "object" && body !== null ? (body as { response?: unknown }).response : undefined;
  if (typeof text !== "string") throw new Error(`the answer carried no response text: ${JSON.stringify(body)}`);
  return { requestId, response: text };
}

const vlanLookup = (
  name: string,
  description: string,
  op: FunctionSpec["op"],
  args: () => z.AnyZodObject,
): FunctionSpec => ({
  name,
  description,
  op,
  args,
  result: switchVlanReadSchema,
  returns: "list",
  runsInPreview: true,
});

export const SWITCH_FUNCTIONS: FunctionSpec[] = [
  vlanLookup(
    "listVenueSwitchVlans",
    "The VLANs of the switch profiles applied to a venue (listVenueVlans).",
    "listVenueVlans",
    () => z.object({ venueId: venueId() }).strict(),
  ),
  vlanLookup(
    "listVenueSwitchVlansForModel",
    "The VLANs of a venue's switch profiles that have an entry for a switch model (listVenueModelVlans).",
    "listVenueModelVlans",
    () => z.object({ venueId: venueId(), model: model() }).strict(),
  ),
  vlanLookup(
    "listVenueSwitchVlansForTaggedPort",
    "The VLANs of a venue's switch profiles tagged on a port (unit/slot/port) of a switch model (listVenueModelTaggedPortVlans).",
    "listVenueModelTaggedPortVlans",
    () =>
      z
        .object({
          venueId: venueId(),
          model: model(),
          unitId: portNumber("Unit."),
          slotId: portNumber("Slot."),
          taggedPortId: portNumber("Port."),
        })
        .strict(),
  ),
  vlanLookup(
    "listVenueSwitchVlansForUntaggedPort",
    "The VLANs of a venue's switch profiles untagged on a port (unit/slot/port) of a switch model (listVenueModelUntaggedPortVlans).",
    "listVenueModelUntaggedPortVlans",
    () =>
      z
        .object({
          venueId: venueId(),
          model: model(),
          unitId: portNumber("Unit."),
          slotId: portNumber("Slot."),
          untaggedPortId: portNumber("Port."),
        })
        .strict(),
  ),
  {
    name: "listVenueSwitchAcls",
    description: "The ACLs of the switch profiles applied to a venue (listVenueAcls).",
    op: "listVenueAcls",
    args: () => z.object({ venueId: venueId() }).strict(),
    result: switchAclReadSchema,
    returns: "list",
    runsInPreview: true,
  },
  {
    name: "getSwitchAclReference",
    description: "The reference record of an ACL visible to a venue (getVenueAcl).",
    op: "getVenueAcl",
    args: () =>
      z.object({ aclId: z.string().min(1, "is required").describe("ID of the ACL."), venueId: venueId() }).strict(),
    result: referenceResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "getSwitchVlanReference",
    description: "The reference record of a VLAN (by VLAN ID) visible to a venue (getVenueVlan).",
    op: "getVenueVlan",
    args: () =>
      z.object({ vlanId: z.number().int("must be an integer").describe("The VLAN ID."), venueId: venueId() }).strict(),
    result: referenceResultSchema,
    returns: "one",
    runsInPreview: true,
  },
  {
    name: "pingFromSwitch",
    description:
      "Pings a host from a switch (pingFromSwitch), waits until the service reports the request done, and returns what the ping printed.",
    op: "pingFromSwitch",
    args: () => pingFromSwitchArgsSchema,
    result: switchDiagnosticResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: diagnosticText,
  },
  {
    name: "traceRouteFromSwitch",
    description:
      "Traces the route to a host from a switch (traceRouteFromSwitch; maxTtl 0 to 255, default 30) and returns what it printed.",
    op: "traceRouteFromSwitch",
    args: () => traceRouteFromSwitchArgsSchema,
    result: switchDiagnosticResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: diagnosticText,
  },
  {
    name: "rebootSwitch",
    description:
      "rebootSwitch, unnamed in the API documentation, on a switch (a reboot by the route table), waited for until the service reports it done.",
    op: "rebootSwitch",
    args: () => rebootSwitchArgsSchema,
    result: switchActionResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: requestOnly,
  },
  {
    name: "scheduleSwitchFirmware",
    description:
      "Schedules a firmware version on a switch (scheduleSwitchFirmware), waited for until the service reports it done.",
    op: "scheduleSwitchFirmware",
    args: () => scheduleSwitchFirmwareArgsSchema,
    result: switchActionResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: requestOnly,
  },
  {
    name: "createSwitchSshTunnel",
    description:
      "Opens a reverse SSH tunnel from a switch to a remote point (createSshTunnel). The private key is a secret: pass it as a secret " +
      "Output; it is never logged nor put in an error.",
    op: "createSshTunnel",
    args: () => createSshTunnelArgsSchema,
    result: switchActionResultSchema,
    returns: "one",
    runsInPreview: false,
    resultOf: requestOnly,
  },
];
