import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LOCKOUT_MS, newDebounce, onEdge, onSettle, type Change } from "../../hw/debounce";

/** One edge of the pin: at t (ms) it goes to `down`. */
interface Edge {
  t: number;
  down: boolean;
}

/**
 * Runs the debouncer as hw/buttons.ts does, on virtual time: each edge is fed with its own time, and
 * when a lockout ends the pin's level at that instant is read. Returns what was reported, with the
 * instant each report was made.
 */
function run(edges: Edge[], readDelay = 0): { change: Change; at: number }[] {
  const d = newDebounce(false);
  const out: { change: Change; at: number }[] = [];
  const level = (t: number) => {
    let v = false;
    for (const e of edges) if (e.t <= t) v = e.down;
    return v;
  };
  let i = 0;
  for (;;) {
    const settleAt = d.until >= 0 ? d.until + readDelay : Infinity;
    const edgeAt = i < edges.length ? edges[i].t : Infinity;
    if (settleAt === Infinity && edgeAt === Infinity) return out;
    if (edgeAt < settleAt) {
      const c = onEdge(d, edges[i].down, edges[i].t);
      if (c) out.push({ change: c, at: edges[i].t });
      i++;
    } else {
      const c = onSettle(d, level(settleAt), settleAt);
      if (c) out.push({ change: c, at: settleAt });
    }
  }
}

/** A contact closing (or opening) at t and bouncing for `bounceMs`: an odd number of toggles. */
function train(t: number, down: boolean, offsets: number[]): Edge[] {
  const edges: Edge[] = [{ t: t, down: down }];
  let v = down;
  for (const o of offsets) {
    v = !v;
    edges.push({ t: t + o, down: v });
  }
  if (v !== down) edges.push({ t: t + (offsets.length ? offsets[offsets.length - 1] : 0), down: down });
  return edges;
}

const reported = (r: { change: Change }[]) => r.map((x) => x.change);

describe("button debounce", () => {
  it("a clean press is reported at its own edge time, as the edge arrives", () => {
    const r = run([{ t: 1234, down: true }]);
    expect(r).toEqual([{ change: { down: true, t: 1234 }, at: 1234 }]);
  });

  it("a bounce train of 1 to 10 ms gives exactly one press and one release, each at its first edge", () => {
    const offsets = fc.integer({ min: 1, max: 10 }).chain((len) =>
      fc.array(fc.integer({ min: 0, max: len }), { minLength: 0, maxLength: 12 }).map((a) => a.sort((x, y) => x - y)),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100000 }), offsets, fc.integer({ min: 60, max: 5000 }), offsets, (t0, pressBounce, hold, releaseBounce) => {
        const edges = train(t0, true, pressBounce).concat(train(t0 + hold, false, releaseBounce));
        const r = run(edges);
        expect(reported(r)).toEqual([{ down: true, t: t0 }, { down: false, t: t0 + hold }]);
        // neither is delayed: each is reported when its first edge comes in
        expect(r.map((x) => x.at)).toEqual([t0, t0 + hold]);
      }),
    );
  });

  it("two real presses 60 ms apart are both seen", () => {
    const edges = train(0, true, [1, 2, 4]).concat(train(30, false, [2, 3, 5]), train(60, true, [1, 3, 6]), train(90, false, [2]));
    expect(reported(run(edges))).toEqual([
      { down: true, t: 0 },
      { down: false, t: 30 },
      { down: true, t: 60 },
      { down: false, t: 90 },
    ]);
  });

  it("a tap shorter than the lockout still ends: the release comes when the lockout ends, dated by its edge", () => {
    const r = run(train(100, true, [2, 3]).concat(train(115, false, [1, 4])));
    expect(reported(r)).toEqual([{ down: true, t: 100 }, { down: false, t: 119 }]);
    expect(r[1].at).toBe(100 + LOCKOUT_MS);
  });

  it("a release whose edge the interrupt missed is found when the lockout ends", () => {
    const d = newDebounce(false);
    expect(onEdge(d, true, 500)).toEqual({ down: true, t: 500 });
    // no edge reached the handler, but the pin reads released when the lockout ends (a little late)
    expect(onSettle(d, false, 530)).toEqual({ down: false, t: 530 });
    expect(onSettle(d, false, 560)).toBeNull();
  });

  it("a lockout timer that fires late changes nothing but the instant of a re-synced release", () => {
    const edges = train(0, true, [1, 2]).concat(train(10, false, [1, 3]));
    const r = run(edges, 40);
    expect(reported(r)).toEqual([{ down: true, t: 0 }, { down: false, t: 13 }]);
  });

  it("an early settle call is ignored", () => {
    const d = newDebounce(false);
    onEdge(d, true, 0);
    expect(onSettle(d, false, LOCKOUT_MS - 1)).toBeNull();
    expect(d.down).toBe(true);
  });
});
