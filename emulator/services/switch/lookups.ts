// Venue lookups of switch configuration: what the profiles applied to a venue
// (their `venues`) make visible there. The lookups by model narrow the VLANs by a VLAN's `switchFamilyModels`:
// an entry for the model (listVenueModelVlans), whose taggedPorts (listVenueModelTaggedPortVlans) or
// untaggedPorts (listVenueModelUntaggedPortVlans), comma-separated unit/slot/port lists, hold the port.
import { z } from "zod";
import {
  switchAclReadSchema,
  switchReferenceReadSchema,
  switchVlanReadSchema,
  type OperationName,
} from "../../../contract";
import { notFound } from "../../model/errors";
import { listAnswer, ok, pageOf } from "../../operations/handlers";
import type { Answer } from "../../http/wire";
import type { Handler, OpContext, OperationSchemas } from "../../model/kind";
import { slicePage } from "../../model/model";
import type { AnyRecord } from "../../model/collection";
import { aclsOfVenue, vlansOfVenue } from "./venueConfig";

const withoutProfile = ({ profileId: _profileId, ...rest }: AnyRecord) => rest;

function venueOf(c: OpContext): string {
  const venueId = c.params.venueId;
  if (!c.tenant.of("venues").has(venueId)) throw notFound("venue", "venueId", venueId);
  return venueId;
}

type FamilyModel = { model?: string; taggedPorts?: string; untaggedPorts?: string };

/** A page of the list, as the route pages it. */
function paged(c: OpContext, records: AnyRecord[]): Answer {
  return listAnswer(c.route, slicePage(records, pageOf(c.query, c.route)).map(withoutProfile), records.length);
}

function vlansForModel(c: OpContext, holds: (entry: FamilyModel) => boolean = () => true): Answer {
  const model = c.params.model;
  return paged(
    c,
    vlansOfVenue(c.tenant, venueOf(c)).filter((v) =>
      (v.switchFamilyModels as FamilyModel[]).some((entry) => entry.model === model && holds(entry)),
    ),
  );
}

const listed = (ports: string | undefined, port: string) =>
  (ports ?? "")
    .split(",")
    .map((p) => p.trim())
    .includes(port);

export const SWITCH_LOOKUPS: Partial<Record<OperationName, Handler>> = {
  listVenueVlans: (c) => paged(c, vlansOfVenue(c.tenant, venueOf(c))),
  listVenueModelVlans: (c) => vlansForModel(c),
  listVenueModelTaggedPortVlans: (c) =>
    vlansForModel(c, (e) => listed(e.taggedPorts, `${c.params.unitId}/${c.params.slotId}/${c.params.taggedPortId}`)),
  listVenueModelUntaggedPortVlans: (c) =>
    vlansForModel(c, (e) =>
      listed(e.untaggedPorts, `${c.params.unitId}/${c.params.slotId}/${c.params.untaggedPortId}`),
    ),
  listVenueAcls: (c) => paged(c, aclsOfVenue(c.tenant, venueOf(c))),
  // Reference records: coreId = the object's ID, szNameId = its name, for an object visible to the venue.
  getVenueAcl: (c) => {
    const venueId = venueOf(c);
    const acl = aclsOfVenue(c.tenant, venueId).find((a) => a.id === c.params.aclId);
    if (!acl) throw notFound("ACL of the venue", "aclId", c.params.aclId);
    return ok({ coreId: acl.id, szNameId: acl.name ?? "", venueId });
  },
  getVenueVlan: (c) => {
    const venueId = venueOf(c);
    const vlan = vlansOfVenue(c.tenant, venueId).find((v) => String(v.vlanId) === c.params.vlanId);
    if (!vlan) throw notFound("VLAN of the venue", "vlanId", c.params.vlanId);
    return ok({ coreId: vlan.id, szNameId: vlan.vlanName ?? String(vlan.vlanId), venueId });
  },
};

const vlans: OperationSchemas = { answer: () => z.array(switchVlanReadSchema) };

export const SWITCH_LOOKUP_SCHEMAS: Partial<Record<OperationName, OperationSchemas>> = {
  getVenueAcl: { answer: () => switchReferenceReadSchema },
  listVenueAcls: { answer: () => z.array(switchAclReadSchema) },
  listVenueVlans: vlans,
  listVenueModelVlans: vlans,
  listVenueModelTaggedPortVlans: vlans,
  listVenueModelUntaggedPortVlans: vlans,
  getVenueVlan: { answer: () => switchReferenceReadSchema },
};
