// `npm run sim -- --device`: the device app itself on the desktop board, its 128×64 frames shown
// pixel for pixel in the terminal (two pixel rows per character), the clips it plays listed below.
// The keys stand for the three buttons. A terminal reports no key releases, so MENU has two keys:
// a tap and a 2.5 s hold (also space, which pauses in the terminal clock: here too). The display is
// drawn at one character per pixel column, never scaled: a terminal too small for it is refused
// rather than shown garbled. Quitting prints both sides' times, as the terminal clock does.

import { type App, startApp } from "../firmware/app";
import { LEFT, RIGHT, MENU, LAMP_ON, LAMP_BLINK } from "../firmware/board";
import { getPixel, WIDTH, HEIGHT } from "../firmware/gfx/frame";
import { SimBoard, MemoryStore } from "./board";
import { systemTime } from "./realtime";
import { screenText } from "./term-text";
import { sideLine, clockText } from "./terminal-view";

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

/** The keys in play and inside a menu (firmware/menu.ts: LEFT previous/less, RIGHT next/more,
 *  MENU select/next field/confirm, MENU held back one step or out). */
export const PLAY_KEYS = "z / m: left / right player button   b: MENU tap (time left; set-up menu)   B or space: MENU held (pause; arbiter)   x x: quit";
export const MENU_KEYS = "in the menu: z previous / less   m next / more   b choose, next field, confirm   B back, or leave the menu   x x: quit";
/** The button each key stands for, and how long it is held (a terminal reports no releases). */
export const KEY_BUTTONS: Record<string, { button: number; holdMs: number }> = {
  z: { button: LEFT, holdMs: 80 }, Z: { button: LEFT, holdMs: 80 },
  m: { button: RIGHT, holdMs: 80 }, M: { button: RIGHT, holdMs: 80 },
  b: { button: MENU, holdMs: 80 }, B: { button: MENU, holdMs: 2500 }, " ": { button: MENU, holdMs: 2500 },
};

/** What is printed when the device view quits: how long it ran, the game's state, both sides' times. */
export function finalLines(app: App, now: number): string[] {
  const clock = app.clock;
  return ["Go clock (device) quit after " + clockText(now) + ", game " + clock.game.phase, sideLine(clock, "black", now), sideLine(clock, "white", now)];
}

const QUIT_PROMPT = "x again within 2 s quits (x sits next to z, the left button)";
const QUIT_CONFIRM_MS = 2000;

/** The framed display and the keys line; the clips played get whatever rows are left. */
export const NEED_COLUMNS = WIDTH + 2;
export const NEED_ROWS = HEIGHT / 2 + 2 + 2;

/** Why a terminal of cols × rows cannot show the device, or null if it can. */
export function sizeProblem(cols: number, rows: number): string | null {
  if (cols >= NEED_COLUMNS && rows >= NEED_ROWS) return null;
  return "--device needs a terminal of at least " + NEED_COLUMNS + " columns and " + NEED_ROWS + " rows (this one has " +
    cols + " × " + rows + "): widen the window or make its font smaller";
}

/** The player buttons' lamps under the display, each under its end: "● LEFT lit", "◌ RIGHT" (dark),
 *  a blinking one lit or not by `now` (4 Hz here: the board blinks at 2 Hz, the screen is redrawn
 *  as it can). Empty when both are dark. */
export function lampLine(lamps: number[], now: number): string {
  const on = (l: number) => l === LAMP_ON || (l === LAMP_BLINK && Math.floor(now / 250) % 2 === 0);
  const word = (l: number, name: string) => (on(l) ? "●" : "◌") + " " + name + (l === LAMP_ON ? " lit" : l === LAMP_BLINK ? " blinks" : "");
  if (!lamps[0] && !lamps[1]) return "";
  const left = " " + word(lamps[0], "LEFT");
  const right = word(lamps[1], "RIGHT") + " ";
  return left + " ".repeat(Math.max(1, NEED_COLUMNS - left.length - right.length)) + right;
}

/** What the terminal shows: the display, its buttons' lamps, the keys (or the quit question), the
 *  latest clips. */
export function deviceScreen(frame: Uint8Array, played: { t: number; clips: string[] }[], rows: number, asking: boolean, inMenu: boolean, lamps?: string): string[] {
  const room = Math.max(0, Math.min(4, rows - NEED_ROWS - 1));
  const said = played.slice(Math.max(0, played.length - room)).map((p) => (p.t / 1000).toFixed(3) + "  " + (p.clips.length ? p.clips.join(" ") : "(cut)"));
  return frameToBlocks(frame).concat([lamps || "", asking ? QUIT_PROMPT : inMenu ? MENU_KEYS : PLAY_KEYS], room ? [""].concat(said) : []);
}

export function runDeviceTerminal(): number {
  const out = process.stdout;
  const size = () => sizeProblem(out.columns || NEED_COLUMNS, out.rows || NEED_ROWS);
  const bad = out.isTTY ? size() : null;
  if (bad) {
    process.stderr.write(bad + "\n");
    return 2;
  }
  const time = systemTime();
  const board = new SimBoard(time, new MemoryStore());
  const stdin = process.stdin;
  let askedAt: number | null = null;
  let app: App | null = null;
  const draw = () => {
    const small = out.isTTY ? size() : null;
    const lamps = lampLine(board.lampStates, time.now());
    const lines = small ? [small] : deviceScreen(board.frame, board.played, out.rows || NEED_ROWS, askedAt !== null, app !== null && app.menu !== null, lamps);
    out.write("\x1b[H" + screenText(lines, out.columns || NEED_COLUMNS) + "\x1b[J");
  };
  board.onFrame = draw;
  board.onLamps = draw;
  // a blinking lamp (a flag) blinks here too
  setInterval(() => {
    if (board.lampStates.indexOf(LAMP_BLINK) >= 0) draw();
  }, 250).unref();
  out.on("resize", draw);
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
    if (app) {
      app.wake(); // calls, a flag: what came due up to now
      out.write(finalLines(app, time.now()).join("\n") + "\n");
    }
    process.exit(0);
  };
  out.write("\x1b[?1049h\x1b[?25l");
  if (stdin.isTTY) stdin.setRawMode(true);
  const askQuit = () => {
    const t = time.now();
    askedAt = t;
    time.schedule(() => {
      if (askedAt === t) askedAt = null;
      draw();
    }, QUIT_CONFIRM_MS + 1);
  };
  stdin.on("data", (d: Buffer) => {
    for (const k of d.toString()) {
      const asked = askedAt;
      askedAt = null;
      const key = KEY_BUTTONS[k];
      if (key) edge(key.button, key.holdMs);
      else if ((k === "x" || k === "X") && asked !== null && time.now() - asked <= QUIT_CONFIRM_MS) quit();
      else if (k === "x" || k === "X") askQuit();
      else if (k === "\u0003") quit();
    }
    draw();
  });
  stdin.on("end", quit);
  process.on("SIGTERM", quit);
  process.on("SIGHUP", quit);
  app = startApp(board);
  draw();
  return 0;
}
