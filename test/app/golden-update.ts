// The key screens of the clock face, built through the real timing core, and (run on purpose with
// `npx tsx test/app/golden-update.ts`) the tool that rewrites their golden frames in test/golden/.
// test/app/face.test.ts compares against the files and never writes them: look at the diff before
// committing a regenerated golden.

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Clock, newGame, parseControl, isParseError, defaultCallOptions, type Op, type Side } from "../../firmware/core/index";
import { drawFace, faceView, resultText, type FaceOptions } from "../../firmware/face";
import { type Frame, frameToText } from "../../firmware/gfx/frame";
import { PageGraphics } from "../../firmware/gfx/graphics";
import { SMALL_FONT, LARGE_FONT } from "../../firmware/gfx/fonts";
import { useFont } from "../../firmware/gfx/gfx";

export const GOLDEN_DIR = fileURLToPath(new URL("../golden/", import.meta.url));

export interface Screen {
  name: string;
  /** What the frame must show, for whoever reviews a change to it. */
  shows: string;
  frame: () => Frame;
}

/** A clock under `control` for both sides: White's press at 0 starts Black's clock, then the sides
 *  alternate, Black first, each thinking for the given milliseconds. Returns the clock and the
 *  instant of the last press. */
export function play(control: string, thinksMs: number[]): { clock: Clock; t: number } {
  const c = parseControl(control);
  if (isParseError(c)) throw new Error(control + ": " + c.error);
  const clock = new Clock(newGame(c, c), defaultCallOptions(), 250, 10000);
  let t = 0;
  let side: Side = "black";
  apply(clock, { op: "press", side: "white" }, 0);
  for (const ms of thinksMs) {
    t += ms;
    apply(clock, { op: "press", side: side }, t);
    side = side === "black" ? "white" : "black";
  }
  return { clock: clock, t: t };
}

export function apply(clock: Clock, op: Op, t: number): void {
  for (const o of clock.apply(op, t)) {
    if (o.kind === "refused") throw new Error(op.op + " at " + t + " refused: " + o.reason);
  }
}

function face(clock: Clock, t: number, opts: FaceOptions): Frame {
  clock.advance(t); // as a board does when it wakes: calls made, a fallen flag settled
  const g = PageGraphics.frame();
  // as the app: once the game is over, its result on the bottom line (firmware/app/draw.ts alertText)
  const message = opts.message || resultText(clock.game);
  drawFace(g, faceView(clock, t, { whiteIsRight: opts.whiteIsRight, batteryLow: opts.batteryLow, message: message }), null);
  return g.frame;
}

const PLAIN: FaceOptions = { whiteIsRight: true, batteryLow: false };

