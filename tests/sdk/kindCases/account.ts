// Administrators, delegations, recipients, user profile, floor plans, calibration points (issue 11).
import type { KindCase, Props } from "./types";

/** Secret config values the cases refer to as "${secret:key}". */
export const ACCOUNT_SECRETS: Record<string, string> = {};

/** Resources the cases refer to (parents, replacement targets); they are not cases themselves. */
export const ACCOUNT_SUPPORT: Props[] = [];

export const ACCOUNT_CASES: KindCase[] = [];
