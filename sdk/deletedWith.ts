// Settings that always exist (a venue's radio and syslog, an AP's radio) are destroyed by putting the service's
// defaults back, a request each. The service deletes them with the object they belong to, so when the same run
// deletes that object too (a destroy, or both left out of the program) those requests change nothing: a venue's radio
// and syslog resets were 120 of the requests of destroying the benchmark's 1,000-resource stack. Pulumi's `deletedWith`
// option says exactly this: the engine skips the Delete of a resource whose deletedWith resource it deletes in the
// same run (pkg/resource/deploy/step.go DeleteStep.Apply). The SDK sets it on a settings resource
// (ResourceSpec.deletedWithParent, written into the class as KindInfo.deletedWithParent) whose parent input is that parent resource's own ID output: `venueId: venue.id`,
// `serialNumber: ap.serialNumber`. Not on a switch's ports or a venue's switch settings, whose reset also releases
// the VLANs, ACLs and profile they name (see deletedWithParent): the README shows how a program sets it for ports.
//
// How the SDK knows: the public Output API does not say which resource an output comes from (Output.resources() is
// internal to @pulumi/pulumi), so the SDK keeps, for each parent it constructs, the output objects of its ID and
// matches the settings' input against them by identity. A value derived from them (`venue.id.apply(...)`, a plain
// string) is not matched, and the settings are reset on destroy as before.
//
// What it changes, under the engine's rules:
//  - the parent and the settings deleted in one run: no request for the settings;
//  - the settings alone left out of the program: reset as before (their parent is not deleted);
//  - the parent replaced: the engine replaces a resource whose deletedWith resource it replaces (step_generator.go
//    diff); the settings' parent input names the new object then, which replaces them anyway;
//  - a parent with `protect` or `retainOnDelete` may stay in the service when the run deletes it from the stack, so
//    its settings get no deletedWith and are reset as before;
//  - the program's own `deletedWith` on the settings wins.
import type * as pulumi from "@pulumi/pulumi";
import type { KindInfo } from "./kind";

type Props = Record<string, unknown>;

interface Parent {
  readonly kind: string;
  readonly resource: pulumi.Resource;
}

/** A parent resource's own ID outputs → the resource. Outputs are objects of one run, so no run sees another's. */
const parents = new WeakMap<object, Parent>();

/** Records a just-constructed resource as a parent its settings may be deleted with. */
export function noteParent(
  info: KindInfo,
  resource: pulumi.CustomResource,
  opts: pulumi.CustomResourceOptions | undefined,
): void {
  if (!info.hasSettings || opts?.protect || opts?.retainOnDelete) return;
  const parent: Parent = { kind: info.kind, resource };
  parents.set(resource.id, parent);
  // The input that is the object's ID in the service (a switch's or an AP's serialNumber) names it as well as `id`.
  const own = info.ownership.idFromInput;
  const output = own ? (resource as unknown as Props)[own] : undefined;
  if (output !== null && typeof output === "object") parents.set(output, parent);
}

/** The parent resource settings of this kind are deleted with, when the program passed that resource's own ID output. */
export function settingsParent(info: KindInfo, args: Props): pulumi.Resource | undefined {
  const link = info.deletedWithParent;
  if (!link) return undefined;
  const value = args[link.input];
  if (value === null || typeof value !== "object") return undefined;
  const parent = parents.get(value);
  return parent?.kind === link.kind ? parent.resource : undefined;
}
