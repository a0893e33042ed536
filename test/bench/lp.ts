// A small linear-programme solver for the cost model's fit (real.ts): minimise c·x subject to
// A x ≤ b and x ≥ 0, by the two-phase simplex method on a dense tableau (Bland's rule when it stalls: it cannot
// cycle; the steepest column while it improves). The fit's programmes are small (some 20 costs, a few hundred rows), so this takes a few
// milliseconds; no dependency needed.

const EPS = 1e-9;

/** The x ≥ 0 that minimises c·x with A x ≤ b, or null when there is none (or it is unbounded). */
export function minimise(c: number[], A: number[][], b: number[]): number[] | null {
  const m = A.length;
  const n = c.length;
  // columns: x (n), a slack per row (m), an artificial per row whose b is negative
  const neg = b.map((v) => v < 0);
  const arts = neg.filter(Boolean).length;
  const cols = n + m + arts;
  const T: number[][] = [];
  const basis: number[] = [];
  let a = 0;
  for (let i = 0; i < m; i++) {
    const row = new Array(cols + 1).fill(0) as number[];
    const s = neg[i] ? -1 : 1;
    for (let j = 0; j < n; j++) row[j] = s * A[i][j];
    row[n + i] = s; // slack (a surplus when the row was negated)
    row[cols] = s * b[i];
    if (neg[i]) {
      row[n + m + a] = 1;
      basis.push(n + m + a);
      a++;
    } else basis.push(n + i);
    T.push(row);
  }
  const pivot = (r: number, k: number) => {
    const pr = T[r];
    const p = pr[k];
    for (let j = 0; j <= cols; j++) pr[j] /= p;
    for (let i = 0; i < T.length; i++) {
      if (i === r) continue;
      const f = T[i][k];
      if (Math.abs(f) < 1e-15) continue;
      const row = T[i];
      for (let j = 0; j <= cols; j++) row[j] -= f * pr[j];
    }
    basis[r] = k;
  };
  // runs the simplex on objective row z (costs per column; minimised), over columns < limit
  const run = (cost: number[], limit: number): boolean => {
    let stalled = 0;
    let last = Infinity;
    for (let iter = 0; iter < 20000; iter++) {
      // reduced costs: the most negative enters (Dantzig), or the first negative (Bland) while the
      // objective stalls, so that it cannot cycle
      const inBasis = new Uint8Array(cols);
      for (let i = 0; i < m; i++) inBasis[basis[i]] = 1;
      const bland = stalled > 50;
      let enter = -1;
      let most = -EPS;
      for (let j = 0; j < limit; j++) {
        if (inBasis[j]) continue;
        let d = cost[j];
        for (let i = 0; i < m; i++) d -= cost[basis[i]] * T[i][j];
        if (d < most) {
          enter = j;
          most = d;
          if (bland) break;
        }
      }
      if (enter < 0) return true;
      let z = 0;
      for (let i = 0; i < m; i++) z += cost[basis[i]] * T[i][cols];
      stalled = z < last - 1e-12 ? 0 : stalled + 1;
      last = Math.min(last, z);
      let leave = -1;
      let best = Infinity;
      for (let i = 0; i < m; i++) {
        const v = T[i][enter];
        if (v > EPS) {
          const q = T[i][cols] / v;
          if (q < best - EPS || (Math.abs(q - best) <= EPS && leave >= 0 && basis[i] < basis[leave])) {
            best = q;
            leave = i;
          }
        }
      }
      if (leave < 0) return false; // unbounded
      pivot(leave, enter);
    }
    return false;
  };
  if (arts > 0) {
    const phase1 = new Array(cols).fill(0) as number[];
    for (let j = n + m; j < cols; j++) phase1[j] = 1;
    if (!run(phase1, cols)) return null;
    let infeasibility = 0;
    for (let i = 0; i < m; i++) if (basis[i] >= n + m) infeasibility += T[i][cols];
    if (infeasibility > 1e-7) return null;
    // an artificial left in the basis at 0: pivot it out on any other column
    for (let i = 0; i < m; i++) {
      if (basis[i] < n + m) continue;
      for (let j = 0; j < n + m; j++) {
        if (Math.abs(T[i][j]) > EPS && basis.indexOf(j) < 0) {
          pivot(i, j);
          break;
        }
      }
    }
  }
  const phase2 = new Array(cols).fill(0) as number[];
  for (let j = 0; j < n; j++) phase2[j] = c[j];
  if (!run(phase2, n + m)) return null;
  const x = new Array(n).fill(0) as number[];
  for (let i = 0; i < m; i++) if (basis[i] < n) x[basis[i]] = T[i][cols];
  return x;
}
