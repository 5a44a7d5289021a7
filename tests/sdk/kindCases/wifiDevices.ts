// APs' own settings, venue Wi-Fi settings (issue 8).
import type { KindCase, Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const WIFI_DEVICE_SECRETS: Record<string, string> = {};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const WIFI_DEVICE_SUPPORT: Props[] = [];

export const WIFI_DEVICE_CASES: KindCase[] = [];
