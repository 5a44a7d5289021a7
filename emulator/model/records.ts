// What the emulator stores per kind. Where the service's read form is a plain copy of the
// stored object (venue, AP group, shallow network), the contract's type is the record; the
// others keep references by ID and resolve them when read.
import { ApGroup, NetworkShallow, NetworkVenue, RADIO_BANDS, RadiusPairOut, Venue } from "../../contract";

export type VenueRecord = Venue;

export type ApGroupRecord = ApGroup;

/** The shallow form: RADIUS pairs are referenced by authRadiusId and accountingRadiusId. */
export type NetworkRecord = NetworkShallow;

/** A RADIUS server pair, created by a deep network write and referenced by networks. */
export type RadiusRecord = RadiusPairOut;

/** One AP group of an activation; name and default flag are read from the AP group. */
export interface ActivationApGroupRecord {
  id: string;
  apGroupId: string;
  radio: (typeof RADIO_BANDS)[number];
  vlanId?: number;
  vlanPoolId?: string;
}

export interface ActivationRecord extends Omit<NetworkVenue, "apGroups"> {
  apGroups: ActivationApGroupRecord[];
}

export interface RecordKinds {
  venues: VenueRecord;
  apGroups: ApGroupRecord;
  networks: NetworkRecord;
  radius: RadiusRecord;
  activations: ActivationRecord;
}

export type KindName = keyof RecordKinds;
