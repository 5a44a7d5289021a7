// Command-line flags of the benchmark scripts.

/** The integer after `name` in `args` (1 to `max`), or `fallback` when the flag is absent. */
export function intFlag(args: string[], name: string, fallback: number, max: number): number {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} needs an integer from 1 to ${max}`);
  return value;
}