export const SCREENS: Screen[] = [
  {
    name: "setup",
    shows: "2h+5x60s before the start: both 2:00:00, 5x60 under each, nobody's bar lit, no move counts",
    frame: () => {
      const c = parseControl("2h+5x60s");
      if (isParseError(c)) throw new Error(c.error);
      return face(new Clock(newGame(c, c), defaultCallOptions(), 250, 100), 0, PLAIN);
    },
  },
  {
    name: "black-main",
    shows: "2h+5x60s, Black (left) thinking in main time: bar lit, 1:56:44; White 1:30:33; two moves each",
    frame: () => {
      const g = play("2h+5x60s", [41500, 1758500, 60000, 9000]);
      return face(g.clock, g.t + 95000, PLAIN);
    },
  },
  {
    name: "white-byoyomi",
    shows: "30m+3x60s, White (right) thinking in byoyomi: 12 s left of the period, 3x60; Black in main time 29:40",
    frame: () => {
      const g = play("30m+3x60s", [5000, 900000, 5000, 899000, 10000]);
      return face(g.clock, g.t + 49000, PLAIN);
    },
  },
  {
    name: "last-period",
    shows: "30m+3x60s, White in the last period with 7 s left, the referee's count at 3: 7 large, 3/10 under it (the count the voice says, of ten)",
    frame: () => {
      // White's 125 s move used two periods; the third and last is running
      const g = play("30m+3x60s", [5000, 900000, 5000, 900000, 10000, 125000, 4000]);
      return face(g.clock, g.t + 53000, PLAIN);
    },
  },
  {
    name: "last-period-begins",
    shows: "30m+3x60s, White in the last period with 58 s left, before the count: 58, LAST under it; Black in main time, 3x60 to come",
    frame: () => {
      const g = play("30m+3x60s", [5000, 900000, 5000, 900000, 10000, 125000, 4000]);
      return face(g.clock, g.t + 2000, PLAIN);
    },
  },
  {
    name: "paused",
    shows: "1h+5x60s paused with Black to move: Black's bar outlined, not lit, 58:29; PAUSE at the bottom",
    frame: () => {
      const g = play("1h+5x60s", [30000, 45000]);
      apply(g.clock, { op: "pause" }, g.t + 61000);
      return face(g.clock, g.t + 400000, PLAIN);
    },
  },
  {
    name: "flag",
    shows: "10m absolute, Black ran out: 0:00 and a flag under it; White keeps 3:12; no bar lit; Black lost on time, in words",
    frame: () => {
      const g = play("10m", [100000, 408000]);
      return face(g.clock, g.t + 500000, PLAIN);
    },
  },
  {
    name: "result-lateness",
    shows: "1h with a 15 min limit, White absent past it (22.2): White lost: late 22.2 at the bottom; both clocks stopped",
    frame: () => {
      const c = parseControl("1h");
      if (isParseError(c)) throw new Error(c.error);
      const clock = new Clock(newGame(c, c), defaultCallOptions(), 250, 100);
      apply(clock, { op: "latelimit", ms: 900000 }, 0);
      apply(clock, { op: "absent", side: "white" }, 0);
      apply(clock, { op: "press", side: "white" }, 0); // the arbiter starts Black's clock on White's button
      apply(clock, { op: "press", side: "black" }, 30000); // Black moves; White's clock runs, White away
      return face(clock, 901000, PLAIN);
    },
  },
  {
    name: "result-arbiter",
    shows: "2h+5x60s ended by the arbiter with nobody out of time (12.4.4): both times stand, Ended by the arbiter at the bottom",
    frame: () => {
      const g = play("2h+5x60s", [41500, 1758500]);
      apply(g.clock, { op: "end" }, g.t + 60000);
      return face(g.clock, g.t + 90000, PLAIN);
    },
  },
  {
    name: "moves-block",
    shows: "5m+15/10m, Black thinking in a block: 7:43 of the block, 12/15 moves left; White 4:00 of main time, 15/10m to come",
    frame: () => {
      const g = play("5m+15/10m", [300000, 20000, 40000, 20000, 50000, 20000]);
      return face(g.clock, g.t + 47000, PLAIN);
    },
  },
  {
    name: "battery-low",
    shows: "10m+F5s, White thinking with 8:23 left, Black 10:03 with increments; the low-battery glyph at the bottom right",
    frame: () => {
      const g = play("10m+F5s", [3000, 60000, 4000, 7000, 5000]);
      return face(g.clock, g.t + 40000, { whiteIsRight: true, batteryLow: true });
    },
  },
  {
    name: "message",
    shows: "5x30s, Black thinking with 9 s of 5x30 left, White 4x30 after a 31 s move; a query's answer on the message line",
    frame: () => {
      const g = play("5x30s", [12000, 31000]);
      return face(g.clock, g.t + 21400, { whiteIsRight: true, batteryLow: false, message: "Black: 5 periods left" });
    },
  },
  {
    name: "font-small",
    shows: "every glyph of the small font, 21 to a row: ASCII 32-126 then the multiplication sign",
    frame: () => {
      const g = PageGraphics.frame();
      let all = "";
      for (let c = 32; c < 127; c++) all += String.fromCharCode(c);
      all += "\xd7";
      useFont(g, SMALL_FONT, 1);
      for (let i = 0; i * 21 < all.length; i++) g.drawString(all.substring(i * 21, i * 21 + 21), 1, i * 9);
      useFont(g, SMALL_FONT, 2);
      g.drawString("B 3\xd760 #12", 1, 46);
      return g.frame;
    },
  },
  {
    name: "font-large",
    shows: "the large digits 0-9 and the colon, then 1:05:09 and 59:59 as the face draws them",
    frame: () => {
      const g = PageGraphics.frame();
      useFont(g, LARGE_FONT, 1);
      g.drawString("0123456789:", 0, 0);
      g.drawString("1:05:09", 0, 32);
      g.drawString("59:59", 66, 32);
      return g.frame;
    },
  },
];

function main(): void {
  for (const s of SCREENS) {
    writeFileSync(GOLDEN_DIR + s.name + ".txt", frameToText(s.frame()));
    console.log("wrote test/golden/" + s.name + ".txt: " + s.shows);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
