import * as pulumi from "@pulumi/pulumi";
import type { Address } from "../contract/schemas/venue";
import { AdoptionArgs, DeepInput, NmsResource } from "./resource";

export interface VenueArgs extends AdoptionArgs {
  /** 2 to 32 characters, unique in the tenant. */
  name: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  address?: DeepInput<Address>;
}

/** A physical site (document 1, A6–A11). */
export class Venue extends NmsResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly address: pulumi.Output<Address | undefined>;
  declare readonly floorPlans: pulumi.Output<unknown[]>;
  declare readonly createdDate: pulumi.Output<string>;
  declare readonly updatedDate: pulumi.Output<string>;

  constructor(name: string, args: VenueArgs, opts?: pulumi.CustomResourceOptions) {
    super("Venue", name, args, opts);
  }
}
