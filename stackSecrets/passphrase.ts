/**
 * The Pulumi CLI's passphrase secrets provider: what `pulumi config set --secret` writes into a stack config file
 * under `secure:` (pkg/secrets/passphrase/manager.go, sdk/go/common/resource/config/crypt.go). The harness decrypts
 * a stack's values with it; nms-import encrypts the values of the program it writes, so that the CLI opens them;
 * nms-drift opens a stack's state with it. Hence its own room, below all three.
 *
 *   encryptionsalt: v1:<base64 salt>:v1:<base64 nonce>:<base64 ciphertext of "pulumi">
 *   secure values:  v1:<base64 nonce>:<base64 ciphertext>
 *
 * The key is PBKDF2-HMAC-SHA256(passphrase, salt, 1,000,000 iterations, 32 bytes); a value is AES-256-GCM with a
 * 12-byte nonce, the 16-byte tag after the ciphertext (Go's Seal). The encrypted "pulumi" tells a wrong passphrase
 * from a damaged value. The passphrase comes from PULUMI_CONFIG_PASSPHRASE, else the file PULUMI_CONFIG_PASSPHRASE_FILE
 * names (trimmed), as the CLI reads them (readPassphrase).
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** PBKDF2 iterations of the CLI (NewSymmetricCrypterFromPassphrase). */
const PASSPHRASE_ITERATIONS = 1_000_000;
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What the CLI encrypts into the salt state to recognise its passphrase. */
const CHECK_PLAINTEXT = "pulumi";

/** The CLI's message when a secure value meets the wrong passphrase (errorCrypter in manager.go). */
const INCORRECT_PASSPHRASE =
  "incorrect passphrase, please set PULUMI_CONFIG_PASSPHRASE to the correct passphrase or set PULUMI_CONFIG_PASSPHRASE_FILE to a file containing the passphrase";
/** The CLI's message when no passphrase is set and it cannot prompt (readPassphrase). */
export const MISSING_PASSPHRASE =
  "passphrase must be set with PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE environment variables";

export class PassphraseError extends Error {}

/** The passphrase from the environment, as the CLI looks for it; undefined when neither variable is set. */
export function configPassphraseFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const phrase = env["PULUMI_CONFIG_PASSPHRASE"];
  if (phrase !== undefined) return phrase;
  const file = env["PULUMI_CONFIG_PASSPHRASE_FILE"];
  if (file) {
    try {
      return fs.readFileSync(path.resolve(file), "utf8").trim();
    } catch (e) {
      throw new PassphraseError(`unable to read PULUMI_CONFIG_PASSPHRASE_FILE: ${(e as Error).message}`);
    }
  }
  return undefined;
}

/** Encrypts `secure:` values for a new stack config file, under a fresh salt. */
export interface PassphraseEncrypter {
  /** The value of the stack config file's `encryptionsalt:` line. */
  readonly salt: string;
  /** A `secure:` value. */
  encrypt(plaintext: string): string;
}

export function passphraseEncrypter(passphrase: string): PassphraseEncrypter {
  const salt = crypto.randomBytes(8);
  const key = keyFor(passphrase, salt);
  const encrypt = (plaintext: string): string => {
    const nonce = crypto.randomBytes(NONCE_BYTES);
    const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
  };
  return { salt: `v1:${salt.toString("base64")}:${encrypt(CHECK_PLAINTEXT)}`, encrypt };
}

/** Derived keys by passphrase and salt: a million PBKDF2 rounds take most of a second. */
const keys = new Map<string, Buffer>();

function keyFor(passphrase: string, salt: Buffer): Buffer {
  const id = crypto.createHash("sha256").update(salt).update("\0").update(passphrase).digest("hex");
  let key = keys.get(id);
  if (!key) {
    key = crypto.pbkdf2Sync(passphrase, salt, PASSPHRASE_ITERATIONS, KEY_BYTES, "sha256");
    keys.set(id, key);
  }
  return key;
}

function decryptWith(key: Buffer, value: string): string {
  const parts = value.split(":");
  if (parts.length !== 3) throw new PassphraseError("bad value");
  if (parts[0] !== "v1") throw new PassphraseError("unknown value version");
  const nonce = Buffer.from(parts[1], "base64");
  const sealed = Buffer.from(parts[2], "base64");
  if (nonce.length !== NONCE_BYTES) throw new PassphraseError("bad value: nonce size is incorrect");
  if (sealed.length < TAG_BYTES) throw new PassphraseError("bad value: ciphertext too short");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString(
    "utf8",
  );
}

/** Decrypts the `secure:` values of a stack whose config file holds `encryptionsalt: state`. */
export class PassphraseDecrypter {
  private constructor(private readonly key: Buffer) {}

  /** Opens the salt state with `passphrase`; a wrong passphrase is a PassphraseError saying so. */
  static open(passphrase: string, state: string): PassphraseDecrypter {
    const parts = state.split(":");
    if (parts.length < 3) throw new PassphraseError("malformed encryptionsalt");
    if (parts[0] !== "v1") throw new PassphraseError("unknown encryptionsalt version");
    const key = keyFor(passphrase, Buffer.from(parts[1], "base64"));
    let check: string;
    try {
      check = decryptWith(key, parts.slice(2).join(":"));
    } catch {
      throw new PassphraseError(INCORRECT_PASSPHRASE);
    }
    if (check !== CHECK_PLAINTEXT) throw new PassphraseError(INCORRECT_PASSPHRASE);
    return new PassphraseDecrypter(key);
  }

  decrypt(value: string): string {
    try {
      return decryptWith(this.key, value);
    } catch (e) {
      if (e instanceof PassphraseError) throw e;
      throw new PassphraseError(
        "a secure value could not be decrypted (it was encrypted for another stack or passphrase)",
      );
    }
  }
}
