// Where the provider finds its credentials and address: Pulumi config first (namespace
// "nms"), then environment variables, so CI pipelines can inject either.
import { DEFAULT_WIFI_API_VARIANT, WIFI_API_VARIANTS, type WifiApiVariant } from "../contract/meta";

export interface ProviderConfig {
  baseUrl?: string;
  region?: string;
  tenantId: string;
  username: string;
  password: string;
  waitTimeoutMs: number;
  /** No answer from the service at all for this long ends the calls and waits (never more than waitTimeoutMs). */
  unreachableTimeoutMs: number;
  allowInsecureHttp: boolean;
  /** Client-side rate limit, shared by every resource of the process. */
  maxRequestsPerSecond?: number;
  /** "coalesced" (default) or "per-request" polling of async requests. */
  waiter?: "coalesced" | "per-request";
  /** Fixed polling interval; set only to reproduce a naive client in benchmarks. */
  pollIntervalMs?: number;
  /** Answer refresh reads from cached list calls (default true). */
  refreshFromLists: boolean;
  /** Least severity of the client's diagnostics written to the provider host's stderr (default info). */
  logLevel: LogLevelSetting;
  /** Which variant of the Wi-Fi API the tenant speaks (default newer); input rules follow it. */
  wifiApiVariant: WifiApiVariant;
  /** Check makes no request at all: no login, no look-ups of names, references or adopted objects (default false). */
  offlinePreview: boolean;
}

export const LOG_LEVELS = ["debug", "info", "warn"] as const;
export type LogLevelSetting = (typeof LOG_LEVELS)[number] | "off";

/** Config key → environment variable. */
export const CONFIG_KEYS = {
  tenantId: ["nms:tenantId", "NMS_TENANT_ID"],
  username: ["nms:username", "NMS_USERNAME"],
  password: ["nms:password", "NMS_PASSWORD"],
  region: ["nms:region", "NMS_REGION"],
  baseUrl: ["nms:baseUrl", "NMS_BASE_URL"],
  waitTimeoutSeconds: ["nms:waitTimeoutSeconds", "NMS_WAIT_TIMEOUT_SECONDS"],
  unreachableTimeoutSeconds: ["nms:unreachableTimeoutSeconds", "NMS_UNREACHABLE_TIMEOUT_SECONDS"],
  allowInsecureHttp: ["nms:allowInsecureHttp", "NMS_ALLOW_INSECURE_HTTP"],
  maxRequestsPerSecond: ["nms:maxRequestsPerSecond", "NMS_MAX_REQUESTS_PER_SECOND"],
  waiter: ["nms:waiter", "NMS_WAITER"],
  pollIntervalMs: ["nms:pollIntervalMs", "NMS_POLL_INTERVAL_MS"],
  refreshFromLists: ["nms:refreshFromLists", "NMS_REFRESH_FROM_LISTS"],
  logLevel: ["nms:logLevel", "NMS_LOG_LEVEL"],
  wifiApiVariant: ["nms:wifiApiVariant", "NMS_WIFI_API_VARIANT"],
  offlinePreview: ["nms:offlinePreview", "NMS_OFFLINE_PREVIEW"],
} as const;

export const DEFAULT_WAIT_TIMEOUT_SECONDS = 600;
/**
 * Two minutes without any answer: longer than a gateway restart or a brief network cut (the client retries through
 * those), short enough that a run against a service that is gone ends with the reason instead of a long silence.
 */
export const DEFAULT_UNREACHABLE_TIMEOUT_SECONDS = 120;

export type ConfigLookup = (key: string) => string | undefined;

/** The Wi-Fi API variant alone: input checks need it even where credentials are not set (preview). */
export function resolveWifiApiVariant(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): WifiApiVariant {
  const [key, variable] = CONFIG_KEYS.wifiApiVariant;
  const raw = lookup(key) ?? env[variable];
  if (raw === undefined || raw === "") return DEFAULT_WIFI_API_VARIANT;
  if (!(WIFI_API_VARIANTS as readonly string[]).includes(raw)) {
    throw new Error(`${key} must be one of ${WIFI_API_VARIANTS.join(", ")}, got ${JSON.stringify(raw)}`);
  }
  return raw as WifiApiVariant;
}

