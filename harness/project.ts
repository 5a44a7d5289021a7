/**
 * The project files the Pulumi CLI reads: Pulumi.yaml (the project's name and `main`) and Pulumi.<stack>.yaml (the
 * stack's config, secrets under `secure:`), and where the program runs (pkg/engine/project.go getPwdMain).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as JsYaml from "js-yaml";
import { parseYamlText } from "../contract/textParsing";
import { PassphraseDecrypter, PassphraseError, MISSING_PASSPHRASE } from "../stackSecrets/passphrase";

/**
 * js-yaml, as @pulumi/pulumi itself depends on it: the harness runs only where the project installed @pulumi/pulumi,
 * so the YAML parser comes from there rather than from a dependency of this package.
 */
function yaml(sdkDir: string | undefined): typeof JsYaml {
  const paths = sdkDir ? [sdkDir, __dirname] : [__dirname];
  return require(require.resolve("js-yaml", { paths })) as typeof JsYaml;
}

function readYaml(file: string, sdkDir: string | undefined): unknown {
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  // The file's own text never goes into the message: a stack config file holds secrets (TextParseError).
  return parseYamlText((t) => yaml(sdkDir).load(t, { filename: file }), text, file);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Pulumi.yaml's `name` and `main`, when the directory has one. */
export function readProject(projectDir: string, sdkDir?: string): { name?: string; main?: string } {
  const file = path.join(projectDir, "Pulumi.yaml");
  if (!fs.existsSync(file)) return {};
  const doc = readYaml(file, sdkDir);
  if (!isRecord(doc)) return {};
  return {
    ...(typeof doc["name"] === "string" ? { name: doc["name"] } : {}),
    ...(typeof doc["main"] === "string" && doc["main"] !== "" ? { main: doc["main"] } : {}),
  };
}

/**
 * getPwdMain: the directory the program and the provider host run in, and the program entry. Without `main` that is
 * the project directory itself (the program is its package); a `main` that is a directory runs there; a `main` that
 * is a file runs in the file's directory.
 */
export function pwdMain(projectDir: string, main: string | undefined): { pwd: string; program: string } {
  if (main === undefined || main === "") return { pwd: projectDir, program: projectDir };
  const resolved = path.resolve(projectDir, main);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch (e) {
    throw new Error(`project 'main' could not be read: ${(e as Error).message}`);
  }
  return stat.isDirectory() ? { pwd: resolved, program: resolved } : { pwd: path.dirname(resolved), program: resolved };
}

/** Plain and secret config of a stack, keys as "namespace:key". */
export interface StackConfig {
  config: Record<string, string>;
  secretConfig: Record<string, string>;
}

/** A `secure:` leaf: the CLI writes a secret as an object with that one key. */
function secureText(v: unknown): string | undefined {
  if (isRecord(v) && Object.keys(v).length === 1 && typeof v["secure"] === "string") return v["secure"];
  return undefined;
}

function containsSecure(v: unknown): boolean {
  if (secureText(v) !== undefined) return true;
  if (Array.isArray(v)) return v.some(containsSecure);
  if (isRecord(v)) return Object.values(v).some(containsSecure);
  return false;
}

/** A config value as the program receives it: scalars as text, objects and lists as JSON (config.Value.Value). */
function configText(v: unknown, decrypt: (ciphertext: string) => string): string {
  const plain = (x: unknown): unknown => {
    const secure = secureText(x);
    if (secure !== undefined) return decrypt(secure);
    if (Array.isArray(x)) return x.map(plain);
    if (isRecord(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, plain(y)]));
    return x;
  };
  const value = plain(v);
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * Reads a stack config file as the Pulumi CLI writes it: `config:` (keys without a namespace get the project's,
 * stackConfigNamespacedWithProject in sdk/go/common/workspace/loaders.go), values plain or `secure:`, decrypted with
 * the passphrase secrets provider's `encryptionsalt`. A key holding any secure value is secret. `passphrase` is needed
 * only when there are secure values.
 */
export function readStackConfig(
  file: string,
  project: string,
  passphrase: string | undefined,
  sdkDir?: string,
): StackConfig {
  const doc = readYaml(file, sdkDir);
  const out: StackConfig = { config: {}, secretConfig: {} };
  if (doc === null || doc === undefined) return out;
  if (!isRecord(doc)) throw new Error(`${file}: a stack config file is a mapping`);
  const entries = doc["config"] === undefined || doc["config"] === null ? {} : doc["config"];
  if (!isRecord(entries)) throw new Error(`${file}: 'config' must be a mapping`);
  let decrypter: PassphraseDecrypter | undefined;
  const decrypt = (ciphertext: string): string => {
    if (!decrypter) {
      if (doc["secretsprovider"] !== undefined && doc["secretsprovider"] !== "passphrase") {
        throw new Error(
          `${file}: secrets provider '${String(doc["secretsprovider"])}' is not supported by the harness (only the passphrase provider)`,
        );
      }
      const salt = doc["encryptionsalt"];
      if (typeof salt !== "string") throw new Error(`${file} has secure values but no encryptionsalt`);
      if (passphrase === undefined) throw new PassphraseError(`${file}: ${MISSING_PASSPHRASE}`);
      try {
        decrypter = PassphraseDecrypter.open(passphrase, salt);
      } catch (e) {
        throw new PassphraseError(`${file}: failed to decrypt: ${(e as Error).message}`);
      }
    }
    try {
      return decrypter.decrypt(ciphertext);
    } catch (e) {
      throw new PassphraseError(`${file}: failed to decrypt: ${(e as Error).message}`);
    }
  };
  for (const [rawKey, value] of Object.entries(entries)) {
    const key = rawKey.includes(":") ? rawKey : `${project}:${rawKey}`;
    const text = configText(value, decrypt);
    if (containsSecure(value)) out.secretConfig[key] = text;
    else out.config[key] = text;
  }
  return out;
}
