import * as pulumi from "@pulumi/pulumi";
import { AdoptionArgs, NmsResource } from "./resource";

export interface ApGroupArgs extends AdoptionArgs {
  /** 2 to 64 characters, unique in the venue. */
  name: pulumi.Input<string>;
  /** 2 to 180 characters. */
  description?: pulumi.Input<string>;
  /** The venue; changing it replaces the AP group (the service does not move groups). */
  venueId: pulumi.Input<string>;
  /** Access points by serial number (12 digits, the first 1 to 9). */
  apSerialNumbers?: pulumi.Input<pulumi.Input<{ serialNumber: pulumi.Input<string> }>[]>;
}

/** A group of access points within a venue (document 2, W23–W30). */
export class ApGroup extends NmsResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly venueId: pulumi.Output<string>;
  declare readonly apSerialNumbers: pulumi.Output<{ serialNumber: string }[] | undefined>;
  declare readonly isDefault: pulumi.Output<boolean>;
  declare readonly aps: pulumi.Output<unknown[]>;

  constructor(name: string, args: ApGroupArgs, opts?: pulumi.CustomResourceOptions) {
    super("ApGroup", name, args, opts);
  }
}
