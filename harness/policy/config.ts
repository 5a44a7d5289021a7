/**
 * A policy pack's config, as the CLI makes it (pulumi/pulumi pkg/resource/analyzer/config.go): the
 * --policy-pack-config file (JSON: `{"rule": "mandatory"}` or `{"rule": {"enforcementLevel": ..., ...params}}`, an
 * `all` key for every rule's level), laid over each policy's defaults (its level, its schema's `default`s) and the
 * pack's initial config, then each policy's parameters validated against its JSON Schema.
 *
 * One difference, on purpose: the CLI passes a key that names no policy of the pack on, unused; the harness refuses
 * it, since a misspelt rule name would otherwise leave that rule at its defaults without a word.
 */
import * as fs from "node:fs";
import Ajv from "ajv";

export const ENFORCEMENT_LEVELS = ["advisory", "mandatory", "remediate", "disabled"] as const;
export type EnforcementLevel = (typeof ENFORCEMENT_LEVELS)[number];

export interface PolicyConfig {
  enforcementLevel?: EnforcementLevel;
  properties: Record<string, unknown>;
}

/** What GetAnalyzerInfo says of a policy. */
export interface PolicyInfo {
  name: string;
  enforcementLevel: EnforcementLevel;
  configSchema?: { properties: Record<string, object>; required?: string[] };
}

const isLevel = (v: unknown): v is EnforcementLevel => ENFORCEMENT_LEVELS.includes(v as EnforcementLevel);

/** The config file's policies (parsePolicyPackConfig): a level, or an object with an optional level and parameters. */
export function readConfigFile(file: string): Record<string, PolicyConfig> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`--policy-pack-config: ${(e as Error).message}`);
  }
  if (text.trim() === "") return {};
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`policy pack config ${file} is not JSON: ${(e as Error).message}`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw new Error(`policy pack config ${file} must be a JSON object of policy name to level or settings`);
  const out: Record<string, PolicyConfig> = {};
  for (const [name, value] of Object.entries(doc as Record<string, unknown>)) {
    if (name === "environments") continue; // ESC environments: a Pulumi Cloud feature, nothing to read here
    const where = `policy pack config ${file}: "${name}"`;
    if (typeof value === "string") {
      if (!isLevel(value))
        throw new Error(`${where}: "${value}" is not an enforcement level (${ENFORCEMENT_LEVELS.join(", ")})`);
      out[name] = { enforcementLevel: value, properties: {} };
    } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const { enforcementLevel, ...properties } = value as Record<string, unknown>;
      if (enforcementLevel !== undefined && !isLevel(enforcementLevel))
        throw new Error(
          `${where}: enforcementLevel ${JSON.stringify(enforcementLevel)} is not one of ${ENFORCEMENT_LEVELS.join(", ")}`,
        );
      out[name] = { ...(enforcementLevel ? { enforcementLevel } : {}), properties };
    } else {
      throw new Error(`${where}: ${JSON.stringify(value)} is not a valid value; must be a string or object`);
    }
  }
  return out;
}

function apply(result: Record<string, PolicyConfig>, given: Record<string, PolicyConfig>): void {
  const all = given["all"]?.enforcementLevel;
  if (all) for (const c of Object.values(result)) c.enforcementLevel = all;
  for (const [name, c] of Object.entries(given)) {
    if (name === "all") continue;
    const into = (result[name] ??= { properties: {} });
    if (c.enforcementLevel) into.enforcementLevel = c.enforcementLevel;
    Object.assign(into.properties, c.properties);
  }
}

/** Every policy's level and parameters for Configure (ReconcilePolicyPackConfig), or an error naming what is wrong. */
export function reconcileConfig(
  pack: string,
  policies: readonly PolicyInfo[],
  initial: Record<string, PolicyConfig>,
  file: string | undefined,
): Record<string, PolicyConfig> {
  const result: Record<string, PolicyConfig> = {};
  for (const p of policies) {
    const defaults: Record<string, unknown> = {};
    for (const [k, schema] of Object.entries(p.configSchema?.properties ?? {}))
      if ("default" in schema) defaults[k] = (schema as { default: unknown }).default;
    result[p.name] = { enforcementLevel: p.enforcementLevel, properties: defaults };
  }
  apply(result, initial);
  if (file) {
    const given = readConfigFile(file);
    const names = new Set(policies.map((p) => p.name));
    const unknown = Object.keys(given).filter((k) => k !== "all" && !names.has(k));
    if (unknown.length > 0)
      throw new Error(
        `policy pack config ${file}: ${unknown.map((k) => `"${k}"`).join(", ")} ${unknown.length > 1 ? "are" : "is"} not a policy of the pack "${pack}" (its policies: ${[...names].join(", ")})`,
      );
    apply(result, given);
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  const errors: string[] = [];
  for (const p of policies) {
    if (!p.configSchema) continue;
    const validate = ajv.compile({ type: "object", ...p.configSchema });
    if (validate(result[p.name].properties)) continue;
    for (const e of validate.errors ?? [])
      errors.push(`${p.name}: ${e.instancePath.replace(/^\//, "") || "(config)"} ${e.message}`);
  }
  if (errors.length > 0) throw new Error(`validating policy config for "${pack}": ${errors.sort().join("; ")}`);
  return result;
}
