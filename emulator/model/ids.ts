// Identifiers: 32 lowercase hex characters for tenants and objects (the service's tenant ID
// format), UUIDs for request IDs. A numeric seed makes a run reproducible, for demos and
// golden files; without one, IDs come from the system's random source. Secrets (tokens, file
// signatures and file IDs, passwords the emulator makes up) never follow the seed: they come
// from `crypto` always (newToken, newSecretHex, newDigits), so that knowing the seed, or one's own
// IDs, tells nothing about another tenant's secrets.
import { randomFillSync } from "node:crypto";

/**
 * Random bytes drawn from the system's source a pool at a time: one call per 256 IDs instead of one per ID (a
 * guest import of 45,000 rows draws 90,000 values; one call each cost about half a second).
 */
const pool = Buffer.alloc(4096);
let poolUsed = pool.length;

function randomHex(bytes: number): string {
  if (poolUsed + bytes > pool.length) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const hex = pool.toString("hex", poolUsed, poolUsed + bytes);
  poolUsed += bytes;
  return hex;
}

export interface IdSource {
  /** 32 lowercase hex characters. */
  hex32(): string;
  /** A version-4-shaped UUID. */
  uuid(): string;
  /** Where a seeded stream stands (undefined without a seed), so that a restart from a state file draws no ID twice. */
  position(): number | undefined;
  /** Continues a seeded stream from a saved position; without a seed, nothing to continue. */
  resume(position: number): void;
}

export function createIdSource(seed?: number): IdSource {
  const seeded = seed === undefined ? undefined : mulberry32(seed);
  const hex32 = seeded === undefined ? () => randomHex(16) : seededHex32(seeded);
  return {
    hex32,
    position: () => seeded?.state(),
    resume: (position) => seeded?.resume(position),
    uuid() {
      const h = hex32();
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[parseInt(h[16], 16) & 3]}${h.slice(17, 20)}-${h.slice(20)}`;
    },
  };
}

/** mulberry32: small, fast, and good enough to make IDs that do not collide in practice. */
interface Mulberry32 {
  (): number;
  state(): number;
  resume(state: number): void;
}

function mulberry32(seed: number): Mulberry32 {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return Object.assign(next, { state: () => state, resume: (saved: number) => void (state = saved >>> 0) });
}

function seededHex32(next: () => number): () => string {
  return () => {
    let out = "";
    for (let i = 0; i < 4; i++) out += next().toString(16).padStart(8, "0");
    return out;
  };
}

/**
 * Numbers in [0, 1) for latency jitter and fault probabilities. With a seed, a run's faults and
 * delays repeat; the stream is separate from the IDs', so drawing one does not shift the other.
 */
export function createRandom(seed?: number): () => number {
  if (seed === undefined) return Math.random;
  const next = mulberry32(seed ^ 0x5eed_f00d);
  return () => next() / 0x1_0000_0000;
}

/** Tokens do not follow the seed: nothing needs them reproducible, and guessable tokens help no one. */
export function newToken(): string {
  return randomHex(24);
}

/** A secret of 32 lowercase hex characters (a file ID or signature, a password), from the system's random source whatever the seed. */
export function newSecretHex(): string {
  return randomHex(16);
}

/** `count` decimal digits from the system's random source whatever the seed (a guest pass). */
export function newDigits(count: number): string {
  let out = "";
  while (out.length < count) {
    // 48 random bits modulo 10^8: the bias is below one in a million.
    out += (Number.parseInt(randomHex(6), 16) % 100_000_000).toString().padStart(8, "0");
  }
  return out.slice(0, count);
}
