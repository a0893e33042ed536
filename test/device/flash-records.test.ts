// The game records in flash over a day of tournament play: long games one after another, the clock
// never switched off. Compacting the flash stalls the board for seconds, so it must never happen
// while a game runs; and after each game the whole of it stays in flash, for an arbiter's dispute
// (rule 22.9), until the next new game.
import { describe, it, expect, beforeAll } from "vitest";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import type { Side } from "../../firmware/core/index";
import type { RecordPage } from "../../firmware/link/console";
import { receiveRecords } from "../../firmware/record/readlog";
import { crc32 } from "../../firmware/record/slots";

let code = "";
beforeAll(async () => {
  code = await firmware();
}, 60000);

const CONTROL = "30m+5x30s";
const MOVES = 400;
const STEP_MS = 1500;
/** The free flash the clock keeps for a game (hw/README.md, Storage). */
const RESERVE = 72 * 1024;
const sideOf = (i: number): Side => (i % 2 === 0 ? "white" : "black");

/** Sets up at atMs and plays a game of MOVES presses after the starting one, then the arbiter
 *  ends it at the console; returns when it ran (world ms). */
function playGame(rig: ClockRig, atMs: number): { start: number; end: number } {
  rig.setUp(CONTROL, atMs);
  const start = atMs + 2000;
  for (let i = 0; i <= MOVES; i++) rig.press(sideOf(i), start + i * STEP_MS);
  const end = start + MOVES * STEP_MS + 1000;
  rig.runUntil(end);
  expect(rig.arbiter({ op: "end" })).toBe("ok: end");
  return { start, end };
}

/** The arbiter starts a new game at the console: the board may reboot afterwards to compact the
 *  flash, and is back in set-up a few seconds later either way. */
function newGame(rig: ClockRig, atMs: number): void {
  rig.runUntil(atMs);
  rig.console('clock.unlock("0000")');
  expect(rig.console("clock.newGame()")).toBe("ok: new game in set-up");
  rig.runUntil(atMs + 15000);
  expect(rig.status().phase).toBe("setup");
}

describe("long games one after another, the clock never switched off", () => {
  // A game's records take about 66 KB of the 179 KB the zh pack leaves free: the second new game
  // finds less than RESERVE free and compacts, so three games show it done between games and a
  // game played on the compacted flash. The set-up takes about 2 s a game on a busy machine.
  const GAMES = 3;
  let rig: ClockRig;
  const games: { start: number; end: number; records: string[] }[] = [];

  beforeAll(() => {
    const t0 = Date.now();
    rig = new ClockRig(code, { pack: "zh" }).start();
    let t = 1000;
    for (let g = 0; g < GAMES; g++) {
      const run = playGame(rig, t);
      games.push({ start: run.start, end: run.end, records: rig.console("clock.records()") as string[] });
      newGame(rig, run.end + 5000);
      t = run.end + 25000;
    }
    console.log("flash records set-up: " + GAMES + " games of " + MOVES + " moves in " + (Date.now() - t0) + " ms");
  }, 120000);

  it("the flash is never compacted while a game runs (it stalls the board for seconds)", () => {
    const during = rig.dev.flash.compactions.filter((c) => games.some((g) => c.t >= g.start && c.t <= g.end));
    expect(during).toEqual([]);
    // the trash of earlier games was reclaimed, between games
    expect(rig.dev.flash.compactions.length).toBeGreaterThan(0);
    expect(rig.dev.errors.map((e) => e.text.split("\n")[0])).toEqual([]);
  });

  it("after each game, clock.records() gives the whole game in order: its set-up, then every state", () => {
    for (const g of games) {
      expect(g.records[0]).toMatch(/^G /);
      const start = g.records.findIndex((r) => / press /.test(r));
      // the set-up as it stood at the start (its last G before the start)
      expect(g.records.slice(0, start).filter((r) => r.startsWith("G ")).pop()).toMatch(/^G 30m\+5x30s 30m\+5x30s /);
      const states = g.records.filter((r) => r.startsWith("S "));
      const seqs = states.map((r) => parseInt(r.split(" ")[1], 36));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      // the starting press and MOVES presses, the arbiter's unlock, end and lock (the console's)
      expect(states.slice(states.findIndex((r) => / press /.test(r))).map((r) => r.split(" ")[3])).toEqual(
        Array(MOVES + 1).fill("press").concat(["unlock", "end", "lock"]));
      expect(g.records[g.records.length - 2]).toMatch(/^S \w+ \w+ end - \w e /);
    }
  });
});

