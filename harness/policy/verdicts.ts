/**
 * The policy packs' verdicts in a deployment (harness/deployment.ts): Analyze of each resource's checked inputs in
 * step generation, AnalyzeStack at the end, and what a mandatory violation does to an update and to a preview.
 */
import type { EngineHost } from "../engineHost";
import type { PropertyMap } from "../props";
import type { Registration, RegistrationError } from "../registration";
import type { ResourceState } from "../resourceState";
import type { PlannedStep } from "../types";
import type { PolicyViolation } from "./analyzer";
import { analyzedRegistration, analyzedState } from "./resources";

/** What the verdicts need of the deployment. */
export interface VerdictContext {
  readonly host: EngineHost;
  /** Records a failure (Deployment.fail); the error to throw. */
  fail(step: PlannedStep | undefined, name: string, type: string, message: string, stop?: boolean): RegistrationError;
}

export class PolicyVerdicts {
  /** Errors that are a preview's mandatory policy violations. */
  private failures = 0;

  constructor(private readonly d: VerdictContext) {}

  /**
   * The policy packs' Remediate and then Analyze of the checked inputs, before any step (step_generator.go, the two
   * passes; analyzeAll): the inputs the remediations leave are the resource's from then on, and are returned. A
   * mandatory violation makes the resource invalid in an update (no step, the update stops) and fails a preview at
   * its end (analyze_snapshot.go analyzeResource: invalid only outside a dry run). The step generator waits for
   * every pack's answers in a preview too (analyzeResource's g.Wait()), so the next registration waits here as well.
   */
  async analyze(reg: Registration, step: PlannedStep, inputs: PropertyMap): Promise<PropertyMap> {
    const policies = this.d.host.policies;
    if (!policies) return inputs;
    const { stack, project } = this.d.host;
    let remediated: PropertyMap;
    try {
      remediated = await policies.remediate(analyzedRegistration(reg, step.urn, inputs, stack, project));
    } catch (e) {
      throw this.d.fail(step, reg.name, reg.type, `policy remediation: ${(e as Error).message}`, true);
    }
    // No copy of the inputs: the runner marshals them before it returns (PolicyRunner.analyze).
    const resource = analyzedRegistration(reg, step.urn, remediated, stack, project);
    if (!this.d.host.dryRun) await this.judge(reg, step, policies.analyze(resource));
    // A preview's failed analysis is reported by judge() and ends the preview at its end, not at this resource.
    else await this.judge(reg, step, policies.analyze(resource)).catch(() => undefined);
    return remediated;
  }

  private async judge(reg: Registration, step: PlannedStep, analysis: Promise<PolicyViolation[]>): Promise<void> {
    let mandatory: PolicyViolation[];
    try {
      mandatory = await analysis;
    } catch (e) {
      throw this.d.fail(step, reg.name, reg.type, `policy analysis: ${(e as Error).message}`, true);
    }
    if (mandatory.length === 0) return;
    const names = [...new Set(mandatory.map((v) => v.policy))].join(", ");
    if (this.d.host.dryRun) {
      this.failures++;
      this.d.fail(undefined, reg.name, reg.type, `mandatory policy violated: ${names}`, false);
      return;
    }
    throw this.d.fail(step, reg.name, reg.type, `resource is invalid: mandatory policy violated: ${names}`, true);
  }

  /**
   * AnalyzeStack over every resource of the run with its outputs (`resources()`), once step generation and the steps
   * succeeded (deployment_executor.go Execute, AnalyzeResources); a mandatory violation fails the run: its error
   * goes to `errors`, the deployment's.
   */
  async analyzeStack(errors: string[], rootUrn: string | undefined, resources: () => ResourceState[]): Promise<void> {
    const policies = this.d.host.policies;
    // A preview's mandatory violations do not stop it, nor its stack analysis; any other error does.
    if (!policies || errors.length > this.failures) return;
    const { stack, project } = this.d.host;
    const analyzed = resources().map((r) => analyzedState(r, stack, project));
    try {
      const mandatory = await policies.analyzeStack(analyzed, rootUrn);
      if (mandatory.length > 0)
        errors.push(`stack: mandatory policy violated: ${[...new Set(mandatory.map((v) => v.policy))].join(", ")}`);
    } catch (e) {
      errors.push(`stack policy analysis: ${(e as Error).message}`);
    }
  }
}
