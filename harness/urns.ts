/** Resource names as the engine builds them: URNs, type tokens, and the "name [type]" label errors use. */

export const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
/** Package of the types the dynamic-provider host serves ("pulumi-nodejs:dynamic:Resource", "pulumi-nodejs:dynamic/mod:Type"). */
export const DYNAMIC_PACKAGE = "pulumi-nodejs";

export function urnName(urn: string): string {
  const idx = urn.lastIndexOf("::");
  return idx >= 0 ? urn.slice(idx + 2) : urn;
}

function urnQualifiedType(urn: string): string {
  const parts = urn.split("::");
  return parts.length >= 4 ? parts[2] : "";
}

export function makeUrn(stack: string, project: string, parent: string, type: string, name: string): string {
  let qualified = type;
  if (parent) {
    const parentType = urnQualifiedType(parent);
    if (parentType && parentType !== ROOT_STACK_TYPE) qualified = `${parentType}$${type}`;
  }
  return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

export function packageOf(type: string): string {
  return type.split(":")[0];
}

/** How errors name a resource: `name [type]`, the form RunResult.errors promises. */
export function resourceLabel(name: string, type: string): string {
  return `${name} [${type}]`;
}
