// A 128x64 one-bit frame in the SSD1306 page layout ("vertical byte"): byte x + (y >> 3) * 128 holds
// column x of rows (y & ~7) … +7, bit y & 7, bit 0 at the top. The display driver sends these bytes as they
// are, and the simulator shows the same bytes, so both see exactly the same pixels.
// Drawing into it is the drawing contract's (gfx.ts); here are the frame itself, its pixels, and its
// text form for the golden files.

export const WIDTH = 128;
export const HEIGHT = 64;
const PAGES = 8;

export type Frame = Uint8Array;

export function newFrame(): Frame {
  return new Uint8Array(WIDTH * PAGES);
}

export function clearFrame(f: Frame): void {
  f.fill(0);
}

export function setPixel(f: Frame, x: number, y: number, on?: boolean): void {
  if (x < 0 || x >= WIDTH || y < 0 || y >= HEIGHT) return;
  const i = x + (y >> 3) * WIDTH;
  if (on === false) f[i] &= ~(1 << (y & 7));
  else f[i] |= 1 << (y & 7);
}

export function getPixel(f: Frame, x: number, y: number): boolean {
  if (x < 0 || x >= WIDTH || y < 0 || y >= HEIGHT) return false;
  return (f[x + (y >> 3) * WIDTH] & (1 << (y & 7))) !== 0;
}

/** The golden-frame text: 64 lines of 128 characters, `#` on and `.` off, each ending in a newline. */
export function frameToText(f: Frame): string {
  const lines: string[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    let line = "";
    const row = (y >> 3) * WIDTH;
    const bit = 1 << (y & 7);
    for (let x = 0; x < WIDTH; x++) line += f[row + x] & bit ? "#" : ".";
    lines.push(line);
  }
  return lines.join("\n") + "\n";
}

/** The reverse of frameToText; throws unless the text is 64 lines of 128 `#` or `.`. */
export function textToFrame(text: string): Frame {
  const lines = text.replace(/\r/g, "").split("\n");
  if (lines.length > HEIGHT && lines[lines.length - 1] === "") lines.pop();
  if (lines.length !== HEIGHT) throw new Error("a frame is " + HEIGHT + " lines, not " + lines.length);
  const f = newFrame();
  for (let y = 0; y < HEIGHT; y++) {
    const line = lines[y];
    if (line.length !== WIDTH) throw new Error("line " + (y + 1) + " is " + line.length + " characters, not " + WIDTH);
    for (let x = 0; x < WIDTH; x++) {
      const ch = line.charAt(x);
      if (ch === "#") setPixel(f, x, y, true);
      else if (ch !== ".") throw new Error("line " + (y + 1) + " has '" + ch + "' at " + (x + 1));
    }
  }
  return f;
}
