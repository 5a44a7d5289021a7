import * as pulumi from "@pulumi/pulumi";
import type { NETWORK_TYPES, wlanSchema, RadiusPair, guestPortalSchema } from "../contract/schemas/network";
import type { z } from "zod";
import { AdoptionArgs, DeepInput, NmsResource } from "./resource";

export type NetworkType = (typeof NETWORK_TYPES)[number];
/** The WLAN without its secrets, which are top-level inputs of Network. */
export type Wlan = Omit<z.infer<typeof wlanSchema>, "passphrase" | "wepHexKey">;
export type GuestPortal = z.infer<typeof guestPortalSchema>;
export type { RadiusPair };

export interface NetworkArgs extends AdoptionArgs {
  /** 2 to 64 printable characters, no backtick or "$(", no leading or trailing space. */
  name: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  type: pulumi.Input<NetworkType>;
  wlan: DeepInput<Wlan>;
  /** WPA personal passphrase, 8 to 63 characters (secret). */
  passphrase?: pulumi.Input<string>;
  /** WEP key, 10 or 26 hexadecimal digits (secret). */
  wepHexKey?: pulumi.Input<string>;
  /** Authentication RADIUS servers; required for type aaa (secret: holds shared secrets). */
  authRadius?: DeepInput<RadiusPair>;
  /** Accounting RADIUS servers (secret: holds shared secrets). */
  accountingRadius?: DeepInput<RadiusPair>;
  guestPortal?: DeepInput<GuestPortal>;
}

/** A wireless network (SSID), managed through the deep operations W52, W57, W58, W56. */
export class Network extends NmsResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly type: pulumi.Output<NetworkType>;
  declare readonly wlan: pulumi.Output<Wlan>;
  declare readonly passphrase: pulumi.Output<string | undefined>;
  declare readonly wepHexKey: pulumi.Output<string | undefined>;
  declare readonly authRadius: pulumi.Output<RadiusPair | undefined>;
  declare readonly accountingRadius: pulumi.Output<RadiusPair | undefined>;
  declare readonly guestPortal: pulumi.Output<GuestPortal | undefined>;

  constructor(name: string, args: NetworkArgs, opts?: pulumi.CustomResourceOptions) {
    super("Network", name, args, opts);
  }
}
