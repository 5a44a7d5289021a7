// What the provider stored in state loads at run time (sdk/stub.ts): one client per provider
// host process, shared by every resource, configured from Pulumi config or the environment.
import type * as pulumi from "@pulumi/pulumi";
import { NmsClient, resolveBaseUrl } from "./client";
import { ConfigLookup, resolveConfig } from "./config";
import { makeLifecycle } from "./lifecycle";
import { RESOURCE_SPECS } from "./resources";

let lookup: ConfigLookup = () => undefined;
let current: { key: string; client: NmsClient } | undefined;
const lifecycles = new Map<string, pulumi.dynamic.ResourceProvider>();

/** Called by the engine's Configure with the stack's configuration. */
export function configure(config: { get(key: string): string | undefined }): void {
  lookup = (key) => config.get(key);
}

async function getClient(): Promise<NmsClient> {
  const config = resolveConfig(lookup);
  const baseUrl = resolveBaseUrl({ baseUrl: config.baseUrl, region: config.region });
  const key = JSON.stringify([baseUrl, config.tenantId, config.username, config.password, config.waitTimeoutMs, config.allowInsecureHttp]);
  if (!current || current.key !== key) {
    const previous = current?.client;
    current = {
      key,
      client: new NmsClient({
        baseUrl,
        tenantId: config.tenantId,
        username: config.username,
        password: config.password,
        waitTimeoutMs: config.waitTimeoutMs,
        allowInsecureHttp: config.allowInsecureHttp,
      }),
    };
    void previous?.close();
  }
  return current.client;
}

/** The lifecycle of one resource kind; the name is short because every stub in state spells it. */
export function of(kind: string): pulumi.dynamic.ResourceProvider {
  let provider = lifecycles.get(kind);
  if (!provider) {
    const spec = RESOURCE_SPECS[kind];
    if (!spec) throw new Error(`unknown nms resource kind ${kind}; this state was written by another version of pulumi-nms`);
    provider = { ...makeLifecycle(spec, getClient), configure: async (req) => configure(req.config) };
    lifecycles.set(kind, provider);
  }
  return provider;
}
