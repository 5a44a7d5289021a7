/**
 * The policy packs of one preview or update (--policy-pack, repeatable): started together before the program, asked
 * to remediate and then to analyze each resource in turn and about the stack at the end, stopped with the run. A pack that fails to start
 * or to configure fails the first resource's analysis, so an update changes nothing.
 */
import type { PropertyMap } from "../props";
import { analyzeRequest, analyzeStackRequest, remediateRequest } from "./requests";
import { type AnalyzedResource, type AnalyzerStart, PolicyAnalyzer, type PolicyViolation } from "./analyzer";

/** A --policy-pack and its --policy-pack-config. */
export interface PolicyPackOption {
  dir: string;
  config?: string;
}

/** What the deployment asks of the packs (harness/deployment.ts). */
export interface PolicyRunner {
  /**
   * Analyze with every pack; the mandatory violations. Throws when a pack failed to start or to answer. The resource
   * is marshalled before the call returns, so its inputs are the packs' as they were then.
   */
  analyze(r: AnalyzedResource): Promise<PolicyViolation[]>;
  /**
   * Remediate with every pack, one after another, each given the properties the one before left; the properties
   * then. Throws when a pack failed to start or to answer.
   */
  remediate(r: AnalyzedResource): Promise<PropertyMap>;
  /** AnalyzeStack with every pack; the mandatory violations. */
  analyzeStack(resources: AnalyzedResource[], stackUrn: string | undefined): Promise<PolicyViolation[]>;
}

/** A remediation policy that changed a resource's inputs (the CLI's "remediated" event). */
export interface PolicyRemediation {
  policyPack: string;
  policyPackVersion: string;
  policy: string;
  urn: string;
}

/** A pack that ran: the summary's "pulumi-nms@v0.1.0 (local: DIR)". */
export interface PolicyPackRun {
  name: string;
  version: string;
  path: string;
}

export class PolicyPacks implements PolicyRunner {
  readonly violations: PolicyViolation[] = [];
  /** The remediations that changed a resource's inputs, in the order they were made. */
  readonly remediations: PolicyRemediation[] = [];
  private readonly starting: Promise<PolicyAnalyzer[]>;
  private started: PolicyAnalyzer[] = [];

  private readonly debug: (line: string) => void;
  /** Time spent in Analyze calls, summed over the calls (they overlap in a preview), and their number. */
  private analyzeMs = 0;
  private analyzeCalls = 0;
  /** When the last Analyze was asked and the last one answered: the run's wait for the packs after its last resource. */
  private lastAskedAt = 0;
  private lastAnsweredAt = 0;

  constructor(
    packs: readonly PolicyPackOption[],
    common: Omit<AnalyzerStart, "dir" | "configFile">,
    debug: (line: string) => void = () => undefined,
  ) {
    this.debug = debug;
    const started = Date.now();
    const each = packs.map((p) =>
      PolicyAnalyzer.start({ ...common, dir: p.dir, ...(p.config ? { configFile: p.config } : {}) }).then((a) => {
        this.started.push(a);
        debug(
          `policy pack ${a.name}@v${a.version} ready in ${Date.now() - started} ms (${a.policies.length} policies)`,
        );
        return a;
      }),
    );
    this.starting = Promise.all(each);
    // Awaited by the first analysis; a failure is reported there, never as an unhandled rejection.
    this.starting.catch(() => undefined);
  }

  /** Resolves once every pack serves or one failed to start (that failure is reported by the first analysis). */
  ready(): Promise<void> {
    return this.starting.then(
      () => undefined,
      () => undefined,
    );
  }

  get packs(): PolicyPackRun[] {
    return this.started.map((a) => ({ name: a.name, version: a.version, path: a.dir }));
  }

  private async all(ask: (a: PolicyAnalyzer) => Promise<PolicyViolation[]>): Promise<PolicyViolation[]> {
    const analyzers = await this.starting;
    const found = (await Promise.all(analyzers.map(ask))).flat();
    this.violations.push(...found);
    return found.filter((v) => v.enforcementLevel === "mandatory");
  }

  /**
   * The first pass of step_generator.go: each pack in turn, in the order given, remediates the properties the one
   * before left. A remediation that failed is an advisory violation; one that worked replaces the properties.
   */
  async remediate(r: AnalyzedResource): Promise<PropertyMap> {
    const analyzers = await this.starting;
    let properties = r.properties;
    for (const analyzer of analyzers) {
      const remediations = await analyzer.remediate(remediateRequest({ ...r, properties }));
      for (const remediation of remediations) {
        const { policyPack, policyPackVersion, policy, description } = remediation;
        if (remediation.diagnostic !== undefined) {
          const message = remediation.diagnostic;
          this.violations.push({
            policyPack,
            policyPackVersion,
            policy,
            description,
            message,
            enforcementLevel: "advisory",
            urn: r.urn,
          });
        } else if (remediation.properties) {
          properties = remediation.properties;
          this.remediations.push({ policyPack, policyPackVersion, policy, urn: r.urn });
          this.debug(`policy: ${policyPack}/${policy} remediated ${r.urn}`);
        }
      }
    }
    return properties;
  }

  /** Marshals the resource at once (the caller may change its inputs after), then asks every pack. */
  async analyze(r: AnalyzedResource): Promise<PolicyViolation[]> {
    const started = Date.now();
    this.lastAskedAt = started;
    const request = analyzeRequest(r);
    try {
      return await this.all((a) => a.analyze(request));
    } finally {
      this.lastAnsweredAt = Date.now();
      this.analyzeMs += this.lastAnsweredAt - started;
      this.analyzeCalls++;
    }
  }

  async analyzeStack(resources: AnalyzedResource[], stackUrn: string | undefined): Promise<PolicyViolation[]> {
    this.debug(
      `policy: ${this.analyzeCalls} Analyze calls, ${this.analyzeMs} ms summed over them; the last answered ` +
        `${Math.max(0, this.lastAnsweredAt - this.lastAskedAt)} ms after the last was asked`,
    );
    const started = Date.now();
    const request = analyzeStackRequest(resources);
    const marshalledMs = Date.now() - started;
    const known = new Set(resources.map((r) => r.urn));
    const found = await this.all((a) => a.analyzeStack(request, known, stackUrn));
    this.debug(
      `policy: AnalyzeStack of ${resources.length} resources in ${Date.now() - started} ms ` +
        `(${marshalledMs} ms to marshal them)`,
    );
    return found;
  }

  async close(): Promise<void> {
    await this.starting.catch(() => undefined);
    await Promise.all(this.started.map((a) => a.close()));
  }
}
