// The device app (TypeScript sources) on the desktop board, on virtual time, as a person uses it:
// buttons tapped and held, the set-up confirmed, the arbiter called. Shared by the app's tests.
import { startApp, type App } from "../../firmware/app";
import { LEFT, RIGHT, MENU } from "../../firmware/board";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { drawFace, faceView } from "../../firmware/face";
import { PageGraphics } from "../../firmware/gfx/graphics";

export function device(control = "1m+3x60s", store = new MemoryStore(), time = new VirtualTime()) {
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
  /** MENU held past the 2 s of a deliberate hold. */
  const hold = (ms: number) => tap(MENU, ms, 2100);
  /** Set up and started: White's press at 2 s starts Black's clock. */
  const start = () => {
    ready(1000);
    tap(RIGHT, 2000);
  };
  /** A player's hold pauses at ms; the arbiter's hold 3 s later opens the arbiter menu (its PIN first). */
  const callArbiter = (ms: number) => {
    hold(ms);
    hold(ms + 3000);
  };
  /** The PIN 0000 keyed in from ms: MENU on each digit as it stands. */
  const pin0000 = (ms: number) => {
    for (let i = 0; i < 4; i++) tap(MENU, ms + 300 * i);
  };
  return { app: app as App, board, store, time, at, tap, hold, ready, start, callArbiter, pin0000 };
}

/** A device with 1 h each and a 15 min lateness limit. */
export function lateDevice() {
  const store = new MemoryStore();
  store.set("clock.set", encodeSettings({ ...defaultSettings(), black: "1h", white: "1h", lateLimitMs: 15 * 60000 }));
  return device("1h", store);
}

export type Device = ReturnType<typeof device>;

/** Whether the display shows the face with `message` on its bottom line (drawn as the app would). */
export function faceShows(d: Device, message: string): boolean {
  const g = PageGraphics.frame();
  drawFace(g, faceView(d.app.clock, d.time.now(), { whiteIsRight: true, batteryLow: false, message: message }), null);
  return Buffer.from(g.frame).equals(Buffer.from(d.board.frame));
}
