/** `value` rounded to `digits` decimals: the bench's figures as it prints them and writes them in JSON. */
export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
