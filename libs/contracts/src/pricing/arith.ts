// Integer arithmetic for the engine: exact products (bigint past 2^53) with half-up rounding, and a
// largest-remainder split whose shares add up exactly (the same rule computeSale spreads an invoice
// discount with; ties go to the earlier line in the cart's canonical order).

const SAFE = Number.MAX_SAFE_INTEGER;

/** round_half_up(a × b × c / d) for non-negative integers a, b, c and positive d. */
export function mulDivRound(a: number, b: number, c: number, d: number): number {
  const ab = a * b;
  if (ab <= SAFE && ab * c <= SAFE / 2) {
    const num = ab * c;
    const q = Math.floor(num / d);
    const r = num - q * d;
    return r * 2 >= d ? q + 1 : q;
  }
  const num = BigInt(a) * BigInt(b) * BigInt(c);
  const den = BigInt(d);
  return Number((num * 2n + den) / (2n * den));
}

/** A percent with at most 2 decimals as basis points (12.5 → 1250). */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

/**
 * `total` split over `weights` in proportion (largest remainder; equal remainders go to the lower
 * index). Every share is an integer, shares add up to `total`, and a share never exceeds its
 * weight when total ≤ Σ weights. Weights are non-negative integers.
 */
export function splitByWeight(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const big = total * sum > SAFE;
  const shares: number[] = [];
  const rems: number[] = [];
  let given = 0;
  for (const w of weights) {
    let q: number;
    let r: number;
    if (big) {
      const n = BigInt(w) * BigInt(total);
      q = Number(n / BigInt(sum));
      r = Number(n % BigInt(sum));
    } else {
      const n = w * total;
      q = Math.floor(n / sum);
      r = n - q * sum;
    }
    shares.push(q);
    rems.push(r);
    given += q;
  }
  let left = total - given;
  if (left > 0) {
    const order = weights.map((_, i) => i).sort((a, b) => rems[b] - rems[a] || a - b);
    for (const i of order) {
      if (left === 0) break;
      shares[i] += 1;
      left -= 1;
    }
  }
  return shares;
}