describe("a power cut as a long game's records start a new file", () => {
  /** The press whose record is the first of the game's third record file (clk0.2), found by playing
   *  the game once without a cut (the same seed plays the same way). */
  function firstOfThirdFile(): number {
    const rig = new ClockRig(code, { seed: 4 }).start();
    rig.setUp(CONTROL, 1000);
    for (let i = 0; i <= 300; i++) rig.press(sideOf(i), 3000 + i * STEP_MS);
    rig.runUntil(3000 + 301 * STEP_MS);
    const w = rig.dev.flash.log.find((l) => l.name === "clk0.2")!;
    return Math.round((w.t - 3000) / STEP_MS);
  }

  // The first record of the third file: the cut tears it, or leaves the new file created but blank.
  it.each([{ bytes: 0 }, { bytes: 50 }])("cut after $bytes bytes of it: the game comes back as of the press before, and its records stay whole", ({ bytes }) => {
    const n = firstOfThirdFile();
    const rig = new ClockRig(code, { seed: 4 }).start();
    rig.setUp(CONTROL, 1000);
    const start = 3000;
    const cutAt = start + n * STEP_MS;
    for (let i = 0; i <= n; i++) rig.press(sideOf(i), start + i * STEP_MS);
    rig.runUntil(cutAt - 500);
    const before = rig.status();
    rig.dev.cutDuringWriteAfter(cutAt - 100, bytes);
    rig.runUntil(cutAt + 3000);

    const back = rig.status();
    expect(rig.dev.boots.map((b) => b.reason)).toEqual(["power on", "power cut during a flash write"]);
    expect(back.phase).toBe("paused");
    expect([back.toMove, back.black.moves, back.white.moves]).toEqual([before.toMove, before.black.moves, before.white.moves]);
    const waiting: Side = back.toMove === "black" ? "white" : "black";
    expect(back[waiting].mainMs).toBe(before[waiting].mainMs);

    // the arbiter resumes, the game goes on to its end, every state after the cut is recorded too
    expect(rig.arbiter({ op: "resume" })).toBe("ok: resume");
    const on = rig.dev.nowMs() + 1000;
    for (let i = 0; i < 20; i++) rig.press(i % 2 === 0 ? back.toMove : waiting, on + i * STEP_MS);
    rig.runUntil(on + 20 * STEP_MS);
    expect(rig.arbiter({ op: "end" })).toBe("ok: end");
    // the torn record is reported at the restore; nothing failed to be saved
    expect(rig.status().faults).toEqual(bytes > 0 ? ["1 damaged records skipped"] : []);
    const records = rig.console("clock.records()") as string[];
    const damaged = records.filter((r) => r === "damaged record skipped");
    expect(damaged.length).toBe(bytes > 0 ? 1 : 0);
    const states = records.filter((r) => r.startsWith("S "));
    // one numbering, no gap: the states before the cut, then the power cut's, the resume, the
    // presses and the end
    const seqs = states.map((r) => parseInt(r.split(" ")[1], 36));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const whats = states.map((r) => r.split(" ")[3]);
    const cut = whats.indexOf("cut");
    expect(whats.slice(cut - 1, cut + 3)).toEqual(["press", "cut", "restore", "boot"]);
    expect(whats.filter((w) => w === "press").length).toBe(n + 20); // the press the cut took is lost
    // the desktop tool gets the slots as they lie on flash, files after each other, and checks the
    // seals itself: the same records, the torn one damaged there too
    const got = receiveRecords((from) => rig.console("clock.recordPage(" + from + ")") as RecordPage, crc32);
    const read: string[] = [];
    for (let i = 0; i < got.count(); i++) {
      const r = got.record(i);
      if (r !== "") read.push(r === null ? "damaged record skipped" : r);
    }
    expect(read).toEqual(records);
  });
});

describe("a game starting on a flash too full for a whole game", () => {
  it("starts at once: the compaction a new game would want is not done under the first press", () => {
    // another file fills the flash to half the reserve a game wants (whatever the firmware's own size)
    const free = new ClockRig(code, { files: voiceFiles("zh") }).start().dev.flash.free();
    const rig = new ClockRig(code, { files: { ...voiceFiles("zh"), "user.data": new Uint8Array(free - RESERVE / 2) } }).start();
    expect(rig.dev.flash.free()).toBeLessThan(RESERVE);
    rig.runUntil(500);
    rig.console('clock.control("10m")'); // a setting rewritten: trash to reclaim
    rig.setUp(CONTROL, 1000);
    const start = 3000;
    for (let i = 0; i < 40; i++) rig.press(sideOf(i), start + i * STEP_MS);
    rig.runUntil(start + 40 * STEP_MS);
    expect(rig.dev.flash.compactions).toEqual([]);
    expect(rig.dev.boots.map((b) => b.reason)).toEqual(["power on"]);
    const st = rig.status();
    expect([st.phase, st.black.moves + st.white.moves]).toEqual(["running", 39]);
  });
});
