// The lamps, the display's level and the battery on the desktop board (the app's TypeScript on
// virtual time): what the browser page and the terminal views show.
import { describe, it, expect } from "vitest";
import { startApp } from "../../firmware/app";
import { makeConsole } from "../../firmware/link/console";
import { LEFT, RIGHT, MENU, LAMP_OFF, LAMP_ON, LAMP_BLINK } from "../../firmware/board";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { BRIGHT, DIM, BRIGHT_MS, WARN_PERCENT } from "../../firmware/power";
import { lampLine } from "../../sim/device-term";
import { logLines } from "../../firmware/record/readlog";

function device(control: string) {
  const store = new MemoryStore();
  store.set("clock.set", encodeSettings({ ...defaultSettings(), black: control, white: control }));
  const time = new VirtualTime();
  const board = new SimBoard(time, store);
  const app = startApp(board);
  const tap = (b: number, ms: number, holdMs = 80) => {
    time.runUntil(ms);
    board.edge(b, true, ms);
    time.runUntil(ms + holdMs);
    board.edge(b, false, ms + holdMs);
  };
  tap(MENU, 1000);
  tap(LEFT, 1200);
  tap(MENU, 1400);
  return { app, board, time, tap };
}

describe("on the desktop board", () => {
  it("the lamps follow the running side, go dark in a pause and blink after a flag; the device view shows them", () => {
    const d = device("1x10s");
    expect(d.board.lampStates).toEqual([LAMP_OFF, LAMP_OFF]);
    d.tap(RIGHT, 2000); // White starts Black's clock: Black's button is on the left
    expect(d.board.lampStates).toEqual([LAMP_ON, LAMP_OFF]);
    expect(lampLine(d.board.lampStates, 0)).toMatch(/^ ● LEFT lit +◌ RIGHT $/);
    d.tap(LEFT, 4000);
    expect(d.board.lampStates).toEqual([LAMP_OFF, LAMP_ON]);
    d.tap(MENU, 6000, 2100); // held: pause
    expect(d.board.lampStates).toEqual([LAMP_OFF, LAMP_OFF]);
    expect(lampLine(d.board.lampStates, 0)).toBe("");
    makeConsole(d.app).unlock("0000");
    makeConsole(d.app).op("resume");
    d.time.runUntil(30000); // White's one period of 10 s runs out
    expect(d.app.clock.game.flagged).toBe("white");
    expect(d.board.lampStates).toEqual([LAMP_OFF, LAMP_BLINK]);
    expect(lampLine(d.board.lampStates, 0)).toContain("RIGHT blinks");
  });

  it("the display is bright after a button and dims when nobody acts", () => {
    const d = device("1h");
    d.tap(RIGHT, 2000);
    expect(d.board.contrastLevel).toBe(BRIGHT);
    d.time.runUntil(2080 + BRIGHT_MS + 10);
    expect(d.board.contrastLevel).toBe(DIM);
    d.tap(LEFT, 20000);
    expect(d.board.contrastLevel).toBe(BRIGHT);
  });

  it("a low battery shows on the face's state and in status, and is logged once", () => {
    const d = device("1h");
    d.tap(RIGHT, 2000);
    const c = makeConsole(d.app);
    expect(c.status().batteryLow).toBe(false);
    d.board.batteryPercent = WARN_PERCENT - 1;
    d.time.runUntil(5000);
    d.board.batteryPercent = WARN_PERCENT - 2;
    d.time.runUntil(8000);
    expect(c.status()).toMatchObject({ battery: WARN_PERCENT - 2, batteryLow: true });
    const lines = logLines(d.app);
    expect(lines.filter((l) => / battery: /.test(l)).length).toBe(1);
  });
});
