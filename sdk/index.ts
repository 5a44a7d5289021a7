export { Venue } from "./venue";
export type { VenueArgs } from "./venue";
export { ApGroup } from "./apGroup";
export type { ApGroupArgs } from "./apGroup";
export { Network } from "./network";
export type { NetworkArgs, NetworkType, Wlan, GuestPortal, RadiusPair } from "./network";
export { NetworkVenueActivation } from "./networkVenueActivation";
export type { NetworkVenueActivationArgs, RadioBand, ActivationApGroup, Scheduler } from "./networkVenueActivation";
export type { AdoptionArgs } from "./resource";
