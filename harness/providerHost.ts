/**
 * The dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`, the process the CLI knows as plugin
 * `pulumi-resource-pulumi-nodejs`), driven over gRPC with the ResourceProvider service.
 *
 * Values crossing this boundary are plain (the host answers Configure with acceptSecrets=false), except unknowns,
 * which the engine also sends as the UNKNOWN_VALUE string during previews. Assets go as the engine marshals them
 * (sdk/go/common/resource/plugin/provider_plugin.go): whole to Check, Create and the new side of Update; cut down to
 * signature and hash everywhere else.
 *
 * No call has a deadline: the engine sets none (a provider waits as long as its own timeouts say, here
 * `nms:waitTimeoutSeconds`); the harness's whole-run limit (StackOptions.timeoutMs) is the only net.
 */
import * as grpc from "@grpc/grpc-js";
import * as fs from "node:fs";
import * as path from "node:path";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import type * as anyproto from "google-protobuf/google/protobuf/any_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { elideAssets, restoreElidedAssets } from "./assets";
import { type PropertyMap, sanitize, stripSecretsMap } from "./props";
import { type Spawned, childEnv, spawnPlugin } from "./processes";

export interface CheckFailure {
  property: string;
  reason: string;
}

export type DiffChanges = "none" | "some" | "unknown";

export interface DiffResult {
  changes: DiffChanges;
  replaces: string[];
  deleteBeforeReplace: boolean;
  stables: string[];
  /** Top-level keys the provider reported in `diffs` (the engine's ChangedKeys; the dynamic host reports none). */
  changedKeys: string[];
  /** The provider's detailedDiff, path -> whether that change replaces (the dynamic host reports none). */
  detailedDiff?: Record<string, { replace: boolean }>;
}

/** Error from a provider call, with the provider's own message and, for partial failures, the created object. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** Set when the object was created/updated but failed to initialize (ErrorResourceInitFailed). */
    readonly initFailure?: { id: string; properties: PropertyMap; reasons: string[] },
  ) {
    super(message);
  }
}

/** The provider calls made for a resource. */
export type ProviderMethod = "check" | "diff" | "create" | "update" | "read" | "delete";

/** A provider call under way: what the harness shows of a long wait. */
export interface ProviderCall {
  method: ProviderMethod;
  type: string;
  name: string;
  /** Date.now() when the call was made. */
  startedAt: number;
}

export interface ProviderHostOptions {
  sdkDir: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Address handed to the host as its engine address (it never dials it). */
  engineAddress: string;
  nodeArgs?: string[];
  log: (line: string) => void;
  startTimeoutMs?: number;
}

function struct(m: PropertyMap): structproto.Struct {
  return structproto.Struct.fromJavaScript(sanitize(m) as Record<string, structproto.JavaScriptValue>);
}

function fromStruct(s: structproto.Struct | undefined): PropertyMap {
  return s ? (s.toJavaScript() as PropertyMap) : {};
}

export class ProviderHost {
  private constructor(
    private readonly proc: Spawned,
    private readonly client: provrpc.ResourceProviderClient,
    readonly port: number,
    private readonly listeners: Set<(line: string) => void>,
  ) {}

  /** Calls `listener` with each line the host prints (stdout and stderr) until the returned function is called. */
  watchLines(listener: (line: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  acceptSecrets = false;
  private readonly inflight = new Set<ProviderCall>();
  /** Peak resident set size of the host process in MB (VmHWM), read when it is closed; undefined where /proc is missing. */
  peakRssMb: number | undefined;

  /** `m` as this host takes it: secrets unwrapped unless it accepts them. */
  plain(m: PropertyMap): PropertyMap {
    return this.acceptSecrets ? m : stripSecretsMap(m);
  }

  static async start(opts: ProviderHostOptions): Promise<ProviderHost> {
    const script = path.join(opts.sdkDir, "cmd", "dynamic-provider");
    const listeners = new Set<(line: string) => void>();
    const printed = (line: string) => {
      opts.log(`[provider] ${line}`);
      for (const listener of listeners) listener(line);
    };
    const { proc, port } = await spawnPlugin("dynamic provider host", script, [opts.engineAddress], {
      cwd: opts.cwd,
      nodeArgs: opts.nodeArgs,
      env: childEnv(opts.env),
      onLine: printed,
      timeoutMs: opts.startTimeoutMs ?? 30000,
    });
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
      "grpc.max_receive_message_length": 400 * 1024 * 1024,
      "grpc.max_send_message_length": 400 * 1024 * 1024,
    });
    return new ProviderHost(proc, client, port, listeners);
  }

