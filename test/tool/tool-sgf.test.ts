// The SGF time record, read back with a real SGF parser (@sabaki/sgf): TM and OT in the root, after
// each move the mover's time left (BL/WL) and, in overtime, its periods or block moves left
// (OB/OW), each equal to the simulator's reading after that press; merged into a game record by
// move number, keeping the record's own moves.

import { describe, it, expect } from "vitest";
import sgf, { type SgfNode } from "@sabaki/sgf";
import { run } from "../core/helpers";
import { mergeInto, timeRecord, timedMoves } from "../../hw/tool/sgf";
import type { LogEntry as CoreEntry, Reading } from "../../firmware/core/index";
import type { LogEntry } from "../../hw/tool/wire";

/** The log as the link carries it (what hw/README.md's log reply holds). */
function wire(e: CoreEntry): LogEntry {
  const r = (x: Reading) => ({ mainMs: x.mainMs, periodsLeft: x.periodsLeft, periodMs: x.periodMs, movesLeft: x.movesLeft, moves: x.moves, usedMs: x.usedMs, leftMs: x.shownMs });
  return { t: e.t, what: e.what, side: e.side ?? undefined, info: e.info, text: "", black: r(e.black), white: r(e.white) };
}

/** The main line's move nodes. */
function mainLine(text: string): Record<string, string[]>[] {
  const roots = sgf.parse(text);
  const out: Record<string, string[]>[] = [];
  for (let n: SgfNode | undefined = roots[0].children[0]; n; n = n.children[0]) out.push(n.data);
  return out;
}

const GAME = "control 1m+3x30s\nat 0 press white\n" + [20, 50, 95, 110, 150, 160, 185, 230].map((t, i) => "at " + t + " press " + (i % 2 ? "white" : "black")).join("\n") + "\nrun 240\n";

describe("sgf", () => {
  const r = run(GAME);
  const log = r.clock.log.map(wire);
  const controls = { black: "1m+3x30s", white: "1m+3x30s" };
  const moves = timedMoves(log, controls);

  it("one node per move, the mover's time left and, in byoyomi, periods left, as the simulator read them after each press", () => {
    const text = timeRecord(moves, { controls: controls, handicap: 0, version: "t" });
    const root = sgf.parse(text)[0].data;
    expect(root.FF).toEqual(["4"]);
    expect(root.TM).toEqual(["60"]);
    expect(root.OT).toEqual(["3x30 byo-yomi (1m+3x30s)"]);
    const nodes = mainLine(text);
    const presses = r.clock.log.filter((e) => e.what === "press" && e[e.side!].moves > 0);
    expect(nodes.length).toBe(8);
    expect(presses.length).toBe(8);
    presses.forEach((e, i) => {
      const side = e.side!;
      const c = side === "black" ? "B" : "W";
      const read = e[side];
      const left = read.mainMs > 0 ? read.mainMs : read.periodMs;
      expect(nodes[i][c], "move " + (i + 1)).toEqual([""]);
      expect(Number(nodes[i][c + "L"][0]) * 1000).toBe(left);
      expect(nodes[i]["O" + c]).toEqual(read.mainMs > 0 ? undefined : [String(read.periodsLeft)]);
    });
    // the figures themselves: Black used 20 s of main, then 10 s into byoyomi (50 s used: 40 + 10 s)
    expect(nodes[0].BL).toEqual(["40"]);
    expect(nodes[2].BL).toEqual(["30"]);
    expect(nodes[2].OB).toEqual(["3"]);
  });

  it("--into: the times go onto the game record's moves by number; its points and comments stay", () => {
    const points = ["pd", "dp", "qp", "dd", "fq", "cf", "jd", "nq"];
    const game = "(;GM[1]FF[4]SZ[19]PB[Ke Jie]PW[Shin Jinseo]" + points.map((p, i) => ";" + (i % 2 ? "W" : "B") + "[" + p + "]" + (i === 3 ? "C[a fine move]" : "")).join("") + ")";
    const m = mergeInto(game, moves, controls);
    expect(m.timed).toBe(8);
    expect(m.notes).toEqual([]);
    const root = sgf.parse(m.text)[0].data;
    expect(root.PB).toEqual(["Ke Jie"]);
    expect(root.TM).toEqual(["60"]);
    const nodes = mainLine(m.text);
    expect(nodes.map((n) => n.B?.[0] ?? n.W?.[0])).toEqual(points);
    expect(nodes[3].C).toEqual(["a fine move"]);
    const alone = mainLine(timeRecord(moves, { controls: controls, handicap: 0, version: "t" }));
    nodes.forEach((n, i) => {
      for (const p of ["BL", "WL", "OB", "OW"]) expect(n[p], p + " of move " + (i + 1)).toEqual(alone[i][p]);
    });
  });

  it("--into a record of another game (the colours differ): refused, nothing merged", () => {
    expect(() => mergeInto("(;GM[1]FF[4];W[pd];B[dd])", moves, controls)).toThrow(/move 1 is white's in the game record but black's on the clock/);
    expect(() => mergeInto("not an sgf", moves, controls)).toThrow(/not an SGF game record/);
  });

  it("a shorter game record takes the times it has moves for, and says so", () => {
    const m = mergeInto("(;GM[1]FF[4];B[pd];W[dd])", moves, controls);
    expect(m.timed).toBe(2);
    expect(m.notes).toEqual(["the clock has 8 moves, the game record 2: moves after 2 have no record to go on"]);
  });

  it("moves blocks: OB is the moves left in the block; time odds are spelt out in OT", () => {
    const b = run("control black 1m+5/2m\ncontrol white 2m+F10s\nat 0 press white\nat 70 press black\nat 80 press white\nat 100 press black\nrun 120\n");
    const ctl = { black: "1m+5/2m", white: "2m+F10s" };
    const text = timeRecord(timedMoves(b.clock.log.map(wire), ctl), { controls: ctl, handicap: 0, version: "t" });
    const root = sgf.parse(text)[0].data;
    expect(root.OT).toEqual(["Black 5/120 blocks, unused time carried over (1m+5/2m), White Fischer 10s (2m+F10s)"]);
    const nodes = mainLine(text);
    expect(nodes[0]).toMatchObject({ B: [""], BL: ["110"], OB: ["4"] });
    expect(nodes[1]).toMatchObject({ W: [""], WL: ["120"] });
    expect(nodes[1].OW).toBeUndefined();
    expect(nodes[2]).toMatchObject({ B: [""], BL: ["90"], OB: ["3"] });
  });
});
