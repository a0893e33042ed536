import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { SCREENS, GOLDEN_DIR, play, apply } from "./golden-update";
import { type Frame, WIDTH, HEIGHT, newFrame, setPixel, getPixel, fillRect, invertRect, drawText, textWidth, glyphIndex, frameToText, textToFrame } from "../firmware/gfx/frame";
import { type Font, SMALL, LARGE } from "../firmware/gfx/font";
import { clockText, periodText } from "../firmware/gfx/text";
import { type FaceSide, drawFace, faceView } from "../firmware/face";

function onPixels(f: Frame): string[] {
  const out: string[] = [];
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (getPixel(f, x, y)) out.push(x + "," + y);
  return out;
}

/** Text drawn the slow, obvious way: every set bit of every glyph, scaled, kept if inside the frame. */
function referenceText(x: number, y: number, text: string, font: Font, scale: number): string[] {
  const on = new Set<string>();
  let cx = x;
  for (const ch of text) {
    const g = glyphIndex(font, ch.charCodeAt(0));
    if (g < 0) continue;
    for (let c = 0; c < font.widths[g]; c++) {
      for (let row = 0; row < font.pages * 8; row++) {
        if (!(font.data[font.offsets[g] + c * font.pages + (row >> 3)] & (1 << (row & 7)))) continue;
        for (let dx = 0; dx < scale; dx++) {
          for (let dy = 0; dy < scale; dy++) {
            const px = cx + c * scale + dx;
            const py = y + row * scale + dy;
            if (px >= 0 && px < WIDTH && py >= 0 && py < HEIGHT) on.add(px + "," + py);
          }
        }
      }
    }
    cx += (font.widths[g] + font.spacing) * scale;
  }
  return [...on].sort(byPosition);
}

function byPosition(a: string, b: string): number {
  const [ax, ay] = a.split(",").map(Number);
  const [bx, by] = b.split(",").map(Number);
  return ay - by || ax - bx;
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
    const f = newFrame();
    fillRect(f, 3, 5, 20, 30, true);
    invertRect(f, 10, 0, 40, 12);
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

  it("fills and inverts exactly the rectangle, clipped at every edge", () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 140 }), fc.integer({ min: -20, max: 70 }), fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 40 }), (x, y, w, h) => {
        const f = newFrame();
        fillRect(f, 0, 20, 128, 8, true); // something under the inversion
        invertRect(f, x, y, w, h);
        fillRect(f, x + 1, y + 1, w - 2, h - 2, false);
        for (let py = 0; py < HEIGHT; py++) {
          for (let px = 0; px < WIDTH; px++) {
            const inside = px >= x && px < x + w && py >= y && py < y + h;
            const inner = px > x && px < x + w - 1 && py > y && py < y + h - 1;
            const under = py >= 20 && py < 28;
            const want = inner ? false : inside ? !under : under;
            if (getPixel(f, px, py) !== want) return false;
          }
        }
        return true;
      }),
    );
  });
});

