import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { activationApGroupSchema, RADIO_BANDS, schedulerSchema } from "../contract/schemas/networkVenue";
import { AdoptionArgs, DeepInput, NmsResource } from "./resource";

export type RadioBand = (typeof RADIO_BANDS)[number];
export type ActivationApGroup = z.infer<typeof activationApGroupSchema>;
export type Scheduler = z.infer<typeof schedulerSchema>;

export interface NetworkVenueActivationArgs extends AdoptionArgs {
  /** Changing it replaces the activation. */
  networkId: pulumi.Input<string>;
  /** Changing it replaces the activation. */
  venueId: pulumi.Input<string>;
  /** Activate on all AP groups of the venue (service default true). */
  isAllAPGroups?: pulumi.Input<boolean>;
  /** Service default Both. */
  allAPGroupsRadio?: pulumi.Input<RadioBand>;
  /** 1 to 4094. */
  allAPGroupsVlanId?: pulumi.Input<number>;
  apGroups?: DeepInput<ActivationApGroup[]>;
  scheduler?: DeepInput<Scheduler>;
  vlanPoolId?: pulumi.Input<string>;
}

/** A network activated on a venue (document 2, W59–W66). adoptByName finds it by the pair. */
export class NetworkVenueActivation extends NmsResource {
  declare readonly networkId: pulumi.Output<string>;
  declare readonly venueId: pulumi.Output<string>;
  declare readonly isAllAPGroups: pulumi.Output<boolean>;
  declare readonly allAPGroupsRadio: pulumi.Output<RadioBand>;
  declare readonly allAPGroupsVlanId: pulumi.Output<number | undefined>;
  declare readonly apGroups: pulumi.Output<ActivationApGroup[]>;
  declare readonly scheduler: pulumi.Output<Scheduler | undefined>;
  declare readonly vlanPoolId: pulumi.Output<string | undefined>;

  constructor(name: string, args: NetworkVenueActivationArgs, opts?: pulumi.CustomResourceOptions) {
    super("NetworkVenueActivation", name, args, opts);
  }
}
