// The adoption report of the preview reads (previewReads.ts): what up will change of an object a resource
// takes over, compared as the lifecycle compares.
import { isUnknown } from "../../contract/validators";
import type { NmsClient } from "../client";
import { isEmpty } from "../compare";
import { specFields } from "../fields";
import { RESOURCE_NAME_INPUT, type Props, type ResourceSpec } from "../spec";

/** Functions of the lifecycle the reports need, so that they compare exactly as up will. */
export interface LifecycleTools {
  changed(desired: Props, actual: Props): string[];
  outputsOf(api: Props, inputs: Props, refill?: "all" | "notEchoed"): Props;
  defaults(): Readonly<Record<string, unknown>>;
}

/**
 * The adoption report on the provider host's stderr, which Pulumi shows: which object the
 * resource takes over and each field up will change, old → new; secrets as changed, never their
 * values. A warning when values will be overwritten, information otherwise.
 */
export function report(
  client: NmsClient,
  spec: ResourceSpec,
  news: Props,
  id: string,
  existing: Props,
  tools: LifecycleTools,
  how: "adopt" | "settings",
): void {
  // As the lifecycle compares: an adopted object as refresh sees it, settings as the service holds them.
  const current = how === "adopt" ? tools.outputsOf(existing, news, "notEchoed") : tools.outputsOf(existing, {});
  const changes = tools.changed(news, current);
  const secrets = specFields(spec).secretInputs;
  const defaults = tools.defaults();
  const described = changes.map((field) => {
    if (secrets.includes(field)) return `${field}: (secret) changed`;
    return `${field}: ${shown(current[field])} → ${shown(news[field] === undefined ? defaults[field] : news[field])}`;
  });
  // A secret the service does not return cannot be compared; the update writes it with the rest.
  const hidden =
    changes.length > 0
      ? secrets.filter(
          (f) =>
            news[f] !== undefined &&
            !changes.includes(f) &&
            tools.outputsOf(existing, {}, "notEchoed")[f] === undefined,
        )
      : [];
  for (const field of hidden) described.push(`${field}: (secret) written; the service does not show it to compare`);
  const who = `nms:${spec.kind} ${JSON.stringify(news[RESOURCE_NAME_INPUT] ?? "")}`;
  const what =
    how === "adopt" ? `will adopt ${spec.kind} ${id}` : `takes over ${spec.kind} ${id}, which exists already`;
  const effect = described.length > 0 ? `; up changes ${described.join("; ")}` : "; up changes none of its fields";
  client.notice(described.length > 0 ? "warn" : "info", `${who} ${what}${effect}`);
}

const MAX_SHOWN = 60;

function shown(value: unknown): string {
  if (isUnknown(value)) return "(known after up)";
  if (isEmpty(value)) return "(unset)";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
