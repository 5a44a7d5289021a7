// The table of resource kinds that tests/sdk/kinds.test.ts drives through one shared stack
// (fixtures/kinds), assembled from one file per family so that each family adds its kinds in its
// own file.
import { ACCOUNT_CASES, ACCOUNT_SECRETS, ACCOUNT_SUPPORT } from "./account";
import { CORE_CASES, CORE_SECRETS, CORE_SUPPORT } from "./core";
import { SWITCH_CASES, SWITCH_SECRETS, SWITCH_SUPPORT } from "./switches";
import type { KindCase, Props } from "./types";
import { WIFI_DEVICE_CASES, WIFI_DEVICE_SECRETS, WIFI_DEVICE_SUPPORT } from "./wifiDevices";
import { WIFI_SERVICE_CASES, WIFI_SERVICE_SECRETS, WIFI_SERVICE_SUPPORT } from "./wifiServices";

export type { Api, KindCase, Props } from "./types";

export const SECRETS: Record<string, string> = {
  ...CORE_SECRETS,
  ...WIFI_DEVICE_SECRETS,
  ...WIFI_SERVICE_SECRETS,
  ...SWITCH_SECRETS,
  ...ACCOUNT_SECRETS,
};

export const SUPPORT: Props[] = [
  ...CORE_SUPPORT,
  ...WIFI_DEVICE_SUPPORT,
  ...WIFI_SERVICE_SUPPORT,
  ...SWITCH_SUPPORT,
  ...ACCOUNT_SUPPORT,
];

export const KIND_CASES: KindCase[] = [
  ...CORE_CASES,
  ...WIFI_DEVICE_CASES,
  ...WIFI_SERVICE_CASES,
  ...SWITCH_CASES,
  ...ACCOUNT_CASES,
];