describe("text", () => {
  it("renders the digits of 1:05:09 side by side, each its own glyph", () => {
    const f = newFrame();
    const end = drawText(f, 2, 8, "1:05:09", LARGE, 1);
    expect(textWidth("1:05:09", LARGE, 1)).toBe(60); // 5 digits of 10, 2 colons of 2, 6 gaps of 1
    expect(end).toBe(62);
    let x = 2;
    const seen = new Set<string>();
    for (const ch of "1:05:09") {
      const alone = newFrame();
      drawText(alone, x, 8, ch, LARGE, 1);
      const w = textWidth(ch, LARGE, 1);
      const cols = (g: Frame) => [...Array(w).keys()].map((c) => [...Array(32).keys()].map((r) => (getPixel(g, x + c, 8 + r) ? "#" : ".")).join("")).join("|");
      expect(cols(f)).toBe(cols(alone));
      expect(cols(alone)).toContain("#");
      seen.add(ch + cols(alone));
      for (let r = 0; r < HEIGHT; r++) expect(getPixel(f, x + w, r)).toBe(false); // the gap
      x += w + 1;
    }
    expect(seen.size).toBe(5); // 1, :, 0, 5, 9 differ from each other
    // nothing above the header gap or below the glyph box
    for (let px = 0; px < WIDTH; px++) for (const y of [0, 9, 40]) expect(getPixel(f, px, y)).toBe(false);
  });

  it("never writes outside the frame, wherever it is drawn and at any scale", () => {
    const chars = [..." 09:#ABgjpqy|_~", "\xd7", "\u20ac"];
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: -80, max: 100 }),
        fc.array(fc.constantFrom(...chars), { maxLength: 14 }).map((a) => a.join("")),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom("small", "large"),
        (x, y, text, scale, name) => {
          const font = name === "small" ? SMALL : LARGE;
          const f = newFrame();
          const end = drawText(f, x, y, text, font, scale);
          if (f.length !== 1024) return false;
          if (end !== x + textWidth(text, font, scale)) return false;
          return JSON.stringify(onPixels(f)) === JSON.stringify(referenceText(x, y, text, font, scale));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("does not wrap text at the right edge onto the next page row", () => {
    const f = newFrame();
    drawText(f, 120, 0, "WWWW", SMALL, 1);
    drawText(f, 100, 60, "8888", LARGE, 1);
    for (const p of onPixels(f)) expect(Number(p.split(",")[0])).toBeGreaterThanOrEqual(100);
  });

  it("has a distinct glyph for every printable ASCII character and the multiplication sign", () => {
    const shapes = new Set<string>();
    for (let c = 33; c < 127; c++) shapes.add(frameToText(drawn(String.fromCharCode(c))));
    shapes.add(frameToText(drawn("\xd7")));
    expect(shapes.size).toBe(95);
    expect(onPixels(drawn(" "))).toEqual([]);
    expect(frameToText(drawn("\u20ac"))).toBe(frameToText(drawn("?"))); // a missing glyph shows as ?
  });
});

function drawn(text: string): Frame {
  const f = newFrame();
  drawText(f, 0, 0, text, SMALL, 1);
  return f;
}

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
    { label: "B", kind: "absolute", shownMs: 600000, overtime: false, periodsLeft: 0, periodLenMs: 0, movesLeft: 0, blockMoves: 0, blockLenMs: 0, moves: 0, running: false, toMove: false, flagged: false },
    over,
  );
}

describe("the face", () => {
  it("fits a time of ten hours or more in its half", () => {
    const face = (ms: number) => {
      const f = newFrame();
      drawFace(f, { left: side({ shownMs: ms }), right: side({ label: "W" }), paused: false, batteryLow: false, message: "" });
      return onPixels(f);
    };
    const long = face(36000000);
    const x = (p: string) => Number(p.split(",")[0]);
    const y = (p: string) => Number(p.split(",")[1]);
    expect(long.filter((p) => x(p) >= 63)).toEqual(face(0).filter((p) => x(p) >= 63)); // the right half is untouched
    expect(long.filter((p) => x(p) < 63 && y(p) >= 8 && y(p) < 40).length).toBeGreaterThan(50); // drawn, if smaller
  });

  it("cuts a long message before PAUSE and the battery glyph", () => {
    const f = newFrame();
    drawFace(f, { left: side({}), right: side({ label: "W" }), paused: true, batteryLow: true, message: "M".repeat(40) });
    const bottom = onPixels(f).filter((p) => Number(p.split(",")[1]) >= 56);
    for (const x of [33, 34, 112, 113, 127]) expect(bottom.filter((p) => Number(p.split(",")[0]) === x)).toEqual([]);
  });
});

describe("golden frames of the key screens", () => {
  for (const s of SCREENS) {
    it(s.name + ": " + s.shows, () => {
      const golden = readFileSync(GOLDEN_DIR + s.name + ".txt", "utf8");
      expect(frameToText(s.frame()), "if the change is meant, run npx tsx test/golden-update.ts and review the diff").toBe(golden);
    });
  }
});
