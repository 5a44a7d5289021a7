// What every step of one kind's lifecycle shares: the spec and its fields, the client and the
// kind's objects on the wire, the write body, the comparison of the program with the service, and
// the mapping of the service's answers to state.
import { DEFAULT_WIFI_API_VARIANT, fieldsOf, type WifiApiVariant } from "../../contract/meta";
import { withoutUnsetNulls } from "../../contract/validate";
import type { NmsClient } from "../client";
import { changedFields } from "../compare";
import { specFields, type SpecFields } from "../fields";
import { replacedByOption, replaceOnChangesOf } from "../resourceOptions";
import { pick, type Props, type ResourceSpec } from "../spec";
import { explicitTenant, TENANT_INPUT } from "../tenant";
import { readMapping, type ReadMapping } from "./mapping";
import { objectAccess, type ObjectAccess } from "./objectAccess";
import type { PreviewReads } from "./previewReads";

export type ClientSource = () => Promise<NmsClient>;

export interface LifecycleOptions {
  /** Whether refresh reads come from cached list calls where the spec allows (default yes). */
  refreshFromLists?: () => boolean;
  /** The tenant's Wi-Fi API variant (nms:wifiApiVariant); throws when the setting is invalid. */
  variant?: () => WifiApiVariant;
  /** What check reads from the service once the inputs are valid (provider/lifecycle/previewReads.ts); none without. */
  previewReads?: PreviewReads;
  /**
   * The configured tenant (nms:tenantId), read alone for diff, which must not need credentials; undefined when it is
   * not set. Default: the client's.
   */
  configuredTenant?: () => string | undefined;
}

export interface LifecycleContext extends ReadMapping {
  readonly spec: ResourceSpec;
  readonly fields: SpecFields;
  readonly options: LifecycleOptions;
  readonly getClient: ClientSource;
  /** The tenant's Wi-Fi API variant; throws when the setting is invalid. */
  variant(): WifiApiVariant;
  /** The input schema's defaults in the tenant's variant. */
  defaults(): Readonly<Record<string, unknown>>;
  /** Inputs written by operations of their own instead of the update (toggles, triggers). */
  readonly sideEffectFields: ReadonlySet<string>;
  readonly triggerFields: readonly string[];
  /**
   * The client in the resource's tenant (its `tenantId`, else the configured tenant), and its objects there. Every call
   * of the resource, its request-record polls, its batches and cached lists included, goes through this tenant's view.
   */
  access(props: Props): Promise<{ client: NmsClient; objects: ObjectAccess }>;
  /** Outputs with the tenant the object is in, resolved (refresh, update and delete go there, whatever the configuration says later). */
  inTenant(outs: Props, client: NmsClient): Props;
  /** The inputs in the wire's shape (the body check validates). */
  toApi(inputs: Props): Props | Props[];
  /** The write body: the program's fields in the wire's shape, and those the provider makes itself (a file uploaded for its ID). */
  writeBody(client: NmsClient, inputs: Props, previous: Props | undefined): Promise<Props | Props[]>;
  /**
   * The inputs as the service takes them: a null that stands for "not set" (contract/validate.ts withoutUnsetNulls) is
   * left out, so that it is compared like a field the program leaves out (with its default at the top, not at all
   * inside an object) instead of with the default the service fills in for it.
   */
  asTheServiceTakes(inputs: Props): Props;
  /** The inputs whose desired value the actual object does not hold. */
  changed(given: Props, actual: Props): string[];
  /** Of the differing fields, those whose change replaces the object: the kind's triggers, and the program's replaceOnChanges option. */
  replacedBy(differing: readonly string[], news: Props, actual: Props): string[];
}

export function lifecycleContext(
  spec: ResourceSpec,
  getClient: ClientSource,
  options: LifecycleOptions,
): LifecycleContext {
  const fields = specFields(spec);
  const variant = () => options.variant?.() ?? DEFAULT_WIFI_API_VARIANT;
  const defaults = () => fields.defaults(variant());
  const triggerFields = Object.keys(spec.triggers ?? {});
  const sideEffectFields = new Set([...Object.keys(spec.toggles ?? {}), ...triggerFields]);
  // What the write body carries: every input but the triggers (they call their own operations), and of those only the
  // body schema's fields when the spec has one and no mapping of its own (a settings body has no slot for its venueId).
  const inputBodyFields = fields.inputNames.filter((f) => !triggerFields.includes(f) && !fields.pathInputs.includes(f));
  const bodyFields =
    spec.bodySchema && !spec.toApi ? fieldsOf(spec.bodySchema("newer")).map((f) => f.name) : inputBodyFields;
  const toApi = (inputs: Props): Props | Props[] =>
    spec.toApi ? spec.toApi(pick(inputs, inputBodyFields)) : pick(inputs, bodyFields);
  const writeBody = async (client: NmsClient, inputs: Props, previous: Props | undefined): Promise<Props | Props[]> =>
    spec.overrides?.writeBody ? spec.overrides.writeBody.build(client, inputs, previous, toApi(inputs)) : toApi(inputs);

  /**
   * Whether a field the program leaves out is whatever the service holds: one the service fills in from its own state,
   * and, of a kind the service cannot update (every change replaces it), any but those with operations of their own
   * (toggles, triggers). An adopted guest user keeps the notes the front desk wrote instead of being replaced to clear them.
   */
  const leftToService = (field: string): boolean =>
    fields.filledByService.includes(field) || (spec.ops.update === undefined && !sideEffectFields.has(field));

  const asTheServiceTakes = (inputs: Props): Props => withoutUnsetNulls(spec.inputSchema(variant()), inputs) as Props;

  const changed = (given: Props, actual: Props): string[] => {
    const desired = asTheServiceTakes(given);
    const compared = fields.inputNames.filter((f) => desired[f] !== undefined || !leftToService(f));
    return changedFields(compared, desired, actual, defaults());
  };

  const replacedBy = (differing: readonly string[], news: Props, actual: Props): string[] => {
    const inPlace = (field: string) =>
      !fields.replaceOnChanges.includes(field) && (spec.ops.update !== undefined || sideEffectFields.has(field));
    // The program's replaceOnChanges option, which the engine cannot apply to a dynamic resource (provider/resourceOptions.ts).
    const desired = asTheServiceTakes(news);
    const want = (field: string) => (desired[field] === undefined ? defaults()[field] : desired[field]);
    const byOption = replacedByOption(replaceOnChangesOf(news), differing, want, actual);
    return differing.filter((field) => !inPlace(field) || byOption.includes(field));
  };

  return {
    ...readMapping(spec, variant),
    spec,
    fields,
    options,
    getClient,
    variant,
    defaults,
    sideEffectFields,
    triggerFields,
    async access(props) {
      const root = await getClient();
      const client = root.forTenant(explicitTenant(props) ?? root.tenantId);
      return { client, objects: objectAccess(spec, client) };
    },
    inTenant: (outs, client) => ({ ...outs, [TENANT_INPUT]: client.tenantId }),
    toApi,
    writeBody,
    asTheServiceTakes,
    changed,
    replacedBy,
  };
}
