// Everything the service holds, as plain data and back: what a state file keeps across a restart
// (emulator/state/stateFile.ts writes it, emulator/state/persistence.ts decides when). Tenants with their
// settings, every kind's objects in creation order, request records, DHCP service profiles;
// logins, the support directory, MSP customers and uploaded files (named by the SHA-256 of their
// bytes, which the state file keeps beside it: emulator/state/stateFile.ts); live tokens; where an ID stream
// started with a seed stands. The emulator's own settings (options), faults, the request log and counters are
// not the service's state: they come from each start's options.
import { z } from "zod";
import type { RequestRecord } from "../../contract";
import type { AuthService, Session } from "../auth/auth";
import type { SupportEntry } from "../model/directory";
import type { IdSource } from "../model/ids";
import type { AnyRecord } from "../model/collection";
import type { AdminAccount } from "../model/accounts";
import type { NmsModel } from "../model/model";
import { type TenantDetails, type TenantSettings, TenantState } from "../model/tenant";
import type { TenantCredentials } from "../tenants/tenantSetup";
import { fileStoreOf, type StoredFile } from "../services/file/store";
import { addDhcpServiceProfile, dhcpServiceProfilesOf } from "../services/wifi/dhcpService";

/** What a snapshot is taken of and restored into: the server's model, logins and ID stream (EmulatorServer is one). */
export interface ServiceState {
  readonly model: NmsModel;
  readonly auth: AuthService;
  readonly ids: IdSource;
  readonly demo: TenantCredentials;
}

export interface TenantSnapshot {
  id: string;
  name: string;
  createdDate: string;
  details: TenantDetails;
  settings: TenantSettings;
  /** Collection name → records in creation order. */
  objects: Record<string, AnyRecord[]>;
  requests: RequestRecord[];
  dhcpServiceProfiles: { id: string; name: string }[];
}

export interface EmulatorSnapshot {
  demo: TenantCredentials;
  idPosition?: number;
  tenants: TenantSnapshot[];
  accounts: AdminAccount[];
  supportDirectory: SupportEntry[];
  /** [end customer's tenant ID, its MSP's tenant ID]. */
  mspCustomers: [string, string][];
  /** Uploaded files; their bytes by sha256 (beside the state file), or in base64 in bytes (format version 1). */
  files: (Omit<StoredFile, "bytes"> & { bytes?: string })[];
  sessions: Session[];
}

/** Message of a request that was PENDING when the state was written and had no time left to finish in. */
const INTERRUPTED_MESSAGE = "the emulator stopped before the request completed; nothing was applied";

export function snapshotOf(server: ServiceState): EmulatorSnapshot {
  const { model } = server;
  const directory = model.directory;
  return {
    demo: server.demo,
    idPosition: server.ids.position(),
    tenants: model.allTenants().map((t) => ({
      id: t.id,
      name: t.name,
      createdDate: t.createdDate,
      details: t.details,
      settings: t.settings,
      objects: Object.fromEntries(t.names().map((name) => [name, t.of(name).all()])),
      requests: [...t.requests.values()],
      dhcpServiceProfiles: [...dhcpServiceProfilesOf(t).values()],
    })),
    accounts: [...directory.accounts.values()],
    supportDirectory: [...directory.support.values()],
    mspCustomers: [...directory.mspOf.entries()],
    files: fileStoreOf(directory)
      .all()
      .map(({ bytes: _bytes, ...file }) => file),
    sessions: server.auth.liveSessions(),
  };
}

/** The bytes of every uploaded file by their SHA-256: what a state file keeps beside it. */
export function blobsOf(server: ServiceState): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  for (const file of fileStoreOf(server.model.directory).all())
    if (file.bytes !== undefined && file.sha256 !== undefined) blobs.set(file.sha256, file.bytes);
  return blobs;
}

/** The bytes of an uploaded file by their SHA-256 (emulator/state/stateFile.ts readBlob). */
export type BlobReader = (sha256: string) => Buffer;

/**
 * Replaces what `server` holds with the snapshot; returns the demo tenant. A record still PENDING
 * had its timer in the stopped process: it ends FAIL, and nothing of it was applied. `blobs`
 * gives the bytes of the uploaded files the snapshot names by SHA-256.
 */
