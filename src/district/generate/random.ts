/**
 * Seeded randomness for the district generator. Pure: no clock and no Math.random. Only
 * integer operations (Math.imul, shifts) and + − × ÷ √ are used, so the same seed gives the
 * same numbers on every platform.
 */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
}

/** cyrb128: hashes text into four 32-bit words (the seed of one stream). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) seeded from `seed` and a stream
 * name, so each part of the generator draws from its own stream and adding a staff line does
 * not move the schools.
 */
export function makeRng(seed: number, stream = ''): Rng {
  let [a, b, c, d] = cyrb128(`${seed}/${stream}`);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return { next };
}

/** A whole number from lo to hi inclusive. */
export function randInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng.next() * (hi - lo + 1));
}

/** Roughly normal (mean 0, sd 1): the sum of four uniforms, rescaled (Irwin–Hall). */
export function normalish(rng: Rng): number {
  return (rng.next() + rng.next() + rng.next() + rng.next() - 2) * Math.sqrt(3);
}

/** Draws an index with probability proportional to its weight. */
export function picker(weights: readonly number[]): (rng: Rng) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += Math.max(0, w)));
  if (!(sum > 0)) throw new RangeError('picker: the weights add up to nothing');
  return (rng) => {
    const x = rng.next() * sum;
    for (let i = 0; i < cumulative.length; i++) if (x < cumulative[i]) return i;
    return cumulative.length - 1;
  };
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Splits a whole number in proportion to weights, exactly (largest remainder; ties go to the
 * earlier index). With no positive weight, it splits evenly.
 * @example apportion(10, [1, 1, 1]) → [4, 3, 3]
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  const w = sum > 0 ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const wsum = sum > 0 ? sum : weights.length;
  const quotas = w.map((x) => (total * x) / wsum);
  const out = quotas.map(Math.floor);
  let left = total - out.reduce((s, x) => s + x, 0);
  const order = quotas.map((q, i) => i).sort((i, j) => (quotas[j] - out[j]) - (quotas[i] - out[i]) || i - j);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k]]++;
  for (let k = order.length - 1; left < 0; k = (k - 1 + order.length) % order.length) {
    if (out[order[k]] > 0) (out[order[k]]--, left++);
  }
  return out;
}
