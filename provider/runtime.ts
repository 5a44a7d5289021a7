// What the provider stored in state loads at run time (sdk/stub.ts): one client per provider
// host process, shared by every resource, configured from Pulumi config or the environment.
import type * as pulumi from "@pulumi/pulumi";
import type { ClientOptions, NmsClient } from "./client";
import {
  type ConfigLookup,
  LOG_LEVELS,
  type LogLevelSetting,
  resolveConfig,
  resolveConfiguredTenant,
  resolveOfflinePreview,
  resolveWifiApiVariant,
} from "./config";
import { SharedClient } from "./configuredClient";
import { makeLifecycle } from "./lifecycle";
import { PreviewReads } from "./lifecycle/previewReads";
import { RESOURCE_SPECS } from "./resources";
import { STATE_IDENTITY_KIND, stateIdentityProvider } from "./stateIdentity";

let lookup: ConfigLookup = () => undefined;
const lifecycles = new Map<string, pulumi.dynamic.ResourceProvider>();
// One for the process, like the client: every kind's check shares its login and lists.
const previewReads = new PreviewReads({
  offline: () => resolveOfflinePreview(lookup),
  configuredTenant: () => resolveConfiguredTenant(lookup),
});

/** Called by the engine's Configure with the stack's configuration. */
export function configure(config: { get(key: string): string | undefined }): void {
  lookup = (key) => config.get(key);
}

const shared = new SharedClient((config) => stderrLogger(config.logLevel));

async function getClient(): Promise<NmsClient> {
  return shared.for(resolveConfig(lookup));
}

/**
 * The client's diagnostics (retries, 429 pauses, adopted lost answers) on the host's stderr: a dynamic provider has
 * no engine connection for pulumi.log, and Pulumi shows what its host prints. The client has already removed every
 * secret it knows from the text.
 */
export function stderrLogger(
  least: LogLevelSetting,
  write = (line: string) => process.stderr.write(line),
): ClientOptions["logger"] {
  if (least === "off") return undefined;
  const threshold = LOG_LEVELS.indexOf(least);
  return ({ level, message }) => {
    if (LOG_LEVELS.indexOf(level) >= threshold) write(`nms ${level}: ${message}\n`);
  };
}

function resolveConfigSafely(): ReturnType<typeof resolveConfig> | undefined {
  try {
    return resolveConfig(lookup);
  } catch {
    return undefined; // getClient reports the missing configuration when a call needs it
  }
}

/** The lifecycle of one resource kind; the name is short because every stub in state spells it. */
export function of(kind: string): pulumi.dynamic.ResourceProvider {
  let provider = lifecycles.get(kind);
  if (!provider && kind === STATE_IDENTITY_KIND) {
    provider = stateIdentityProvider(configure, (preview) => previewReads.runIs(preview));
    lifecycles.set(kind, provider);
  }
  if (!provider) {
    const spec = RESOURCE_SPECS[kind];
    if (!spec)
      throw new Error(`unknown nms resource kind ${kind}; this state was written by another version of pulumi-nms`);
    // Asked on each read: configure() runs after the first lookup of a kind in a fresh host.
    const refreshFromLists = () => resolveConfigSafely()?.refreshFromLists !== false;
    const variant = () => resolveWifiApiVariant(lookup);
    const configuredTenant = () => resolveConfiguredTenant(lookup);
    const lifecycle = makeLifecycle(spec, getClient, { refreshFromLists, variant, previewReads, configuredTenant });
    provider = {
      ...lifecycle,
      // What creates and diffs show of the stack tells check which objects belong to it (provider/lifecycle/previewReads.ts).
      async create(inputs) {
        const created = await lifecycle.create!(inputs);
        previewReads.noteCreated(kind, created.outs ?? inputs, created.id, inputs);
        return created;
      },
      async diff(id, olds, news) {
        const result = await lifecycle.diff!(id, olds, news);
        previewReads.noteDiff(kind, olds, id, news, result.replaces);
        return result;
      },
      configure: async (req) => configure(req.config),
    };
    lifecycles.set(kind, provider);
  }
  return provider;
}
