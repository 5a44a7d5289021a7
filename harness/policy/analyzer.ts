/**
 * One policy pack, run as the Pulumi CLI runs a local pack (`--policy-pack DIR`): its program started with the
 * Node.js SDK's policy-pack runner, then driven over the engine's Analyzer gRPC protocol. The engine side is
 * pulumi/pulumi's sdk/go/common/resource/plugin/analyzer_plugin.go (NewPolicyAnalyzer, Analyze, AnalyzeStack) and
 * the language host's RunPlugin (sdk/nodejs/cmd/pulumi-language-nodejs/main.go); docs/pulumi-facts.md has the lines.
 *
 *   start      node @pulumi/pulumi/cmd/run-policy-pack <engine address> <pack dir>, in the pack's directory, with
 *              PULUMI_NODEJS_ORGANIZATION/PROJECT/STACK/DRY_RUN and PULUMI_CONFIG; it prints its port
 *   then       Handshake (skipped when unimplemented), ConfigureStack, GetAnalyzerInfo, Configure (the pack's
 *              config reconciled with the --policy-pack-config file, harness/policy/config.ts)
 *   Remediate  per resource, before Analyze: its checked inputs, internal keys kept; what it returns replaces them
 *   Analyze    per resource, its checked inputs with secrets and unknowns as the engine marks them, keys starting
 *              with "__" left out (MarshalOptions SkipInternalKeys), its options and its provider
 *   AnalyzeStack  at the end, every resource of the run with its outputs, parent and dependencies
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { stripVTControlCharacters } from "node:util";
import * as grpc from "@grpc/grpc-js";
import type * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as analyzerproto from "@pulumi/pulumi/proto/analyzer_pb";
import * as analyzerrpc from "@pulumi/pulumi/proto/analyzer_grpc_pb";
import type { PropertyMap } from "../props";
import { type Spawned, childEnv, resolvePulumiSdk, spawnPlugin } from "../processes";
import { type EnforcementLevel, type PolicyConfig, type PolicyInfo, reconcileConfig } from "./config";
import type { MarshalledRequest } from "./requests";

export type { AnalyzedResource, MarshalledRequest } from "./requests";

/** One violation as the engine's PolicyViolationEvent carries it. */
export interface PolicyViolation {
  policyPack: string;
  policyPackVersion: string;
  policy: string;
  description: string;
  message: string;
  enforcementLevel: "advisory" | "mandatory";
  /** The resource it is about; absent for a stack policy that names none (then the stack's). */
  urn?: string;
  severity?: string;
}

export interface AnalyzerStart {
  /** The pack's directory (with PulumiPolicy.yaml). */
  dir: string;
  /** The --policy-pack-config file, if any. */
  configFile?: string;
  engineAddress: string;
  organization: string;
  project: string;
  stack: string;
  dryRun: boolean;
  /** The stack's config, plaintext ("ns:key" -> value), and which keys are secret. */
  config: Record<string, string>;
  secretKeys: string[];
  log: (line: string) => void;
  startTimeoutMs?: number;
}

const LEVEL_FROM_PROTO: Record<number, EnforcementLevel> = {
  [analyzerproto.EnforcementLevel.ADVISORY]: "advisory",
  [analyzerproto.EnforcementLevel.MANDATORY]: "mandatory",
  [analyzerproto.EnforcementLevel.DISABLED]: "disabled",
  [analyzerproto.EnforcementLevel.REMEDIATE]: "remediate",
};
const LEVEL_TO_PROTO = Object.fromEntries(Object.entries(LEVEL_FROM_PROTO).map(([k, v]) => [v, Number(k)])) as Record<
  EnforcementLevel,
  number
>;

const SEVERITIES: Record<number, string> = { 1: "low", 2: "medium", 3: "high", 4: "critical" };

/** A remediation a pack made (analyzer.proto Remediation): new properties, or a diagnostic when it failed. */
export interface Remediation {
  policyPack: string;
  policyPackVersion: string;
  policy: string;
  description: string;
  /** The resource's properties as the remediation left them (wire form), unless it failed. */
  properties?: PropertyMap;
  /** Why the remediation failed: an advisory violation. */
  diagnostic?: string;
}

export class PolicyAnalyzer {
  private constructor(
    private readonly proc: Spawned,
    private readonly client: analyzerrpc.AnalyzerClient,
    readonly dir: string,
    readonly name: string,
    readonly version: string,
    readonly policies: PolicyInfo[],
  ) {}

