// The stack's state as nms-drift reads it: a `pulumi stack export` file (secrets encrypted by the
// Pulumi CLI's passphrase secrets provider, stackSecrets/passphrase.ts) or the harness's state file
// (harness/state.ts), with secrets decrypted as the CLI does. What comes out is the stack's
// pulumi-nms resources, each with its kind, name, ID and plain inputs and outputs.
import { STATE_IDENTITY_KIND } from "../provider/stateIdentity";
import * as fs from "node:fs";
import { configPassphraseFromEnv, MISSING_PASSPHRASE, PassphraseDecrypter } from "../stackSecrets/passphrase";
import { PASSPHRASE_ENV } from "../harness/options";
import { SECRET_SIG, SIG_KEY } from "../harness/props";
import { loadState } from "../harness/state";
import { RESOURCE_SPECS } from "../provider/resources";
import type { Props } from "../provider/spec";

/** The type token of every pulumi-nms resource: `pulumi-nodejs:dynamic/nms:<Kind>` (sdk/resource.ts). */
const TYPE_PREFIX = "pulumi-nodejs:dynamic/nms:";

export interface StackResource {
  readonly urn: string;
  /** The resource's name in the program (the URN's last part). */
  readonly name: string;
  readonly kind: string;
  /** The ID the object goes by in the service. */
  readonly id: string;
  /** What the program last gave (secrets in plaintext: in memory only). */
  readonly inputs: Props;
  readonly outputs: Props;
}

export interface StackState {
  readonly format: "pulumi-export" | "harness";
  readonly resources: StackResource[];
}

/** A state nms-drift cannot use, said in one line. */
export class StateError extends Error {}

interface ExportedResource {
  urn?: string;
  type?: string;
  id?: string;
  custom?: boolean;
  delete?: boolean;
  pendingReplacement?: boolean;
  inputs?: unknown;
  outputs?: unknown;
}

interface Export {
  version?: number;
  deployment?: {
    secrets_providers?: { type?: string; state?: { salt?: string } };
    resources?: ExportedResource[];
  };
}

/** Reads the state file at `file`; the passphrase comes from the environment as the CLI (or the harness) reads it. */
export function readStackState(file: string, env: NodeJS.ProcessEnv = process.env): StackState {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new StateError(`cannot read the state file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new StateError(`the state file ${file} is not JSON: ${(error as Error).message}`);
  }
  const doc = document as { kind?: unknown; deployment?: unknown };
  if (doc?.kind === "nms-harness-state") return harnessState(file, env);
  if (doc?.deployment !== undefined && typeof doc.deployment === "object")
    return exportedState(file, doc as Export, env);
  throw new StateError(
    `the state file ${file} is neither a \`pulumi stack export\` file (no "deployment") nor a harness state file`,
  );
}

function harnessState(file: string, env: NodeJS.ProcessEnv): StackState {
  let passphrase: string | undefined;
  try {
    passphrase = env[PASSPHRASE_ENV] ?? configPassphraseFromEnv(env);
  } catch (error) {
    throw new StateError((error as Error).message);
  }
  let loaded;
  try {
    loaded = loadState(file, passphrase);
  } catch (error) {
    throw new StateError(`${file}: ${(error as Error).message}`);
  }
  const resources = loaded.state.resources
    .filter((r) => r.custom && !r.delete && !r.pendingReplacement)
    .flatMap((r) => stackResource(r.urn, r.type, r.id, plain(r.inputs), plain(r.outputs)));
  return { format: "harness", resources };
}

function exportedState(file: string, doc: Export, env: NodeJS.ProcessEnv): StackState {
  const deployment = doc.deployment!;
  const exported = deployment.resources ?? [];
  if (!Array.isArray(exported)) throw new StateError(`${file}: deployment.resources is not a list`);
  let decrypter: PassphraseDecrypter | undefined;
  const open = (): PassphraseDecrypter => {
    if (decrypter) return decrypter;
    const provider = deployment.secrets_providers;
    if (provider?.type !== "passphrase" || typeof provider.state?.salt !== "string")
      throw new StateError(
        `${file} holds secrets of the secrets provider "${provider?.type ?? "none"}": nms-drift decrypts the passphrase provider's; export with --show-secrets instead`,
      );
    let passphrase: string | undefined;
    try {
      passphrase = configPassphraseFromEnv(env);
    } catch (error) {
      throw new StateError((error as Error).message);
    }
    if (passphrase === undefined) throw new StateError(`${file} holds secrets: ${MISSING_PASSPHRASE}`);
    try {
      decrypter = PassphraseDecrypter.open(passphrase, provider.state.salt);
    } catch (error) {
      throw new StateError((error as Error).message);
    }
    return decrypter;
  };
  const decrypt = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decrypt);
    if (value === null || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    if (object[SIG_KEY] === SECRET_SIG) {
      // `--show-secrets` writes the plaintext (JSON); otherwise the ciphertext of the JSON of the value.
      const json =
        typeof object.plaintext === "string"
          ? object.plaintext
          : typeof object.ciphertext === "string"
            ? decryptValue(open(), object.ciphertext)
            : undefined;
      if (json === undefined) return object.value;
      try {
        return decrypt(JSON.parse(json));
      } catch {
        throw new StateError(`${file}: a secret's value is not JSON once decrypted`);
      }
    }
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, decrypt(v)]));
  };
  const resources = exported
    .filter((r) => r.custom !== false && !r.delete && !r.pendingReplacement)
    .flatMap((r) =>
      stackResource(
        r.urn ?? "",
        r.type ?? "",
        r.id,
        decrypt(r.inputs ?? {}) as Props,
        decrypt(r.outputs ?? {}) as Props,
      ),
    );
  return { format: "pulumi-export", resources };
}

function decryptValue(decrypter: PassphraseDecrypter, ciphertext: string): string {
  try {
    return decrypter.decrypt(ciphertext);
  } catch (error) {
    throw new StateError((error as Error).message);
  }
}

/** The harness's secrets ({sig, value}) as their plain values. */
function plain(value: unknown): Props {
  const unwrap = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(unwrap);
    if (v === null || typeof v !== "object") return v;
    const object = v as Record<string, unknown>;
    if (object[SIG_KEY] === SECRET_SIG) return unwrap(object.value);
    return Object.fromEntries(Object.entries(object).map(([k, x]) => [k, unwrap(x)]));
  };
  return unwrap(value) as Props;
}

function stackResource(
  urn: string,
  type: string,
  id: string | undefined,
  inputs: Props,
  outputs: Props,
): StackResource[] {
  if (!type.startsWith(TYPE_PREFIX) || !id) return [];
  const kind = type.slice(TYPE_PREFIX.length);
  // The state's own identity holds no object of the service (provider/stateIdentity.ts).
  if (kind === STATE_IDENTITY_KIND) return [];
  if (!RESOURCE_SPECS[kind])
    throw new StateError(`the state holds ${urn} of kind ${kind}, which this version of pulumi-nms does not know`);
  return [{ urn, name: urn.slice(urn.lastIndexOf("::") + 2), kind, id, inputs, outputs }];
}
