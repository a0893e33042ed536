// The device app (TypeScript sources) on the desktop board, on virtual time. The built bundle on the
// Espruino double is tested in device.test.ts; this is the fast loop for the app's behaviour.
import { describe, it, expect } from "vitest";
import { startApp, type App } from "../firmware/app";
import { makeConsole } from "../firmware/console";
import { LEFT, RIGHT, MENU } from "../firmware/board";
import { SimBoard, MemoryStore, VirtualTime } from "../sim/board";
import { encodeSettings, defaultSettings } from "../firmware/settings";

function device(control = "1m+3x60s", store = new MemoryStore(), time = new VirtualTime()) {
  if (store.get("clock.set") === null) store.set("clock.set", encodeSettings({ ...defaultSettings(), black: control, white: control }));
  const board = new SimBoard(time, store);
  const app = startApp(board);
  const at = (ms: number) => time.runUntil(ms);
  /** A clean press and release of a button at ms. */
  const tap = (b: number, ms: number, holdMs = 80) => {
    at(ms);
    board.edge(b, true, ms);
    at(ms + holdMs);
    board.edge(b, false, ms + holdMs);
  };
  /** Confirms the saved set-up: MENU opens it, LEFT wraps to "Ready", MENU confirms. */
  const ready = (ms: number) => {
    tap(MENU, ms);
    tap(LEFT, ms + 200);
    tap(MENU, ms + 400);
  };
  return { app: app as App, board, store, time, at, tap, ready };
}

describe("the device app", () => {
  it("at power-on a player's press cannot start a game by surprise", () => {
    const d = device();
    d.tap(RIGHT, 1000);
    d.at(5000);
    expect(d.app.clock.game.phase).toBe("setup");
    expect(d.board.played).toEqual([]);
  });

  it("after the set-up is confirmed, White's button (the right one) starts Black's clock", () => {
    const d = device();
    d.ready(1000);
    expect(d.app.armed).toBe(true);
    d.tap(RIGHT, 2000);
    d.at(12000);
    expect(d.app.clock.game.phase).toBe("running");
    expect(d.app.clock.reading("black", 12000).mainMs).toBe(50000);
  });

  it("plays each call's clips from the pack at the call's exact instant", () => {
    const d = device("0+2x30s");
    d.ready(1000);
    d.tap(RIGHT, 2000);
    d.at(40000);
    expect(d.board.played.slice(0, 3)).toEqual([
      { t: 2000, clips: ["zh/byoyomi", "zh/haisheng", "zh/liang", "zh/ci"] }, // 开始读秒 还剩两次
      { t: 12000, clips: ["zh/e10"] },
      { t: 22000, clips: ["zh/e20"] },
    ]);
  });

  it("a press just before a call that is already on the speaker cuts that call", () => {
    const d = device("0+2x30s");
    d.ready(1000);
    d.tap(RIGHT, 2000);
    d.tap(LEFT, 11980); // Black moves 20 ms before "10秒" was due at 12 s
    d.at(13000);
    const played = d.board.played;
    const e10 = played.findIndex((p) => p.t === 12000 && p.clips[0] === "zh/e10"); // handed over 50 ms early
    const cut = played.findIndex((p) => p.t === 11980 && p.clips.length === 0);
    expect(e10).toBeGreaterThanOrEqual(0);
    expect(cut).toBeGreaterThan(e10);
    expect(played.slice(cut + 1).some((p) => p.clips.indexOf("zh/e10") >= 0)).toBe(false);
  });

  it("a short MENU press during a game answers the side to move (16.2)", () => {
    const d = device("0+3x60s");
    d.ready(1000);
    d.tap(RIGHT, 2000);
    d.tap(MENU, 5000); // a short press counts when released, at 5.08 s
    expect(d.board.played.find((p) => p.t === 5080)?.clips).toEqual(["zh/haisheng", "zh/3", "zh/fen"]);
  });

  it("holding MENU 2 s pauses the game; the arbiter menu then needs the PIN", () => {
    const d = device();
    d.ready(1000);
    d.tap(RIGHT, 2000);
    d.tap(MENU, 10000, 2500); // paused 2 s into the hold, at 12 s
    expect(d.app.clock.game.phase).toBe("paused");
    expect(d.app.clock.reading("black", 30000).mainMs).toBe(50000);
    d.tap(MENU, 31000, 2500);
    expect(d.app.menu).not.toBeNull();
    d.tap(RIGHT, 34000); // a digit of the PIN, not a move
    expect(d.app.clock.game.phase).toBe("paused");
  });

  it("after a power cut the game comes back as of the last press, paused", () => {
    const d = device();
    d.ready(1000);
    d.tap(RIGHT, 2000);
    d.tap(LEFT, 12000); // Black used 10 s
    d.tap(RIGHT, 15000); // White used 3 s
    d.at(40000); // power lost 25 s into Black's move
    const again = device("1m+3x60s", d.store, new VirtualTime());
    expect(again.app.clock.game.phase).toBe("paused");
    expect(again.app.clock.game.toMove).toBe("black");
    expect(again.app.clock.reading("black", 0)).toMatchObject({ mainMs: 50000, moves: 1 });
    expect(again.app.clock.reading("white", 0)).toMatchObject({ mainMs: 57000, moves: 1 });
  });

  it("the console accepts only status and the log during a game until the PIN is given", () => {
    const d = device();
    const c = makeConsole(d.app);
    expect(c.control("2h+", undefined)).toBe("error: '2h+': expected the number of periods or moves at character 4");
    expect(c.control("90m", "black")).toBe("ok: black 90m, white 1m+3x60s");
    d.ready(1000);
    d.tap(RIGHT, 2000);
    expect(c.op("pause")).toBe("error: a game is on: clock.unlock(PIN) first");
    expect(c.op(42)).toBe("error: op takes words such as 'pause' or 'correct black main 5m'");
    expect(c.unlock("1234")).toBe("error: wrong PIN");
    expect(c.unlock("0000")).toBe("ok: unlocked");
    d.at(3000);
    expect(c.op("pause")).toBe("ok: pause");
    expect(c.op("resume now")).toBe("error: resume takes 0 words after it");
    expect((c.status() as { phase: string }).phase).toBe("paused");
    expect(c.log(2).length).toBe(2);
    const recs = c.records();
    expect(recs[0]).toBe("G 90m 1m+3x60s 0 255s0"); // the controls the game started with; 60 min late limit
    expect(recs.slice(1).map((r) => r.split(" ").slice(0, 4).join(" "))).toEqual(["S 1 black running", "S 2 black paused"]);

  });
});
