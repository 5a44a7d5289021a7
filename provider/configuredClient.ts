// The one way a client is made from the provider's configuration (nms:* / NMS_*): for the provider
// host's resources (runtime.ts), the program's functions (programClient.ts) and nms-import.
import { type ClientOptions, NmsClient, resolveBaseUrl } from "./client";
import type { ProviderConfig } from "./config";

/** The client for a resolved configuration, its diagnostics going to `logger`. */
export function clientOf(config: ProviderConfig, logger: ClientOptions["logger"]): NmsClient {
  return new NmsClient({
    baseUrl: resolveBaseUrl({ baseUrl: config.baseUrl, region: config.region }),
    tenantId: config.tenantId,
    username: config.username,
    password: config.password,
    waitTimeoutMs: config.waitTimeoutMs,
    unreachableTimeoutMs: config.unreachableTimeoutMs,
    allowInsecureHttp: config.allowInsecureHttp,
    maxRequestsPerSecond: config.maxRequestsPerSecond,
    waiter: config.waiter,
    ...(config.pollIntervalMs ? { pollInitialMs: config.pollIntervalMs, pollMaxMs: config.pollIntervalMs } : {}),
    logger,
  });
}

/**
 * One client shared by every call of a process: the same while the configuration stays the same, a new one (the
 * previous closed) when it changes.
 */
export class SharedClient {
  private current: { key: string; client: NmsClient } | undefined;

  constructor(private readonly loggerOf: (config: ProviderConfig) => ClientOptions["logger"]) {
    this.current = undefined;
  }

  for(config: ProviderConfig): NmsClient {
    const baseUrl = resolveBaseUrl({ baseUrl: config.baseUrl, region: config.region });
    const key = JSON.stringify([baseUrl, config]);
    if (!this.current || this.current.key !== key) {
      const previous = this.current?.client;
      this.current = { key, client: clientOf(config, this.loggerOf(config)) };
      void previous?.close();
    }
    return this.current.client;
  }

  /** Closes the client; the next call makes a new one. */
  async close(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.client.close();
  }
}
