// The SGF time record, read back with a real SGF parser (@sabaki/sgf): TM and OT in the root (OT in
// the forms KGS writes and OGS reads), GC stating the game, after each move the mover's time left
// (BL/WL) and, in overtime, its periods or block moves left (OB/OW), each equal to the simulator's
// reading after that press; merged into a game record by move number, keeping the record's own
// moves; a record that is not whole refused.

import { describe, it, expect } from "vitest";
import sgf, { type SgfNode } from "@sabaki/sgf";
import { run } from "../core/helpers";
import { mergeInto, timeRecord, timedMoves } from "../../hw/tool/sgf";
import { ToolError } from "../../hw/tool/errors";
import type { LogEntry as CoreEntry, Reading } from "../../firmware/core/index";
import type { GameInfo, LogEntry } from "../../hw/tool/wire";

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

/** The game as the clock states it (the log reply's `game`). */
function game(black: string, white: string, o: Partial<GameInfo> = {}): GameInfo {
  return Object.assign({ black: black, white: white, handicap: 0, whiteOnRight: true, lateLimitMs: 3600000, firmware: "1a2b3c4d" }, o);
}

const GAME = "control 1m+3x30s\nat 0 press white\n" + [20, 50, 95, 110, 150, 160, 185, 230].map((t, i) => "at " + t + " press " + (i % 2 ? "white" : "black")).join("\n") + "\nrun 240\n";

