// Reads a stack config file's `secure:` values back as the Pulumi CLI's passphrase secrets provider
// does, written from pulumi/pulumi's Go code independently of stackSecrets/passphrase.ts:
// pkg/secrets/passphrase/manager.go (salt state "v1:<salt>:" + the encrypted "pulumi") and
// sdk/go/common/resource/config/crypt.go (PBKDF2-SHA256, 1,000,000 iterations, 32-byte key;
// AES-256-GCM with a 12-byte nonce, "v1:<nonce>:<ciphertext+tag>", standard base64).
import * as crypto from "node:crypto";
import * as yaml from "js-yaml";

function decrypt(key: Buffer, value: string): string {
  const [version, nonce, sealed] = value.split(":");
  if (version !== "v1") throw new Error(`unknown secure value version ${version}`);
  const bytes = Buffer.from(sealed, "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
}

/** The `secure:` values of a stack config file in plaintext, by config key; throws on a wrong passphrase. */
export function decryptStackSecrets(text: string, passphrase: string): Record<string, string> {
  const doc = yaml.load(text) as { encryptionsalt?: string; config?: Record<string, unknown> };
  const state = doc.encryptionsalt;
  if (!state) return {};
  const [version, salt, ...check] = state.split(":");
  if (version !== "v1") throw new Error(`unknown encryptionsalt version ${version}`);
  const key = crypto.pbkdf2Sync(passphrase, Buffer.from(salt, "base64"), 1_000_000, 32, "sha256");
  if (decrypt(key, check.join(":")) !== "pulumi") throw new Error("incorrect passphrase");
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(doc.config ?? {})) {
    if (typeof value === "object" && value !== null && typeof (value as { secure?: unknown }).secure === "string")
      out[name] = decrypt(key, (value as { secure: string }).secure);
  }
  return out;
}
