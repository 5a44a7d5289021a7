// Device policies, recovery PSK, vSPoT, Wi-Fi calling and the network types (issue 9).
import type { KindCase, Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const WIFI_SERVICE_SECRETS: Record<string, string> = {};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const WIFI_SERVICE_SUPPORT: Props[] = [];

export const WIFI_SERVICE_CASES: KindCase[] = [];
