/**
 * The gRPC server the program talks to: the ResourceMonitor service (what `cmd/run` dials with --monitor) and the
 * optional Engine service (--engine: Log, Get/SetRootResource).
 */
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import * as resrpc from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type { Deployment } from "./deployment";
import { type Registration, RegistrationError } from "./registration";
import { type PropertyMap, type PropertyValue, sanitize } from "./props";

/**
 * Features the SDK asks about (runtime/settings.js awaitFeatureSupport), answered for what the harness implements:
 *  - secrets: yes, secret values round-trip and are stored encrypted.
 *  - resourceReferences: no. The SDK then sends a custom resource as its id and a component as its URN, which is
 *    what the dynamic-provider host (acceptResources=false) would receive from the engine anyway.
 *  - outputValues: no (only used for remote components, which are not supported).
 *  - deletedWith: yes (a resource is not deleted through its provider when the resource named is deleted too).
 *  - replacementTrigger: yes, as the engine answers (SDKs send the option without asking).
 *  - aliasSpecs: no, so the SDK computes alias URNs itself and sends them in aliasURNs, which the harness honours.
 *  - everything else (transforms, hooks, parameterization, replaceWith, ...): no.
 */
export const SUPPORTED_FEATURES: Record<string, boolean> = {
  secrets: true,
  resourceReferences: false,
  outputValues: false,
  deletedWith: true,
  replacementTrigger: true,
  replaceWith: false,
  aliasSpecs: false,
  transforms: false,
  invokeTransforms: false,
  parameterization: false,
  resourceHooks: false,
  errorHooks: false,
};

export interface LogEntry {
  severity: "debug" | "info" | "warning" | "error";
  message: string;
  urn: string;
}

export interface MonitorEvents {
  onLog(entry: LogEntry): void;
  /** SignalAndWaitForShutdown: the program finished registering. */
  onShutdownSignal(): void;
}

type Callback<T> = grpc.sendUnaryData<T>;

function grpcError(code: grpc.status, message: string): grpc.ServiceError {
  const md = new grpc.Metadata();
  return Object.assign(new Error(message), { code, details: message, metadata: md });
}

function fromStruct(s: structproto.Struct | undefined): PropertyMap {
  return s ? (s.toJavaScript() as PropertyMap) : {};
}

function decodeRegistration(req: resproto.RegisterResourceRequest): Registration {
  const propertyDependencies: Record<string, string[]> = {};
  req
    .getPropertydependenciesMap()
    .forEach((deps: resproto.RegisterResourceRequest.PropertyDependencies, key: string) => {
      propertyDependencies[key] = deps.getUrnsList();
    });
  return {
    type: req.getType(),
    name: req.getName(),
    parent: req.getParent(),
    custom: req.getCustom(),
    remote: req.getRemote(),
    object: fromStruct(req.getObject()),
    dependencies: req.getDependenciesList(),
    propertyDependencies,
    provider: req.getProvider(),
    protect: optionalBool(req, "Protect"),
    deleteBeforeReplace: req.getDeletebeforereplace(),
    deleteBeforeReplaceDefined: req.getDeletebeforereplacedefined(),
    ignoreChanges: req.getIgnorechangesList(),
    replaceOnChanges: req.getReplaceonchangesList(),
    additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
    aliasUrns: req.getAliasurnsList(),
    importId: req.getImportid(),
    retainOnDelete: optionalBool(req, "Retainondelete"),
    deletedWith: req.getDeletedwith(),
    replacementTrigger: replacementTriggerOf(req),
  };
}

/** The `replacementTrigger` option: a field from @pulumi/pulumi 3.248's protocol on; older SDKs have no such field. */
function replacementTriggerOf(req: resproto.RegisterResourceRequest): PropertyValue | undefined {
  const message = req as unknown as Record<string, (() => structproto.Value | undefined) | undefined>;
  const value = message["getReplacementTrigger"]?.call(req);
  return value ? sanitize(value.toJavaScript()) : undefined;
}

/**
 * A bool field of RegisterResourceRequest that newer SDKs send as optional (has/get) and older
 * ones as a plain bool (get only; false meant unset). The harness runs with whichever
 * @pulumi/pulumi the project installed, from the oldest supported to the latest (scripts/compat.ts).
 */
function optionalBool(req: resproto.RegisterResourceRequest, field: "Protect" | "Retainondelete"): boolean | undefined {
  const message = req as unknown as Record<string, (() => boolean) | undefined>;
  const has = message[`has${field}`];
  const value = message[`get${field}`]!.call(req);
  if (has) return has.call(req) ? value : undefined;
  return value ? true : undefined;
}

