// The names of the service's secret fields, for what must recognize a secret by its name alone:
// the client cutting secrets out of error entries and log lines, the emulator keeping them out of
// its error answers. The schemas mark each secret field with secret() (meta.ts); a test holds this
// list to those marks (tests/contract/secretFields.test.ts).

/** Field names whose values are secrets wherever they appear in a request, an answer or an error entry. */
export const SECRET_FIELD_NAMES: readonly string[] = [
  "sharedSecret",
  "passphrase",
  "wepHexKey",
  "password",
  "switchLoginPassword",
  "rpPrivateKey",
  "psk",
  "passphraseBackup",
  "integrationKey",
  "externalPortalKey",
  "apPassword",
  "API-KEY",
  "token",
];
