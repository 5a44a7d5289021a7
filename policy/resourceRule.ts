// How a resource rule of the pack is declared: its parameters (zod, their JSON Schema sent to the
// engine), the kinds it reads, and a check of one resource; made into @pulumi/policy's policy here.
import type { ReportViolation, ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { z } from "zod";
import { type Props, configSchemaOf, kindOf, paramsOf, typeOf } from "./common";

/** A resource rule: its parameters (zod) and a check of one resource of the kinds it names. */
export interface ResourceRule<P extends z.AnyZodObject> {
  name: string;
  description: string;
  enforcementLevel: "advisory" | "mandatory";
  params: P;
  /** The kinds it reads ("Network"), or every kind of the package. */
  kinds: readonly string[] | "all";
  check(
    props: Props,
    params: z.infer<P>,
    at: Where,
    report: (message: string) => void,
    args: ResourceValidationArgs,
  ): void;
}

/** The resource a violation is about, for its message. */
export interface Where {
  kind: string;
  name: string;
}

export function resourceRule<P extends z.AnyZodObject>(rule: ResourceRule<P>): ResourceValidationPolicy {
  const validateResource = (args: ResourceValidationArgs, reportViolation: ReportViolation) => {
    const kind = kindOf(args.type);
    if (!kind || (rule.kinds !== "all" && !rule.kinds.includes(kind))) return;
    const params = paramsOf(rule.name, rule.params, args.getConfig());
    rule.check(args.props, params, { kind, name: args.name }, (message) => reportViolation(message), args);
  };
  // A rule of one kind names its type as validateResourceOfType does: the analyzer server then skips other
  // resources without reading their properties (server.ts: "Fast check to see if the policy isn't applicable").
  if (rule.kinds !== "all" && rule.kinds.length === 1)
    Object.assign(validateResource, { __pulumiType: typeOf(rule.kinds[0]) });
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.enforcementLevel,
    configSchema: configSchemaOf(rule.params),
    validateResource,
  };
}

export const noParams = z.object({});