  static async start(s: AnalyzerStart): Promise<PolicyAnalyzer> {
    const dir = path.resolve(s.dir);
    if (!fs.existsSync(path.join(dir, "PulumiPolicy.yaml")))
      throw new Error(`policy pack ${s.dir}: no PulumiPolicy.yaml in ${dir}`);
    const runner = path.join(resolvePulumiSdk(dir), "cmd", "run-policy-pack");
    const tail: string[] = [];
    const { proc, port } = await spawnPlugin(`policy pack ${s.dir}`, runner, [s.engineAddress, dir], {
      cwd: dir,
      env: childEnv({
        PULUMI_NODEJS_ORGANIZATION: s.organization,
        PULUMI_NODEJS_PROJECT: s.project,
        PULUMI_NODEJS_STACK: s.stack,
        PULUMI_NODEJS_DRY_RUN: String(s.dryRun),
        PULUMI_CONFIG: JSON.stringify(s.config),
      }),
      onLine: (line) => {
        s.log(`[policy ${path.basename(dir)}] ${line}`);
        // What the pack said before it failed, without colours and stack frames: the error's own lines.
        const plain = stripVTControlCharacters(line);
        if (plain.trim() !== "" && !/^\s+at /.test(plain) && tail.length < 5) tail.push(plain.trim());
      },
      timeoutMs: s.startTimeoutMs ?? 60000,
    }).catch((e: Error) => {
      throw new Error(`${e.message}${tail.length ? `: ${tail.join(" | ")}` : ""}`);
    });
    const client = new analyzerrpc.AnalyzerClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
      "grpc.max_receive_message_length": 400 * 1024 * 1024,
      "grpc.max_send_message_length": 400 * 1024 * 1024,
    });
    const call = <Req, Res>(method: CallOf<Req, Res>, req: Req): Promise<Res> => unary(client, method, req);
    try {
      const handshake = new analyzerproto.AnalyzerHandshakeRequest();
      handshake.setEngineAddress(s.engineAddress);
      handshake.setRootDirectory(dir);
      handshake.setProgramDirectory(dir);
      await call(client.handshake, handshake).catch(ignoreUnimplemented);
      const stack = new analyzerproto.AnalyzerStackConfigureRequest();
      stack.setStack(s.stack);
      stack.setProject(s.project);
      stack.setOrganization(s.organization);
      stack.setDryRun(s.dryRun);
      for (const [k, v] of Object.entries(s.config)) stack.getConfigMap().set(k, v);
      stack.setConfigSecretKeysList(s.secretKeys);
      await call(client.configureStack, stack).catch(ignoreUnimplemented);

      const info = await call<emptyproto.Empty, analyzerproto.AnalyzerInfo>(client.getAnalyzerInfo, emptyRequest());
      const policies: PolicyInfo[] = info.getPoliciesList().map((p) => {
        const schema = p.getConfigschema();
        return {
          name: p.getName(),
          enforcementLevel: LEVEL_FROM_PROTO[p.getEnforcementlevel()] ?? "advisory",
          ...(schema
            ? {
                configSchema: {
                  properties: (schema.getProperties()?.toJavaScript() ?? {}) as Record<string, object>,
                  required: schema.getRequiredList(),
                },
              }
            : {}),
        };
      });
      const initial: Record<string, PolicyConfig> = {};
      info.getInitialconfigMap().forEach((c: analyzerproto.PolicyConfig, name: string) => {
        initial[name] = {
          enforcementLevel: LEVEL_FROM_PROTO[c.getEnforcementlevel()],
          properties: (c.getProperties()?.toJavaScript() ?? {}) as Record<string, unknown>,
        };
      });
      const name = info.getName();
      if (!info.getSupportsconfig()) {
        if (s.configFile) throw new Error(`policy pack "${name}" at ${s.dir} does not support config`);
      } else {
        const config = reconcileConfig(name, policies, initial, s.configFile);
        const req = new analyzerproto.ConfigureAnalyzerRequest();
        for (const [policy, c] of Object.entries(config)) {
          const pc = new analyzerproto.PolicyConfig();
          if (c.enforcementLevel) pc.setEnforcementlevel(LEVEL_TO_PROTO[c.enforcementLevel]);
          pc.setProperties(
            structproto.Struct.fromJavaScript(c.properties as Record<string, structproto.JavaScriptValue>),
          );
          req.getPolicyconfigMap().set(policy, pc);
        }
        await call(client.configure, req);
      }
      return new PolicyAnalyzer(proc, client, dir, name, info.getVersion(), policies);
    } catch (e) {
      client.close();
      await proc.stop(500);
      throw e;
    }
  }

  /** Analyze: the violations of one resource's checked inputs (a request from analyzeRequest). */
  async analyze(req: MarshalledRequest): Promise<PolicyViolation[]> {
    const res = await this.sendMarshalled(analyzerrpc.AnalyzerService.analyze, req);
    return this.violations(res, req.urn);
  }

  /**
   * Remediate: the pack's remediations of one resource, in order (a request from remediateRequest); none from a
   * pack whose SDK does not serve it (UNIMPLEMENTED, which analyzer_plugin.go Remediate skips).
   */
  async remediate(req: MarshalledRequest): Promise<Remediation[]> {
    const res = await this.sendMarshalled(analyzerrpc.AnalyzerService.remediate, req).catch((e: grpc.ServiceError) => {
      if (e.code === grpc.status.UNIMPLEMENTED) return new analyzerproto.RemediateResponse();
      throw e;
    });
    return res.getRemediationsList().map((r) => {
      const remediation: Remediation = {
        policyPack: r.getPolicypackname() || this.name,
        policyPackVersion: r.getPolicypackversion() || this.version,
        policy: r.getPolicyname(),
        description: r.getDescription(),
      };
      if (r.getDiagnostic()) remediation.diagnostic = r.getDiagnostic();
      else remediation.properties = (r.getProperties()?.toJavaScript() ?? {}) as PropertyMap;
      return remediation;
    });
  }

  /** A unary call whose request is already bytes. */
  private sendMarshalled<Res>(
    method: { path: string; responseDeserialize: (b: Buffer) => Res },
    req: MarshalledRequest,
  ): Promise<Res> {
    return new Promise((resolve, reject) => {
      this.client.makeUnaryRequest<Uint8Array, Res>(
        method.path,
        (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        method.responseDeserialize,
        req.bytes,
        (err, res) => {
          if (err || !res)
            reject(Object.assign(new Error(err?.details || err?.message || "no response"), { code: err?.code }));
          else resolve(res);
        },
      );
    });
  }

  /**
   * AnalyzeStack: the violations of the stack's resources as the run left them (a request from
   * analyzeStackRequest, `known` the URNs of its resources).
   */
  async analyzeStack(
    req: MarshalledRequest,
    known: ReadonlySet<string>,
    stackUrn: string | undefined,
  ): Promise<PolicyViolation[]> {
    const res = await this.sendMarshalled(analyzerrpc.AnalyzerService.analyzeStack, req).catch(
      (e: grpc.ServiceError) => {
        // A pack without stack policies of an older SDK: the engine skips it (analyzer_plugin.go AnalyzeStack).
        if (e.code === grpc.status.UNIMPLEMENTED) return new analyzerproto.AnalyzeResponse();
        throw e;
      },
    );
    // A stack violation about no resource (or one not in the stack) is the stack's (resolveStackPolicyViolationURN).
    return this.violations(res, undefined).map((v) => {
      const urn = v.urn && known.has(v.urn) ? v.urn : stackUrn;
      const { urn: _dropped, ...rest } = v;
      return urn ? { ...rest, urn } : rest;
    });
  }

  private violations(res: analyzerproto.AnalyzeResponse, urn: string | undefined): PolicyViolation[] {
    return res.getDiagnosticsList().map((d) => {
      const level = LEVEL_FROM_PROTO[d.getEnforcementlevel()];
      const v: PolicyViolation = {
        policyPack: d.getPolicypackname() || this.name,
        policyPackVersion: d.getPolicypackversion() || this.version,
        policy: d.getPolicyname(),
        description: d.getDescription(),
        message: d.getMessage(),
        // A remediation policy still violated counts as mandatory (analyze_snapshot.go analyzeResource).
        enforcementLevel: level === "advisory" ? "advisory" : "mandatory",
      };
      const at = d.getUrn() || urn;
      if (at) v.urn = at;
      const severity = SEVERITIES[d.getSeverity()];
      if (severity) v.severity = severity;
      return v;
    });
  }

  async close(): Promise<void> {
    try {
      this.client.close();
    } catch {
      /* ignore */
    }
    await this.proc.stop(1000);
  }
}

type CallOf<Req, Res> = (
  req: Req,
  md: grpc.Metadata,
  opts: Partial<grpc.CallOptions>,
  cb: (err: grpc.ServiceError | null, res: Res) => void,
) => grpc.ClientUnaryCall;

function unary<Req, Res>(client: grpc.Client, method: CallOf<Req, Res>, req: Req): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    method.call(client, req, new grpc.Metadata(), {}, (err, res) => {
      if (err) reject(Object.assign(new Error(err.details || err.message), { code: err.code }));
      else resolve(res);
    });
  });
}

function ignoreUnimplemented(e: { code?: number }): undefined {
  if (e.code === grpc.status.UNIMPLEMENTED) return undefined;
  throw e;
}

/** GetAnalyzerInfo and GetPluginInfo take google.protobuf.Empty, from the copy the generated stubs use. */
function emptyRequest(): emptyproto.Empty {
  const Empty = (analyzerrpc.AnalyzerService.getAnalyzerInfo as unknown as { requestType: new () => emptyproto.Empty })
    .requestType;
  return new Empty();
}
