// `npm run sim -- --device`: the device app itself on the desktop board, its 128×64 frames shown
// pixel for pixel in the terminal (two pixel rows per character), the clips it plays listed below.
// The keys stand for the three buttons. A terminal reports no key releases, so MENU has two keys:
// a tap and a 2.5 s hold.

import { startApp } from "../firmware/app";
import { LEFT, RIGHT, MENU } from "../firmware/board";
import { getPixel, WIDTH, HEIGHT } from "../firmware/gfx/frame";
import { SimBoard, MemoryStore } from "./board";
import { systemTime } from "./realtime";

/** The frame as text: ▀ ▄ █ and spaces, a border around it. */
export function frameToBlocks(frame: Uint8Array): string[] {
  const lines = ["┌" + "─".repeat(WIDTH) + "┐"];
  for (let y = 0; y < HEIGHT; y += 2) {
    let l = "│";
    for (let x = 0; x < WIDTH; x++) {
      const top = getPixel(frame, x, y);
      const bottom = getPixel(frame, x, y + 1);
      l += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
    }
    lines.push(l + "│");
  }
  lines.push("└" + "─".repeat(WIDTH) + "┘");
  return lines;
}

const HELP = "z / m: left / right player button   b: MENU tap   B: MENU held (pause, arbiter, back)   x: quit";

export function runDeviceTerminal(): number {
  const time = systemTime();
  const board = new SimBoard(time, new MemoryStore());
  const out = process.stdout;
  const stdin = process.stdin;
  const draw = () => {
    const said = board.played.slice(-4).map((p) => (p.t / 1000).toFixed(3) + "  " + (p.clips.length ? p.clips.join(" ") : "(cut)"));
    out.write("\x1b[H" + frameToBlocks(board.frame).concat(["", HELP, ""], said).map((l) => l + "\x1b[K").join("\n") + "\x1b[J");
  };
  board.onFrame = draw;
  const edge = (b: number, holdMs: number) => {
    const t = time.now();
    board.edge(b, true, t);
    time.schedule(() => board.edge(b, false, t + holdMs), holdMs);
  };
  const quit = () => {
    stdin.removeAllListeners("data");
    if (stdin.isTTY) stdin.setRawMode(false);
    stdin.pause();
    out.write("\x1b[?25h\x1b[?1049l");
    process.exit(0);
  };
  out.write("\x1b[?1049h\x1b[?25l");
  if (stdin.isTTY) stdin.setRawMode(true);
  stdin.on("data", (d: Buffer) => {
    for (const k of d.toString()) {
      if (k === "z") edge(LEFT, 80);
      else if (k === "m") edge(RIGHT, 80);
      else if (k === "b") edge(MENU, 80);
      else if (k === "B") edge(MENU, 2500);
      else if (k === "x" || k === "\u0003") quit();
    }
  });
  stdin.on("end", quit);
  startApp(board);
  return 0;
}