  /** The resource calls under way, oldest first. */
  running(): ProviderCall[] {
    return [...this.inflight];
  }

  private call<Req, Res>(
    method: (
      req: Req,
      md: grpc.Metadata,
      opts: Partial<grpc.CallOptions>,
      cb: (err: grpc.ServiceError | null, res: Res) => void,
    ) => grpc.ClientUnaryCall,
    req: Req,
    about?: Omit<ProviderCall, "startedAt">,
  ): Promise<Res> {
    const call = about ? { ...about, startedAt: Date.now() } : undefined;
    if (call) this.inflight.add(call);
    return new Promise<Res>((resolve, reject) => {
      method.call(this.client, req, new grpc.Metadata(), {}, (err, res) => {
        if (call) this.inflight.delete(call);
        if (err) reject(toProviderError(err));
        else resolve(res);
      });
    });
  }

  /** Configure with the whole stack config ("ns:key" -> string), plaintext. */
  async configure(config: Record<string, string>): Promise<void> {
    const req = new provproto.ConfigureRequest();
    req.setArgs(structproto.Struct.fromJavaScript(config));
    const vars = req.getVariablesMap();
    for (const [k, v] of Object.entries(config)) vars.set(k, v);
    req.setAcceptsecrets(true);
    req.setAcceptresources(true);
    req.setSendsOldInputs(true);
    req.setSendsOldInputsToDelete(true);
    const res = await this.call<provproto.ConfigureRequest, provproto.ConfigureResponse>(this.client.configure, req);
    this.acceptSecrets = res.getAcceptsecrets();
  }

