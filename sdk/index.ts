// The SDK programs import. Resource classes and functions are generated (sdk/generated/, by
// `npm run generate`); the index loads each one's module on first use (sdk/utilities.ts lazyLoad, as
// Pulumi's codegen packages do), and no HTTP client loads until a function is called.
export * from "./generated";
export type { AdoptionArgs } from "./resource";
export type { ActionOutcome, ActionSkipped } from "./invoke";
export type { NetworkType, Wlan, GuestPortal, RadiusPair, RadioBand, ActivationApGroup, Scheduler } from "./types";
