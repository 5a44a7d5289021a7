// Switches, ACLs, trusted ports, ports, LAGs, IP and VE ports, venue switch settings (issue 10).
import type { KindCase, Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const SWITCH_SECRETS: Record<string, string> = {};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const SWITCH_SUPPORT: Props[] = [];

export const SWITCH_CASES: KindCase[] = [];