  async check(
    urn: string,
    name: string,
    type: string,
    olds: PropertyMap,
    news: PropertyMap,
  ): Promise<{ inputs: PropertyMap; failures: CheckFailure[] }> {
    const req = new provproto.CheckRequest();
    req.setUrn(urn);
    req.setName(name);
    req.setType(type);
    req.setOlds(struct(olds));
    req.setNews(struct(news));
    const res = await this.call<provproto.CheckRequest, provproto.CheckResponse>(this.client.check, req, {
      method: "check",
      type,
      name,
    });
    return {
      inputs: fromStruct(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(
    urn: string,
    name: string,
    type: string,
    id: string,
    oldOutputs: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
    ignoreChanges: string[],
  ): Promise<DiffResult> {
    const req = new provproto.DiffRequest();
    req.setUrn(urn);
    req.setName(name);
    req.setType(type);
    req.setId(id);
    req.setOlds(struct(elideAssets(oldOutputs)));
    req.setNews(struct(elideAssets(news)));
    req.setOldInputs(struct(elideAssets(oldInputs)));
    req.setIgnorechangesList(ignoreChanges);
    const res = await this.call<provproto.DiffRequest, provproto.DiffResponse>(this.client.diff, req, {
      method: "diff",
      type,
      name,
    });
    const c = res.getChanges();
    const changes: DiffChanges =
      c === provproto.DiffResponse.DiffChanges.DIFF_SOME
        ? "some"
        : c === provproto.DiffResponse.DiffChanges.DIFF_NONE
          ? "none"
          : "unknown";
    const result: DiffResult = {
      changes,
      replaces: res.getReplacesList(),
      deleteBeforeReplace: res.getDeletebeforereplace(),
      stables: res.getStablesList(),
      changedKeys: res.getDiffsList(),
    };
    if (res.getHasdetaileddiff()) {
      const kinds = provproto.PropertyDiff.Kind;
      const replacing = new Set([kinds.ADD_REPLACE, kinds.DELETE_REPLACE, kinds.UPDATE_REPLACE]);
      result.detailedDiff = {};
      res.getDetaileddiffMap().forEach((d: provproto.PropertyDiff, path: string) => {
        result.detailedDiff![path] = { replace: replacing.has(d.getKind()) };
      });
    }
    return result;
  }

  async create(
    urn: string,
    name: string,
    type: string,
    props: PropertyMap,
  ): Promise<{ id: string; outputs: PropertyMap }> {
    const req = new provproto.CreateRequest();
    req.setUrn(urn);
    req.setName(name);
    req.setType(type);
    req.setProperties(struct(props));
    req.setPreview(false);
    const res = await this.call<provproto.CreateRequest, provproto.CreateResponse>(this.client.create, req, {
      method: "create",
      type,
      name,
    });
    return { id: res.getId(), outputs: fromStruct(res.getProperties()) };
  }

  async update(
    urn: string,
    name: string,
    type: string,
    id: string,
    oldOutputs: PropertyMap,
    news: PropertyMap,
    oldInputs: PropertyMap,
    ignoreChanges: string[],
  ): Promise<PropertyMap> {
    const req = new provproto.UpdateRequest();
    req.setUrn(urn);
    req.setName(name);
    req.setType(type);
    req.setId(id);
    req.setOlds(struct(elideAssets(oldOutputs)));
    req.setNews(struct(news));
    req.setOldInputs(struct(elideAssets(oldInputs)));
    req.setIgnorechangesList(ignoreChanges);
    req.setPreview(false);
    const res = await this.call<provproto.UpdateRequest, provproto.UpdateResponse>(this.client.update, req, {
      method: "update",
      type,
      name,
    });
    return fromStruct(res.getProperties());
  }

  /** Read: id "" in the answer means the object no longer exists. `inputs` is set when the provider returned them. */
  async read(
    urn: string,
    name: string,
    type: string,
    id: string,
    props: PropertyMap,
    inputs: PropertyMap,
  ): Promise<{ id: string; outputs: PropertyMap; inputs?: PropertyMap }> {
    const req = new provproto.ReadRequest();
    req.setUrn(urn);
    req.setName(name);
    req.setType(type);
    req.setId(id);
    req.setProperties(struct(elideAssets(props)));
    req.setInputs(struct(elideAssets(inputs)));
    const res = await this.call<provproto.ReadRequest, provproto.ReadResponse>(this.client.read, req, {
      method: "read",
      type,
      name,
    });
    const ins = res.getInputs();
    const outputs = fromStruct(res.getProperties());
    const newInputs = ins ? fromStruct(ins) : undefined;
    restoreElidedAssets(inputs, outputs);
    if (newInputs) restoreElidedAssets(inputs, newInputs);
    return { id: res.getId(), outputs, inputs: newInputs };
  }

  async delete(
    urn: string,
    name: string,
    type: string,
    id: string,
    props: PropertyMap,
    oldInputs: PropertyMap,
  ): Promise<void> {
    const req = new provproto.DeleteRequest();
    req.setUrn(urn);
    req.setName(name);
    req.setType(type);
    req.setId(id);
    req.setProperties(struct(elideAssets(props)));
    req.setOldInputs(struct(elideAssets(oldInputs)));
    await this.call(this.client.delete, req, { method: "delete", type, name });
  }

  /** The host process's peak resident set size so far, in MB (VmHWM of /proc/<pid>/status); undefined if unavailable. */
  readPeakRssMb(): number | undefined {
    const pid = this.proc.child.pid;
    if (pid === undefined || this.proc.child.exitCode !== null || this.proc.child.signalCode !== null)
      return this.peakRssMb;
    const peak = peakRssMbOf(pid);
    if (peak !== undefined) this.peakRssMb = Math.max(this.peakRssMb ?? 0, peak);
    return this.peakRssMb;
  }

  async close(): Promise<void> {
    // Read before the process goes away: /proc/<pid> disappears with it.
    this.readPeakRssMb();
    try {
      this.client.close();
    } catch {
      /* ignore */
    }
    await this.proc.stop();
  }
}

/** VmHWM (peak RSS) of a live process in MB, from /proc/<pid>/status; undefined where that cannot be read. */
export function peakRssMbOf(pid: number): number | undefined {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const match = /^VmHWM:\s*(\d+)\s*kB/m.exec(status);
  return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : undefined;
}

function toProviderError(err: grpc.ServiceError): ProviderError {
  const message = err.details || err.message;
  let initFailure: ProviderError["initFailure"];
  try {
    const raw = err.metadata?.get("grpc-status-details-bin");
    if (raw && raw.length > 0) {
      const buf = raw[0];
      const status = statusproto.Status.deserializeBinary(
        typeof buf === "string" ? Buffer.from(buf, "base64") : new Uint8Array(buf),
      );
      for (const detail of status.getDetailsList() as anyproto.Any[]) {
        if (detail.getTypeUrl().endsWith("pulumirpc.ErrorResourceInitFailed")) {
          const f = provproto.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
          initFailure = { id: f.getId(), properties: fromStruct(f.getProperties()), reasons: f.getReasonsList() };
        }
      }
    }
  } catch {
    /* details are best effort */
  }
  return new ProviderError(message, err.code, initFailure);
}
