// The power goes at a random instant of a random game (a thousand of them, every time system), on
// the desktop board and on a board that checkpoints as the device does: the game that comes back
// never gives the players more time than they had at the cut, never takes more than the checkpoint
// interval from them, and its log keeps one timeline (every instant at or after the one before).
import { describe, it, expect, afterAll } from "vitest";
import { startApp, type App } from "../../firmware/app";
import { makeConsole } from "../../firmware/link/console";
import { LEFT, RIGHT } from "../../firmware/board";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { Rng } from "../double/units";
import type { Side } from "../../firmware/core/index";
import { readLog } from "../../firmware/record/readlog";

const CONTROLS = ["5m", "1m+3x10s", "30s+2x20s", "10s+3x30s", "2x60s", "5x10s", "1m+5/30s", "1m+C3/20s", "1m+F5s", "1m+D5s"];
/** The desktop's checkpoints (every second) and the device's (60 s in main time, 10 s in overtime). */
const BOARDS = [
  { name: "desktop", checkpoint: { mainMs: 1000, overtimeMs: 1000 } },
  { name: "device", checkpoint: { mainMs: 60000, overtimeMs: 10000 } },
];
/** A wake comes at least once a second while a clock runs (the face's seconds). */
const WAKE_MS = 1000;

function boot(store: MemoryStore, checkpoint: { mainMs: number; overtimeMs: number }): { app: App; board: SimBoard; time: VirtualTime } {
  const time = new VirtualTime();
  const board = new SimBoard(time, store);
  board.checkpoint = checkpoint;
  return { app: startApp(board), board, time };
}

interface Worst {
  givenBackMs: number;
  control: string;
}
const worst: Record<string, Record<string, Worst>> = {};

describe("a power cut at a random instant of a random game", () => {
  const rng = new Rng(20261204);
  const trials = Array.from({ length: 1000 }, (_, i) => ({
    i,
    board: BOARDS[i % 2],
    control: CONTROLS[rng.int(0, CONTROLS.length - 1)],
    gaps: Array.from({ length: rng.int(0, 30) }, () => rng.int(200, 25000)),
    cutAfterMs: rng.int(0, 30000),
    // half of the cuts fall right on a press's edge, before its record is written
    onPress: rng.next() < 0.5,
  }));

  it.each(trials)("#$i $board.name $control: never more time than at the cut, at most a checkpoint's interval less; one timeline", ({ board: b, control, gaps, cutAfterMs, onPress }) => {
    const store = new MemoryStore();
    store.set("clock.set", encodeSettings({ ...defaultSettings(), black: control, white: control }));
    const { app, board, time } = boot(store, b.checkpoint);
    makeConsole(app).op("start"); // Black's clock runs from 0
    let t = 0;
    for (const gap of gaps) {
      t += gap;
      time.runUntil(t);
      const g = app.clock.game;
      if (g.phase !== "running") break;
      board.edge(app.sideOf(LEFT) === g.toMove ? LEFT : RIGHT, true, t);
    }
    const cutAt = onPress ? t : t + cutAfterMs;
    if (!onPress) time.runUntil(cutAt);
    // the truth at the cut: what the clock had when the power went
    const truth = { black: app.clock.reading("black", cutAt), white: app.clock.reading("white", cutAt) };

    const again = boot(store, b.checkpoint);
    const back = { black: again.app.clock.reading("black", 0), white: again.app.clock.reading("white", 0) };
    const phase = again.app.clock.game.phase;
    const sides: Side[] = ["black", "white"];
    // the start's own record lost with the cut (the power went as the game began): back in set-up
    if (phase === "setup") return expect(truth.black.usedMs + truth.white.usedMs).toBeLessThanOrEqual(WAKE_MS);
    expect(["paused", "flagged", "ended"]).toContain(phase);
    let givenBack = 0;
    for (const s of sides) {
      expect(back[s].usedMs, s + " used").toBeLessThanOrEqual(truth[s].usedMs);
      expect(back[s].periodsLeft, s + " periods").toBeGreaterThanOrEqual(truth[s].periodsLeft);
      expect(back[s].moves, s + " moves").toBeLessThanOrEqual(truth[s].moves);
      givenBack += truth[s].usedMs - back[s].usedMs;
    }
    const bound = Math.max(b.checkpoint.mainMs, b.checkpoint.overtimeMs) + WAKE_MS;
    expect(givenBack).toBeLessThanOrEqual(bound);
    const kind = control.replace(/[0-9]+/g, "N");
    const w = ((worst[b.name] = worst[b.name] || {})[kind] = worst[b.name][kind] || { givenBackMs: 0, control });
    if (givenBack > w.givenBackMs) {
      w.givenBackMs = givenBack;
      w.control = control;
    }

    // one timeline: the log read back after the restore has every instant at or after the one before
    const log = readLog(again.app, 0, 1e9).entries;
    for (let k = 1; k < log.length; k++) expect(log[k].t, log[k - 1].what + " then " + log[k].what).toBeGreaterThanOrEqual(log[k - 1].t);
    const last = log.filter((e) => e.what === "restore");
    expect(last.length).toBe(1);
  });

  afterAll(() => {
    // the closing note's figure: the worst give-back per control and board
    for (const board of Object.keys(worst)) {
      console.log("power cut, " + board + " board, worst time given back: " + Object.keys(worst[board]).map((k) => worst[board][k].control + " " + worst[board][k].givenBackMs + " ms").join(", "));
    }
  });
});
