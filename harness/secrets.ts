/**
 * Encryption of secret values in the state file: AES-256-GCM under a key derived with scrypt from a passphrase.
 *
 * A ciphertext is base64(iv[12] | tag[16] | encrypted JSON of the value). The salt and scrypt parameters live in
 * the state file's `secrets` header together with a check value, so a wrong passphrase is reported as such
 * instead of as corrupted data.
 */
import * as crypto from "node:crypto";

export interface SecretsHeader {
  kdf: "scrypt";
  salt: string; // base64
  N: number;
  r: number;
  p: number;
  /** Ciphertext of CHECK_PLAINTEXT, to detect a wrong passphrase. */
  check: string;
}

const CHECK_PLAINTEXT = "nms-harness-secrets-v1";
const DEFAULT_PARAMS = { N: 16384, r: 8, p: 1 };

export class SecretsError extends Error {}

export class Crypter {
  private constructor(
    private readonly key: Buffer,
    readonly header: SecretsHeader,
  ) {}

  /** A crypter with a fresh salt. */
  static create(passphrase: string): Crypter {
    const salt = crypto.randomBytes(16);
    const key = deriveKey(passphrase, salt, DEFAULT_PARAMS);
    const header: SecretsHeader = { kdf: "scrypt", salt: salt.toString("base64"), ...DEFAULT_PARAMS, check: "" };
    const c = new Crypter(key, header);
    header.check = c.encryptString(CHECK_PLAINTEXT);
    return c;
  }

  /** A crypter for an existing header; throws SecretsError when the passphrase is wrong. */
  static open(passphrase: string, header: SecretsHeader): Crypter {
    if (header.kdf !== "scrypt")
      throw new SecretsError(`unsupported key derivation '${String(header.kdf)}' in state file`);
    const key = deriveKey(passphrase, Buffer.from(header.salt, "base64"), header);
    const c = new Crypter(key, header);
    let check: string;
    try {
      check = c.decryptString(header.check);
    } catch {
      throw new SecretsError("incorrect passphrase for the secrets in this state file");
    }
    if (check !== CHECK_PLAINTEXT) throw new SecretsError("incorrect passphrase for the secrets in this state file");
    return c;
  }

  encryptString(plaintext: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.key, iv);
    const enc = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), enc]).toString("base64");
  }

  decryptString(ciphertext: string): string {
    const raw = Buffer.from(ciphertext, "base64");
    if (raw.length < 28) throw new SecretsError("malformed ciphertext in state file");
    const decipher = crypto.createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretsError("a secret in the state file could not be decrypted (wrong passphrase or tampered file)");
    }
  }

  encryptValue(value: unknown): string {
    return this.encryptString(JSON.stringify(value === undefined ? null : value));
  }

  decryptValue(ciphertext: string): unknown {
    return JSON.parse(this.decryptString(ciphertext)) as unknown;
  }
}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Buffer {
  return crypto.scryptSync(passphrase, salt, 32, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  });
}
