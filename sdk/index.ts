// The SDK programs import. Resource classes and functions are generated (sdk/generated/, by
// `npm run generate`); importing them loads no HTTP client until a function is called.
export * from "./generated";
export type { AdoptionArgs } from "./resource";
export type { ActionOutcome, ActionSkipped } from "./invoke";
export type { NetworkType, Wlan, GuestPortal, RadiusPair, RadioBand, ActivationApGroup, Scheduler } from "./types";