/**
 * Result SKIP where the SDK's protocol has it; later SDKs dropped it, and every SDK reads any result
 * other than SUCCESS the same way (the resource's outputs become unknown).
 */
function skipResult(): resproto.Result {
  return (resproto.Result as unknown as Record<string, resproto.Result | undefined>).SKIP ?? resproto.Result.FAIL;
}

/** A message of engine_pb by name; an empty message where this SDK's protocol predates it. */
function newEngineMessage(name: string): unknown {
  const Message = (engproto as unknown as Record<string, (new () => unknown) | undefined>)[name];
  return Message ? new Message() : new emptyproto.Empty();
}

export class MonitorServer {
  private readonly server: grpc.Server;
  private rootUrn = "";
  port = 0;

  constructor(
    private readonly deployment: Deployment,
    private readonly events: MonitorEvents,
  ) {
    this.server = new grpc.Server({
      "grpc.max_receive_message_length": 400 * 1024 * 1024,
      "grpc.max_send_message_length": 400 * 1024 * 1024,
    });
    this.server.addService(
      resrpc.ResourceMonitorService,
      this.monitorImpl() as unknown as grpc.UntypedServiceImplementation,
    );
    this.server.addService(engrpc.EngineService, this.engineImpl() as unknown as grpc.UntypedServiceImplementation);
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port = await new Promise<number>((resolve, reject) => {
      this.server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) =>
        err ? reject(err) : resolve(port),
      );
    });
  }

  stop(): void {
    this.server.forceShutdown();
  }

  private monitorImpl(): Partial<resrpc.IResourceMonitorServer> {
    const unsupported = (what: string) => (_call: unknown, cb: Callback<never>) =>
      cb(
        grpcError(grpc.status.UNIMPLEMENTED, `${what} is not supported by the local harness (no Pulumi engine here)`),
        null,
      );
    return {
      supportsFeature: (
        call: grpc.ServerUnaryCall<resproto.SupportsFeatureRequest, resproto.SupportsFeatureResponse>,
        cb: Callback<resproto.SupportsFeatureResponse>,
      ) => {
        const res = new resproto.SupportsFeatureResponse();
        res.setHassupport(SUPPORTED_FEATURES[call.request.getId()] === true);
        cb(null, res);
      },
      registerResource: (
        call: grpc.ServerUnaryCall<resproto.RegisterResourceRequest, resproto.RegisterResourceResponse>,
        cb: Callback<resproto.RegisterResourceResponse>,
      ) => {
        let reg: Registration;
        try {
          reg = decodeRegistration(call.request);
        } catch (e) {
          cb(grpcError(grpc.status.INVALID_ARGUMENT, `bad RegisterResource request: ${(e as Error).message}`), null);
          return;
        }
        this.deployment.register(reg).then(
          (r) => {
            const res = new resproto.RegisterResourceResponse();
            res.setUrn(r.urn);
            res.setId(r.id);
            res.setObject(
              structproto.Struct.fromJavaScript(sanitize(r.object) as Record<string, structproto.JavaScriptValue>),
            );
            res.setResult(resproto.Result.SUCCESS);
            const deps = res.getPropertydependenciesMap();
            for (const [k, urns] of Object.entries(r.propertyDependencies)) {
              const pd = new resproto.RegisterResourceResponse.PropertyDependencies();
              pd.setUrnsList(urns);
              deps.set(k, pd);
            }
            cb(null, res);
          },
          (e: unknown) => {
            const message = e instanceof Error ? e.message : String(e);
            if (e instanceof RegistrationError && e.urn && call.request.getSupportsresultreporting()) {
              // Like the engine: the step failed (or was skipped); the SDK resolves this resource's outputs as
              // unknown and the program goes on, so the failure is reported once, by the harness.
              const res = new resproto.RegisterResourceResponse();
              res.setUrn(e.urn);
              res.setId("");
              res.setObject(new structproto.Struct());
              res.setResult(e.result === "skip" ? skipResult() : resproto.Result.FAIL);
              cb(null, res);
              return;
            }
            cb(grpcError(e instanceof RegistrationError ? grpc.status.UNKNOWN : grpc.status.INTERNAL, message), null);
          },
        );
      },
      registerResourceOutputs: (
        call: grpc.ServerUnaryCall<resproto.RegisterResourceOutputsRequest, emptyproto.Empty>,
        cb: Callback<emptyproto.Empty>,
      ) => {
        try {
          this.deployment.registerOutputs(call.request.getUrn(), fromStruct(call.request.getOutputs()));
          cb(null, new emptyproto.Empty());
        } catch (e) {
          cb(grpcError(grpc.status.INVALID_ARGUMENT, (e as Error).message), null);
        }
      },
      signalAndWaitForShutdown: (
        _call: grpc.ServerUnaryCall<emptyproto.Empty, emptyproto.Empty>,
        cb: Callback<emptyproto.Empty>,
      ) => {
        this.events.onShutdownSignal();
        this.deployment.settle().then(
          () => cb(null, new emptyproto.Empty()),
          (e: unknown) => cb(grpcError(grpc.status.INTERNAL, String(e)), null),
        );
      },
      invoke: (call: grpc.ServerUnaryCall<resproto.ResourceInvokeRequest, unknown>, cb: Callback<never>) =>
        cb(
          grpcError(
            grpc.status.UNIMPLEMENTED,
            `Invoke '${call.request.getTok()}' is not supported by the local harness (only dynamic resources are)`,
          ),
          null,
        ),
      readResource: (
        call: grpc.ServerUnaryCall<resproto.ReadResourceRequest, resproto.ReadResourceResponse>,
        cb: Callback<resproto.ReadResourceResponse>,
      ) => {
        const req = call.request;
        this.deployment
          .read({
            type: req.getType(),
            name: req.getName(),
            id: req.getId(),
            parent: req.getParent(),
            provider: req.getProvider(),
            properties: fromStruct(req.getProperties()),
            dependencies: req.getDependenciesList(),
            additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
          })
          .then(
            (r) => {
              const res = new resproto.ReadResourceResponse();
              res.setUrn(r.urn);
              res.setProperties(
                structproto.Struct.fromJavaScript(sanitize(r.outputs) as Record<string, structproto.JavaScriptValue>),
              );
              cb(null, res);
            },
            // The SDK rejects the resource's outputs with this message ("failed to read resource #id ...").
            (e: unknown) => cb(grpcError(grpc.status.UNKNOWN, e instanceof Error ? e.message : String(e)), null),
          );
      },
      call: unsupported("Call (methods of remote components)"),
      getDeploymentInfo: unsupported("GetDeploymentInfo"),
      registerStackTransform: unsupported("RegisterStackTransform"),
      registerStackInvokeTransform: unsupported("RegisterStackInvokeTransform"),
      registerResourceHook: unsupported("RegisterResourceHook"),
      registerErrorHook: unsupported("RegisterErrorHook"),
      registerPackage: unsupported("RegisterPackage (parameterized providers)"),
    };
  }

  private engineImpl(): Partial<engrpc.IEngineServer> {
    const severities: Record<number, LogEntry["severity"]> = {
      [engproto.LogSeverity.DEBUG]: "debug",
      [engproto.LogSeverity.INFO]: "info",
      [engproto.LogSeverity.WARNING]: "warning",
      [engproto.LogSeverity.ERROR]: "error",
    };
    return {
      log: (call: grpc.ServerUnaryCall<engproto.LogRequest, emptyproto.Empty>, cb: Callback<emptyproto.Empty>) => {
        const r = call.request;
        this.events.onLog({
          severity: severities[r.getSeverity()] ?? "info",
          message: r.getMessage(),
          urn: r.getUrn(),
        });
        cb(null, new emptyproto.Empty());
      },
      getRootResource: (
        _call: grpc.ServerUnaryCall<engproto.GetRootResourceRequest, engproto.GetRootResourceResponse>,
        cb: Callback<engproto.GetRootResourceResponse>,
      ) => {
        const res = new engproto.GetRootResourceResponse();
        res.setUrn(this.rootUrn);
        cb(null, res);
      },
      setRootResource: (
        call: grpc.ServerUnaryCall<engproto.SetRootResourceRequest, engproto.SetRootResourceResponse>,
        cb: Callback<engproto.SetRootResourceResponse>,
      ) => {
        this.rootUrn = call.request.getUrn();
        cb(null, new engproto.SetRootResourceResponse());
      },
      requirePulumiVersion: (_call: unknown, cb: Callback<never>) =>
        cb(null, newEngineMessage("RequirePulumiVersionResponse") as never),
      startDebugging: (_call: unknown, cb: Callback<emptyproto.Empty>) =>
        cb(grpcError(grpc.status.UNIMPLEMENTED, "debugging is not supported by the local harness"), null),
    };
  }
}