/**
 * The configured tenant alone (nms:tenantId): what a resource that leaves `tenantId` out is in. Diff needs it where
 * credentials may not be set (an offline preview); undefined when it is not set.
 */
export function resolveConfiguredTenant(
  lookup: ConfigLookup,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const [key, variable] = CONFIG_KEYS.tenantId;
  const raw = lookup(key) ?? env[variable];
  return raw === undefined || raw === "" ? undefined : String(raw);
}

/**
 * Whether check stays off the network (provider/lifecycle/previewReads.ts), read alone: an offline preview
 * needs no credentials at all.
 */
export function resolveOfflinePreview(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): boolean {
  const [key, variable] = CONFIG_KEYS.offlinePreview;
  const raw = lookup(key) ?? env[variable];
  if (raw === undefined || raw === "" || raw === "false") return false;
  if (raw === "true") return true;
  throw new Error(`${key} must be true or false, got ${JSON.stringify(raw)}`);
}

export function resolveConfig(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const value = (name: keyof typeof CONFIG_KEYS): string | undefined => {
    const [key, variable] = CONFIG_KEYS[name];
    const found = lookup(key) ?? env[variable];
    return found === undefined || found === "" ? undefined : String(found);
  };
  const missing = (["tenantId", "username", "password"] as const).filter((name) => value(name) === undefined);
  if (missing.length > 0) {
    const hints = missing.map((name) => `${CONFIG_KEYS[name][0]} (or ${CONFIG_KEYS[name][1]})`);
    throw new Error(`nms provider is not configured: set ${hints.join(", ")}`);
  }
  if (value("baseUrl") === undefined && value("region") === undefined) {
    throw new Error(
      `nms provider needs an address: set ${CONFIG_KEYS.region[0]} (na or eu) or ${CONFIG_KEYS.baseUrl[0]} (or ${CONFIG_KEYS.region[1]} / ${CONFIG_KEYS.baseUrl[1]})`,
    );
  }
  const waitSeconds = Number(value("waitTimeoutSeconds") ?? DEFAULT_WAIT_TIMEOUT_SECONDS);
  if (!Number.isFinite(waitSeconds) || waitSeconds <= 0) {
    throw new Error(`${CONFIG_KEYS.waitTimeoutSeconds[0]} must be a positive number of seconds`);
  }
  const unreachableSeconds = Number(value("unreachableTimeoutSeconds") ?? DEFAULT_UNREACHABLE_TIMEOUT_SECONDS);
  if (!Number.isFinite(unreachableSeconds) || unreachableSeconds <= 0) {
    throw new Error(`${CONFIG_KEYS.unreachableTimeoutSeconds[0]} must be a positive number of seconds`);
  }
  const positive = (name: keyof typeof CONFIG_KEYS): number | undefined => {
    const raw = value(name);
    if (raw === undefined) return undefined;
    const number = Number(raw);
    if (!Number.isFinite(number) || number <= 0) throw new Error(`${CONFIG_KEYS[name][0]} must be a positive number`);
    return number;
  };
  const waiter = value("waiter");
  if (waiter !== undefined && waiter !== "coalesced" && waiter !== "per-request") {
    throw new Error(`${CONFIG_KEYS.waiter[0]} must be "coalesced" or "per-request"`);
  }
  const logLevel = value("logLevel") ?? "info";
  if (logLevel !== "off" && !(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`${CONFIG_KEYS.logLevel[0]} must be one of ${[...LOG_LEVELS, "off"].join(", ")}`);
  }
  return {
    maxRequestsPerSecond: positive("maxRequestsPerSecond"),
    waiter,
    pollIntervalMs: positive("pollIntervalMs"),
    refreshFromLists: value("refreshFromLists") !== "false",
    logLevel: logLevel as LogLevelSetting,
    baseUrl: value("baseUrl"),
    region: value("region"),
    tenantId: value("tenantId")!,
    username: value("username")!,
    password: value("password")!,
    waitTimeoutMs: waitSeconds * 1000,
    unreachableTimeoutMs: Math.min(unreachableSeconds, waitSeconds) * 1000,
    allowInsecureHttp: value("allowInsecureHttp") === "true",
    wifiApiVariant: resolveWifiApiVariant(lookup, env),
    offlinePreview: resolveOfflinePreview(lookup, env),
  };
}