export function restoreSnapshot(
  server: ServiceState,
  snapshot: EmulatorSnapshot,
  blobs?: BlobReader,
): TenantCredentials {
  const { model } = server;
  model.clear();
  server.auth.clear();
  const known = new Set(model.kinds.map((kind) => kind.name));
  for (const saved of snapshot.tenants) {
    for (const name of Object.keys(saved.objects)) {
      if (!known.has(name))
        throw new SnapshotError(
          `tenant ${saved.id} holds objects of kind "${name}", which this emulator does not know`,
        );
    }
    const tenant = new TenantState(
      saved.id,
      saved.name,
      saved.createdDate,
      saved.details,
      model.kinds,
      saved.settings,
      model.directory,
    );
    for (const [name, records] of Object.entries(saved.objects))
      for (const record of records) tenant.of(name).put(record);
    // Restored objects skip the kinds' afterPut: the devices' holders are taken from them here.
    for (const ap of tenant.of("aps").all()) model.directory.holdDevice("ap", ap.id, tenant.id);
    for (const sw of tenant.of("switches").all()) model.directory.holdDevice("switch", sw.id, tenant.id);
    for (const record of saved.requests) {
      if (record.status === "PENDING")
        Object.assign(record, { status: "FAIL", errors: [{ code: "NMS-INTERNAL", message: INTERRUPTED_MESSAGE }] });
      tenant.requests.set(record.requestId, record);
    }
    for (const profile of saved.dhcpServiceProfiles) addDhcpServiceProfile(tenant, profile.id, profile.name);
    model.addTenant(tenant);
  }
  for (const account of snapshot.accounts) model.directory.accounts.set(account.username, account);
  for (const entry of snapshot.supportDirectory) model.directory.support.set(entry.externalId, entry);
  for (const [customer, msp] of snapshot.mspCustomers) model.directory.mspOf.set(customer, msp);
  for (const { bytes, ...file } of snapshot.files) {
    const restored =
      bytes !== undefined
        ? Buffer.from(bytes, "base64")
        : file.sha256 !== undefined
          ? blobOf(file.fileId, file.sha256, blobs)
          : undefined;
    // A version 1 file has no digest: FileStore.add takes it from the bytes.
    fileStoreOf(model.directory).add(restored === undefined ? file : { ...file, bytes: restored });
  }
  for (const session of snapshot.sessions) server.auth.restoreSession(session);
  if (snapshot.idPosition !== undefined) server.ids.resume(snapshot.idPosition);
  if (!model.tenant(snapshot.demo.tenantId))
    throw new SnapshotError(`the demo tenant ${snapshot.demo.tenantId} is missing`);
  return snapshot.demo;
}

function blobOf(fileId: string, sha256: string, blobs: BlobReader | undefined): Buffer {
  if (blobs === undefined)
    throw new SnapshotError(`the bytes of file ${fileId} are kept beside the state file, and none was given`);
  return blobs(sha256);
}

export class SnapshotError extends Error {}

// The outline a state file's content must have before anything is restored from it; records themselves are what the
// emulator wrote, checked by the file's checksum.
const record = z.record(z.unknown());
const tenantShape = z.object({
  id: z.string(),
  name: z.string(),
  createdDate: z.string(),
  details: record,
  settings: record,
  objects: z.record(z.array(z.object({ id: z.string() }).passthrough())),
  requests: z.array(z.object({ requestId: z.string(), status: z.string() }).passthrough()),
  dhcpServiceProfiles: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const snapshotShape = z.object({
  demo: z.object({ tenantId: z.string(), username: z.string(), password: z.string() }).passthrough(),
  idPosition: z.number().optional(),
  tenants: z.array(tenantShape),
  accounts: z.array(z.object({ username: z.string(), tenantId: z.string() }).passthrough()),
  supportDirectory: z.array(z.object({ externalId: z.string() }).passthrough()),
  mspCustomers: z.array(z.tuple([z.string(), z.string()])),
  files: z.array(
    z
      .object({
        fileId: z.string(),
        bytes: z.string().optional(),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
      })
      .passthrough(),
  ),
  sessions: z.array(z.object({ token: z.string(), expiresAt: z.number() }).passthrough()),
});
