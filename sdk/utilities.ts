// What the generated index needs at load time, as in Pulumi's codegen packages (their utilities.ts): nothing of the
// kinds themselves, so that importing the SDK loads only the modules a program touches.

/**
 * Defines each of `names` on `target` as a getter that loads the module on first use (Pulumi codegen's
 * `utilities.lazyLoad`): a program that uses one kind loads that kind's module and no other.
 */
export function lazyLoad(target: object, names: readonly string[], load: () => Record<string, unknown>): void {
  for (const name of names) {
    Object.defineProperty(target, name, { enumerable: true, configurable: true, get: () => load()[name] });
  }
}