describe("sgf", () => {
  const r = run(GAME);
  const log = r.clock.log.map(wire);
  const controls = { black: "1m+3x30s", white: "1m+3x30s" };
  const g = game("1m+3x30s", "1m+3x30s");
  const moves = timedMoves(log, controls);

  it("one node per move, the mover's time left and, in byoyomi, periods left, as the simulator read them after each press", () => {
    const text = timeRecord(moves, g, "t");
    const root = sgf.parse(text)[0].data;
    expect(root.FF).toEqual(["4"]);
    expect(root.TM).toEqual(["60"]);
    expect(root.OT).toEqual(["3x30 byo-yomi"]);
    expect(root.GC).toEqual(["goclock game: Black 1m+3x30s, White 1m+3x30s; handicap 0 (even game); White's button right; lateness limit 1:00:00; firmware 1a2b3c4d"]);
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
    const m = mergeInto(game, moves, g, "t");
    expect(m.timed).toBe(8);
    expect(m.notes).toEqual([]);
    const root = sgf.parse(m.text)[0].data;
    expect(root.PB).toEqual(["Ke Jie"]);
    expect(root.TM).toEqual(["60"]);
    const nodes = mainLine(m.text);
    expect(nodes.map((n) => n.B?.[0] ?? n.W?.[0])).toEqual(points);
    expect(nodes[3].C).toEqual(["a fine move"]);
    const alone = mainLine(timeRecord(moves, g, "t"));
    nodes.forEach((n, i) => {
      for (const p of ["BL", "WL", "OB", "OW"]) expect(n[p], p + " of move " + (i + 1)).toEqual(alone[i][p]);
    });
  });

  it("--into a record of another game (the colours differ): refused, nothing merged", () => {
    expect(() => mergeInto("(;GM[1]FF[4];W[pd];B[dd])", moves, g, "t")).toThrow(/move 1 is white's in the game record but black's on the clock/);
    expect(() => mergeInto("not an sgf", moves, g, "t")).toThrow(/not an SGF game record/);
  });

  it("a shorter game record takes the times it has moves for, and says so", () => {
    const m = mergeInto("(;GM[1]FF[4];B[pd];W[dd])", moves, g, "t");
    expect(m.timed).toBe(2);
    expect(m.notes).toEqual(["the clock has 8 moves, the game record 2: moves after 2 have no record to go on"]);
  });

  it("moves blocks: OB is the moves left in the block; a time-odds game: TM/OT Black's, GC names both sides' controls", () => {
    const b = run("control black 1m+5/2m\ncontrol white 2m+F10s\nat 0 press white\nat 70 press black\nat 80 press white\nat 100 press black\nrun 120\n");
    const ctl = { black: "1m+5/2m", white: "2m+F10s" };
    const text = timeRecord(timedMoves(b.clock.log.map(wire), ctl), game(ctl.black, ctl.white, { handicap: 0, whiteOnRight: false, lateLimitMs: 900000 }), "t");
    const root = sgf.parse(text)[0].data;
    expect(root.TM).toEqual(["60"]);
    expect(root.OT).toEqual(["5/120 Canadian"]);
    expect(root.GC).toEqual([
      "goclock game: Black 1m+5/2m, White 2m+F10s (time odds); handicap 0 (even game); White's button left; lateness limit 15:00; firmware 1a2b3c4d" +
        " (12.5 blocks: unused time carries over to the next block; OT says Canadian, the nearest form a reader shows)",
    ]);
    const nodes = mainLine(text);
    expect(nodes[0]).toMatchObject({ B: [""], BL: ["110"], OB: ["4"] });
    expect(nodes[1]).toMatchObject({ W: [""], WL: ["120"] });
    expect(nodes[1].OW).toBeUndefined();
    expect(nodes[2]).toMatchObject({ B: [""], BL: ["90"], OB: ["3"] });
  });

  it("OT in the forms KGS writes and OGS reads, nothing after them; none where a reader has no form; HA for a handicap", () => {
    const ot = (black: string, white = black) => sgf.parse(timeRecord([], game(black, white, { handicap: 3 }), "t"))[0].data;
    expect(ot("2h+5x60s")).toMatchObject({ TM: ["7200"], OT: ["5x60 byo-yomi"], HA: ["3"] });
    expect(ot("2h(5x60s)")).toMatchObject({ TM: ["6900"], OT: ["5x60 byo-yomi"] });
    expect(ot("5x10s")).toMatchObject({ TM: ["0"], OT: ["5x10 byo-yomi"] });
    expect(ot("1h+C15/5m")).toMatchObject({ TM: ["3600"], OT: ["15/300 Canadian"] });
    expect(ot("10m+F30s")).toMatchObject({ TM: ["600"], OT: ["30 fischer"] });
    expect(ot("90m").OT).toBeUndefined();
    expect(ot("90m").TM).toEqual(["5400"]);
    expect(ot("10m+D5s").OT).toBeUndefined();
    // a time-odds game where only White has an overtime: TM/OT are Black's, GC says White's
    const odds = ot("90m", "1h+5x30s");
    expect(odds.OT).toBeUndefined();
    expect(odds.GC[0]).toContain("Black 90m, White 1h+5x30s (time odds)");
  });

  it("--into keeps the record's own GC and replaces its own earlier line; TM/OT are the clock's", () => {
    const once = mergeInto("(;GM[1]FF[4]GC[Round 3, board 1]TM[1]OT[Mysterious];B[pd];W[dd])", moves, g, "t");
    const twice = mergeInto(once.text, moves, game("90m", "90m"), "t");
    const root = sgf.parse(twice.text)[0].data;
    expect(root.GC[0].split("\n")).toEqual(["Round 3, board 1", "goclock game: Black 90m, White 90m; handicap 0 (even game); White's button right; lateness limit 1:00:00; firmware 1a2b3c4d"]);
    expect(root.TM).toEqual(["5400"]);
    expect(root.OT).toBeUndefined();
  });

  it("a record that is not whole is refused, never repaired: every cut of a record, a tree left open, text after it", () => {
    const whole = "(;GM[1]FF[4]SZ[19]C[a \\] in a comment]\n;B[pd]\n(;W[dd];B[pp])\n(;W[dp]))\n";
    expect(mergeInto(whole, moves, g, "t").timed).toBe(3);
    let refused = 0;
    for (let n = 0; n < whole.trimEnd().length; n++) {
      expect(() => mergeInto(whole.slice(0, n), moves, g, "t"), "cut at " + n).toThrow(ToolError);
      refused++;
    }
    expect(refused).toBe(whole.trimEnd().length);
    expect(() => mergeInto("(;GM[1];B[pd];W[dd]", moves, g, "t")).toThrow("the game record is not whole: it ends before its game tree is closed (1 ')' missing: the file is cut short)");
    expect(() => mergeInto("(;GM[1];B[pd];W[d", moves, g, "t")).toThrow("a value opened at line 1, column 16 is never closed (the file is cut short)");
    expect(() => mergeInto("(;GM[1];B[pd]))", moves, g, "t")).toThrow("a ')' with no '(' at line 1, column 15");
    expect(() => mergeInto("(;GM[1];B[pd])B[dd]", moves, g, "t")).toThrow("text after the end of the game record at line 1, column 15");
    // a collection of two games is whole
    expect(() => mergeInto("(;GM[1];B[pd])(;GM[1];B[dd])", moves, g, "t")).not.toThrow();
  });
});
