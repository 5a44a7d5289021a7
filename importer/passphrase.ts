// The encrypting half of the Pulumi CLI's passphrase secrets provider: `secure:` values of a stack
// config file (Pulumi.<stack>.yaml) as `pulumi config set --secret` writes them, so that the CLI
// (and any reader of that format) decrypts them with the same passphrase.
//
//   encryptionsalt: v1:<base64 salt>:v1:<base64 nonce>:<base64 ciphertext of "pulumi">
//   secure values:  v1:<base64 nonce>:<base64 ciphertext followed by the GCM tag>
//
// The key is PBKDF2-HMAC-SHA256(passphrase, 8-byte salt, 1,000,000 iterations, 32 bytes); each
// value is AES-256-GCM under a fresh 12-byte nonce. The encrypted "pulumi" in the salt line is how
// the CLI recognises its passphrase. The passphrase comes from PULUMI_CONFIG_PASSPHRASE, else the
// file PULUMI_CONFIG_PASSPHRASE_FILE names, as the CLI reads them. The format is the one of pulumi/pulumi's
// pkg/secrets/passphrase/manager.go and sdk/go/common/resource/config/crypt.go; `pulumi stack init` keeps an
// `encryptionsalt` the stack's config file already holds, so the CLI opens these values with the same passphrase.
import * as crypto from "node:crypto";
import * as fs from "node:fs";

export const PASSPHRASE_ITERATIONS = 1_000_000;

export interface PassphraseEncrypter {
  /** The value of the stack config file's `encryptionsalt:` line. */
  readonly salt: string;
  /** A `secure:` value. */
  encrypt(plaintext: string): string;
}

export function passphraseEncrypter(passphrase: string): PassphraseEncrypter {
  const salt = crypto.randomBytes(8);
  const key = crypto.pbkdf2Sync(Buffer.from(passphrase, "utf8"), salt, PASSPHRASE_ITERATIONS, 32, "sha256");
  const encrypt = (plaintext: string): string => {
    const nonce = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
  };
  return { salt: `v1:${salt.toString("base64")}:${encrypt("pulumi")}`, encrypt };
}

/** The passphrase as the CLI finds it in the environment; undefined when neither variable is set. */
export function passphraseFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PULUMI_CONFIG_PASSPHRASE !== undefined) return env.PULUMI_CONFIG_PASSPHRASE;
  const file = env.PULUMI_CONFIG_PASSPHRASE_FILE;
  return file ? fs.readFileSync(file, "utf8").trim() : undefined;
}
