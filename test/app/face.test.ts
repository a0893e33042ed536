import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { SCREENS, GOLDEN_DIR, play, apply } from "./golden-update";
import { SMALL_FONT } from "../../firmware/gfx/fonts";
import { useFont } from "../../firmware/gfx/gfx";
import { type Frame, WIDTH, HEIGHT, newFrame, setPixel, getPixel, frameToText, textToFrame } from "../../firmware/gfx/frame";
import { PageGraphics } from "../../firmware/gfx/graphics";
import { clockText, periodText } from "../../firmware/gfx/text";
import { type FaceSide, type FaceView, drawFace, drawCountdown, countdownCell, faceView, resultText } from "../../firmware/face";
import { Clock, newGame, parseControl, isParseError, defaultCallOptions, parseCallOptions } from "../../firmware/core/index";

function onPixels(f: Frame): string[] {
  const out: string[] = [];
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (getPixel(f, x, y)) out.push(x + "," + y);
  return out;
}

describe("the frame", () => {
  it("is SSD1306 pages: pixel (5, 10) is bit 2 of byte 5 + 128", () => {
    const f = newFrame();
    setPixel(f, 5, 10, true);
    expect(f.length).toBe(1024);
    expect(f[133]).toBe(4);
    setPixel(f, 5, 10, false);
    expect(f[133]).toBe(0);
  });

  it("prints as 64 lines of 128 characters and reads back the same", () => {
    const g = PageGraphics.frame();
    g.fillRect(3, 5, 22, 34);
    const f = g.frame;
    setPixel(f, 127, 63, true);
    const text = frameToText(f);
    const lines = text.split("\n");
    expect(lines.length).toBe(65);
    expect(lines[64]).toBe("");
    expect(lines.slice(0, 64).every((l) => l.length === 128 && /^[#.]+$/.test(l))).toBe(true);
    expect(lines[63].charAt(127)).toBe("#");
    expect(textToFrame(text)).toEqual(f);
  });

  it("refuses golden text of the wrong size", () => {
    expect(() => textToFrame("#.\n")).toThrow();
    expect(() => textToFrame(frameToText(newFrame()).replace(".", ".."))).toThrow();
  });

});

describe("times as written on the face", () => {
  it("rounds seconds up, so 0:00 appears only when the time is gone", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(1)).toBe("0:01");
    expect(clockText(59001)).toBe("1:00");
    expect(clockText(600000)).toBe("10:00");
  });

  it("shows hours as H:MM:SS from one hour up", () => {
    expect(clockText(3599000)).toBe("59:59");
    expect(clockText(3599001)).toBe("1:00:00");
    expect(clockText(3909000)).toBe("1:05:09");
    expect(clockText(36000000)).toBe("10:00:00");
  });

  it("shows a byoyomi period in plain seconds below 100 s", () => {
    expect(periodText(60000)).toBe("60");
    expect(periodText(11001)).toBe("12");
    expect(periodText(120000)).toBe("2:00");
  });
});

describe("the face's view of a clock", () => {
  it("puts Black on the left when White's button is on the right, and swaps when it is not", () => {
    const g = play("10m+3x30s", [5000]);
    expect(faceView(g.clock, g.t, { whiteIsRight: true, batteryLow: false }).left.label).toBe("B");
    const v = faceView(g.clock, g.t, { whiteIsRight: false, batteryLow: true, message: "hi" });
    expect([v.left.label, v.right.label, v.batteryLow, v.message]).toEqual(["W", "B", true, "hi"]);
  });

  it("marks only the side whose clock runs, outlined instead of lit when paused", () => {
    const g = play("10m+3x30s", [5000]);
    let v = faceView(g.clock, g.t + 1000, { whiteIsRight: true, batteryLow: false });
    expect([v.left.toMove, v.left.running, v.right.toMove, v.right.running]).toEqual([false, false, true, true]);
    apply(g.clock, { op: "pause" }, g.t + 2000);
    v = faceView(g.clock, g.t + 3000, { whiteIsRight: true, batteryLow: false });
    expect([v.right.toMove, v.right.running, v.paused]).toEqual([true, false, true]);
  });

  it("flags the side that ran out as soon as its time is gone, before the board has settled it", () => {
    const g = play("1m", [5000]);
    const v = faceView(g.clock, g.t + 60000, { whiteIsRight: true, batteryLow: false });
    expect([v.left.flagged, v.right.flagged, v.right.shownMs]).toEqual([false, true, 0]);
  });
});

function side(over: Partial<FaceSide>): FaceSide {
  return Object.assign(
    { label: "B", kind: "absolute", shownMs: 600000, overtime: false, periodsLeft: 0, periodLenMs: 0, movesLeft: 0, blockMoves: 0, blockLenMs: 0, moves: 0, running: false, toMove: false, flagged: false, countAt: 0, countN: 0 },
    over,
  );
}

describe("the face", () => {
  it("fits a time of ten hours or more in its half", () => {
    const face = (ms: number) => onPixels(draw({ left: side({ shownMs: ms }), right: side({ label: "W" }), paused: false, batteryLow: false, message: "" }));
    const long = face(36000000);
    const x = (p: string) => Number(p.split(",")[0]);
    const y = (p: string) => Number(p.split(",")[1]);
    expect(long.filter((p) => x(p) >= 63)).toEqual(face(0).filter((p) => x(p) >= 63)); // the right half is untouched
    expect(long.filter((p) => x(p) < 63 && y(p) >= 8 && y(p) < 40).length).toBeGreaterThan(50); // drawn, if smaller
  });

  it("keeps a short message clear of PAUSE and the battery glyph", () => {
    const f = draw({ left: side({}), right: side({ label: "W" }), paused: true, batteryLow: true, message: "M".repeat(12) });
    const bottom = onPixels(f).filter((p) => Number(p.split(",")[1]) >= 56);
    for (const x of [33, 34, 112, 113]) expect(bottom.filter((p) => Number(p.split(",")[0]) === x)).toEqual([]);
    expect(linesOf(f, 56)).toEqual(["MMMMMMMMMMMM"]);
  });

  for (const message of ["no side has run out of time", "Wrong PIN 3 times", "PIN blocked: wait 42 s", "a pass for a timeout is only given in byoyomi (22.5)"]) {
    it("shows the whole message " + JSON.stringify(message) + ", paused, on a low battery", () => {
      for (const paused of [false, true]) {
        const f = draw({ left: side({}), right: side({ label: "W", toMove: true }), paused: paused, batteryLow: true, message: message });
        const shown = linesOf(f, 40).filter((l) => l !== "");
        expect(shown.join(" "), "paused " + paused).toBe(message);
      }
    });
  }
});

/** The small-font text in each 8-row line from row y0 down, read back glyph by glyph. */
function linesOf(f: Frame, y0: number): string[] {
  const glyphs = new Map<string, string>();
  for (let c = 33; c < 127; c++) {
    const g = PageGraphics.frame();
    useFont(g, SMALL_FONT, 1);
    g.drawString(String.fromCharCode(c), 0, 0);
    glyphs.set(columns(g.frame, 0, 0, 5), String.fromCharCode(c));
  }
  const lines: string[] = [];
  for (let y = y0; y + 8 <= HEIGHT; y += 8) {
    let line = "";
    for (let x = 0; x + 5 <= WIDTH; ) {
      const ch = glyphs.get(columns(f, x, y, 5));
      if (ch) {
        line += ch;
        x += 6;
      } else {
        if (line && columns(f, x, y, 6) === columns(newFrame(), 0, 0, 6) && !line.endsWith(" ")) line += " ";
        x += ch === undefined && columns(f, x, y, 6) === columns(newFrame(), 0, 0, 6) ? 6 : 1;
      }
    }
    lines.push(line.replace(/\|/g, "").trim().replace(/ +/g, " ")); // "|": the divider
  }
  return lines;
}

function columns(f: Frame, x: number, y: number, w: number): string {
  let s = "";
  for (let c = 0; c < w; c++) for (let r = 0; r < 8; r++) s += getPixel(f, x + c, y + r) ? "#" : ".";
  return s;
}

/** A face drawn whole. */
function draw(v: FaceView): Frame {
  const g = PageGraphics.frame();
  drawFace(g, v, null);
  return g.frame;
}

describe("the face drawn region by region", () => {
  const views = fc.record({
    l: fc.record({ shownMs: fc.integer({ min: 0, max: 40000000 }), moves: fc.integer({ min: 0, max: 400 }), running: fc.boolean(), toMove: fc.boolean(), flagged: fc.boolean(), periodsLeft: fc.integer({ min: 0, max: 5 }), overtime: fc.boolean() }),
    r: fc.record({ shownMs: fc.integer({ min: 0, max: 40000000 }), moves: fc.integer({ min: 0, max: 400 }), running: fc.boolean(), toMove: fc.boolean(), flagged: fc.constant(false), periodsLeft: fc.integer({ min: 0, max: 5 }), overtime: fc.boolean() }),
    paused: fc.boolean(),
    batteryLow: fc.boolean(),
    message: fc.constantFrom("", "Black: 5 periods left", "PIN blocked: wait 42 s", "no side has run out of time", "OK"),
    flagSometimes: fc.integer({ min: 0, max: 4 }),
  });
  const toView = (x: { l: Partial<FaceSide>; r: Partial<FaceSide>; paused: boolean; batteryLow: boolean; message: string; flagSometimes: number }): FaceView => ({
    left: side(Object.assign({}, x.l, { kind: "byoyomi", periodLenMs: 30000, flagged: x.flagSometimes === 0 && !!x.l.flagged })),
    right: side(Object.assign({}, x.r, { label: "W", kind: "byoyomi", periodLenMs: 30000 })),
    paused: x.paused,
    batteryLow: x.batteryLow,
    message: x.message,
  });

  it("ends with the very frame a whole redraw gives, whatever changed in between", () => {
    fc.assert(
      fc.property(fc.array(views, { minLength: 1, maxLength: 8 }), (seq) => {
        const g = PageGraphics.frame();
        let drawn = null;
        for (const x of seq) {
          const v = toView(x);
          drawn = drawFace(g, v, drawn);
          if (frameToText(g.frame) !== frameToText(draw(v))) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it("once a second touches only the running side's countdown: 63 columns of rows 9-39 (pages 1-4)", () => {
    const g = PageGraphics.frame();
    const v = (ms: number): FaceView => ({ left: side({ shownMs: 300000 }), right: side({ label: "W", shownMs: ms, running: true, toMove: true, moves: 12 }), paused: false, batteryLow: false, message: "" });
    let drawn = drawFace(g, v(125000), null);
    g.getModified(true);
    drawn = drawFace(g, v(124000), drawn);
    expect(g.getModified(true)).toEqual({ x1: 65, y1: 9, x2: 127, y2: 39 }); // 252 bytes to send
    drawFace(g, v(124000), drawn);
    expect(g.getModified(true)).toBeUndefined(); // nothing changed: nothing drawn, nothing to send
  });
});

describe("the second's redraw of the running countdown alone", () => {
  // the running side on either half, in main time (clock form) or in byoyomi (a period's seconds)
  const runs = fc.record({
    right: fc.boolean(),
    period: fc.boolean(),
    from: fc.integer({ min: 0, max: 40000000 }),
    steps: fc.array(fc.integer({ min: 1, max: 70000 }), { minLength: 1, maxLength: 6 }),
  });
  it("leaves, second after second, the very frame a whole redraw gives", () => {
    fc.assert(
      fc.property(runs, (r) => {
        const view = (ms: number): FaceView => {
          const run = side({ label: "W", kind: "byoyomi", periodLenMs: 30000, periodsLeft: 3, overtime: r.period, shownMs: ms, running: true, toMove: true, moves: 7 });
          const other = side({ shownMs: 300000, kind: "byoyomi", periodLenMs: 30000, periodsLeft: 5 });
          return { left: r.right ? other : run, right: r.right ? run : other, paused: false, batteryLow: false, message: "" };
        };
        const g = PageGraphics.frame();
        const first = view(r.from);
        const drawn = drawFace(g, first, null);
        const cell = countdownCell(first);
        let ms = r.from;
        for (const d of r.steps) {
          ms = Math.max(0, ms - d);
          drawCountdown(g, cell, ms, drawn);
          if (frameToText(g.frame) !== frameToText(draw(view(ms)))) return false;
        }
        return true;
      }),
      { numRuns: 60 },
    );
  });

  it("in the last period, the count on the periods' row too: each second the frame a whole redraw gives, only the count's changed character sent", () => {
    // 10 s periods: the count is said from 1 s in (countAt 10, 10 of them); 20 s: from 11 s (countAt 10)
    for (const right of [false, true]) {
      for (const len of [10, 20]) {
        const view = (ms: number): FaceView => {
          const run = side({ label: "W", kind: "byoyomi", periodLenMs: len * 1000, periodsLeft: 1, overtime: true, shownMs: ms, running: true, toMove: true, moves: 7, countAt: 10, countN: 10 });
          const other = side({ shownMs: 300000, kind: "byoyomi", periodLenMs: len * 1000, periodsLeft: 2 });
          return { left: right ? other : run, right: right ? run : other, paused: false, batteryLow: false, message: "" };
        };
        const g = PageGraphics.frame();
        const first = view(len * 1000);
        const drawn = drawFace(g, first, null);
        const cell = countdownCell(first);
        for (let s = len - 1; s >= 0; s--) {
          g.getModified(true);
          drawCountdown(g, cell, s * 1000 + 1, drawn); // just after the count of second s+1 was said
          const m = g.getModified(true);
          const whole = PageGraphics.frame();
          drawFace(whole, view(s * 1000 + 1), null);
          expect(frameToText(g.frame), len + " s, " + s + " s left").toBe(frameToText(whole.frame));
          // "2/10" after "1/10": one character of 12 columns on rows 41-54 (with the digits above)
          const k = 10 - (s + 1);
          if (k >= 2 && k <= 9) expect(m!.y2, s + " s left").toBe(54);
        }
      }
    }
  });

  it("draws only the digits that changed: 1:10 to 1:09 is two of them, 1:09 to 1:08 one", () => {
    const g = PageGraphics.frame();
    const v = side({ shownMs: 70000, running: true, toMove: true });
    const face: FaceView = { left: v, right: side({ label: "W" }), paused: false, batteryLow: false, message: "" };
    const drawn = drawFace(g, face, null);
    g.getModified(true);
    drawCountdown(g, countdownCell(face), 69000, drawn);
    expect(g.getModified(true)).toEqual({ x1: 28, y1: 9, x2: 48, y2: 39 }); // "09" after "1:"
    drawCountdown(g, countdownCell(face), 68000, drawn);
    expect(g.getModified(true)).toEqual({ x1: 39, y1: 9, x2: 48, y2: 39 });
    drawCountdown(g, countdownCell(face), 67500, drawn); // still 1:08: nothing drawn
    expect(g.getModified(true)).toBeUndefined();
  });

  it("a period's last nine seconds redraw the one digit, not the whole box: 9 to 8 sends its columns alone", () => {
    const g = PageGraphics.frame();
    const v = side({ kind: "byoyomi", overtime: true, periodsLeft: 2, periodLenMs: 10000, shownMs: 9000, running: true, toMove: true });
    const face: FaceView = { left: v, right: side({ label: "W" }), paused: false, batteryLow: false, message: "" };
    const drawn = drawFace(g, face, null);
    g.getModified(true);
    drawCountdown(g, countdownCell(face), 8000, drawn);
    const m = g.getModified(true)!;
    expect(m.y1).toBe(9);
    expect(m.y2).toBe(39);
    expect(m.x2 - m.x1 + 1).toBeLessThan(20); // the digit's columns (the box is 63)
    const whole = PageGraphics.frame();
    drawFace(whole, Object.assign({}, face, { left: Object.assign({}, v, { shownMs: 8000 }) }), null);
    expect(frameToText(g.frame)).toBe(frameToText(whole.frame));
  });
});

describe("golden frames of the key screens", () => {
  for (const s of SCREENS) {
    it(s.name + ": " + s.shows, () => {
      const golden = readFileSync(GOLDEN_DIR + s.name + ".txt", "utf8");
      expect(frameToText(s.frame()), "if the change is meant, run npx tsx test/app/golden-update.ts and review the diff").toBe(golden);
    });
  }
});

describe("the face says the state in words", () => {
  const clock = (control: string) => {
    const c = parseControl(control);
    if (isParseError(c)) throw new Error(c.error);
    return new Clock(newGame(c, c), defaultCallOptions(), 250, 100);
  };

  it("the result once the game is over: who lost and why, in at most 21 characters of the face's font", () => {
    const flag = play("1m", [5000]);
    flag.clock.advance(flag.t + 60000); // White's minute runs out
    const texts: string[] = [resultText(flag.clock.game)];
    expect(texts[0]).toBe("White lost on time");
    const late = clock("1h");
    apply(late, { op: "latelimit", ms: 900000 }, 0);
    apply(late, { op: "absent", side: "black" }, 0);
    apply(late, { op: "absent", side: "white" }, 0);
    apply(late, { op: "start" }, 0);
    late.advance(900001);
    texts.push(resultText(late.game));
    expect(texts[1]).toBe("Both lost: late 22.3");
    const ended = play("2h+5x60s", [1000]);
    expect(resultText(ended.clock.game)).toBe(""); // the game goes on
    apply(ended.clock, { op: "end" }, ended.t + 5000);
    texts.push(resultText(ended.clock.game));
    expect(texts[2]).toBe("Ended by the arbiter");
    // Black out of time, then White past the lateness limit before the arbiter ended it
    const both = clock("1m");
    apply(both, { op: "latelimit", ms: 900000 }, 0);
    apply(both, { op: "absent", side: "white" }, 0);
    apply(both, { op: "start" }, 0);
    both.advance(60000); // Black's flag falls
    both.advance(900001); // White, still absent, passes the limit
    texts.push(resultText(both.game));
    expect(texts[3]).toBe("B: time, W: late 22.2");
    for (const t of texts) {
      expect(t.length).toBeLessThanOrEqual(21);
      for (const ch of t) expect(ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) <= 126, t).toBe(true);
    }
  });

  it("the last period's count under the seconds left: LAST before it, then the number said, of how many (an event's own count too)", () => {
    const over = (control: string, thinks: number[], after: number, calls: string[]) => {
      const g = play(control, thinks);
      if (calls.length) {
        const o = parseCallOptions(calls, defaultCallOptions());
        if ("error" in o) throw new Error(o.error);
        g.clock.options = o;
      }
      const v = faceView(g.clock, g.t + after, { whiteIsRight: true, batteryLow: false });
      const s = v.left.running ? v.left : v.right;
      return countdownCell(v) >> 2 === 0 ? "" : (s.countAt + " " + s.countN);
    };
    // 0+1x60s: Black's only period is the last; the count 1 … 10 from 51 s, 10 at 60 s
    expect(over("0+1x60s", [], 50000, [])).toBe("10 10");
    // an event's count of 5 numbers from 56 s: 1 said with 4 s left, so 5 − s
    expect(over("0+1x60s", [], 50000, ["last=30,56-60"])).toBe("5 5");
    // not the last period: no count on the face
    expect(over("0+2x60s", [], 50000, [])).toBe("");
  });
});
