/**
 * Writes a stack config file as the Pulumi CLI's passphrase secrets provider does, for the tests of the harness's
 * reading of it. Written from pulumi/pulumi's Go code, independently of stackSecrets/passphrase.ts:
 * pkg/secrets/passphrase/manager.go NewPassphraseSecretsManager (8-byte salt; state "v1:<salt>:" + the encrypted
 * "pulumi") and sdk/go/common/resource/config/crypt.go (PBKDF2-SHA256, 1,000,000 iterations, 32-byte key;
 * AES-256-GCM, 12-byte nonce, Seal's output = ciphertext then tag; "v1:<nonce>:<sealed>", standard base64).
 */
import * as crypto from "node:crypto";

export interface PassphraseEncrypter {
  /** The `encryptionsalt:` line's value. */
  state: string;
  /** A `secure:` value. */
  encrypt(plaintext: string): string;
}

export function passphraseEncrypter(passphrase: string): PassphraseEncrypter {
  const salt = crypto.randomBytes(8);
  const key = crypto.pbkdf2Sync(Buffer.from(passphrase, "utf8"), salt, 1_000_000, 32, "sha256");
  const encrypt = (plaintext: string): string => {
    const nonce = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
  };
  return { state: `v1:${salt.toString("base64")}:${encrypt("pulumi")}`, encrypt };
}

/** Pulumi.<stack>.yaml text: plain values as they are, secrets under `secure:`. */
export function stackConfigYaml(
  encrypter: PassphraseEncrypter,
  plain: Record<string, string>,
  secrets: Record<string, string>,
): string {
  const lines = [`encryptionsalt: ${encrypter.state}`, "config:"];
  for (const [k, v] of Object.entries(plain)) lines.push(`  ${k}: ${JSON.stringify(v)}`);
  for (const [k, v] of Object.entries(secrets)) lines.push(`  ${k}:`, `    secure: ${encrypter.encrypt(v)}`);
  return lines.join("\n") + "\n";
}
