// The service's regional deployments, as its API documentation's conventions list them.

import { NmsError } from "./errors";

export const REGION_BASE_URLS: { readonly na: string; readonly eu: string } = Object.freeze({
  na: "https://ruckus.cloud",
  eu: "https://eu.ruckus.cloud",
});

export type Region = keyof typeof REGION_BASE_URLS;

export const DEFAULT_REGION: Region = "na";

/**
 * The base address to use: an explicit baseUrl wins (emulators, proxies); otherwise the region's
 * deployment, North America when neither is given. Region names are matched case-insensitively.
 */
export function resolveBaseUrl(opts: { region?: string; baseUrl?: string }): string {
  const baseUrl = opts.baseUrl?.trim();
  if (baseUrl) return baseUrl.replace(/\/+$/, "");
  const region = (opts.region?.trim() || DEFAULT_REGION).toLowerCase();
  if (Object.hasOwn(REGION_BASE_URLS, region)) {
    return REGION_BASE_URLS[region as Region];
  }
  const valid = Object.entries(REGION_BASE_URLS)
    .map(([name, url]) => `"${name}" (${url})`)
    .join(", ");
  throw new NmsError(`unknown region "${opts.region}"; valid regions are ${valid}, or give baseUrl explicitly`);
}
