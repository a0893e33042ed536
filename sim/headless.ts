// `npm run sim -- --headless --serial PATH`: the device firmware on the desktop board in real time,
// with no display, its link (the protocol the desktop tool speaks) on PATH, so that an arbiter can
// rehearse with `goclock --port PATH` against the simulated clock exactly as against a real one.
// What the clock says is printed a line each; from a terminal, the keys of --device press its buttons.

import { startApp } from "../firmware/app";
import { LEFT, MENU, RIGHT } from "../firmware/board";
import { startLink } from "../firmware/link/line";
import { MemoryStore, SimBoard } from "./board";
import { systemTime } from "./realtime";
import { openSerial } from "./serial";

const KEYS = "keys: z / m left / right player button, b MENU tap, B MENU held, Ctrl-C quits";

export function runHeadless(path: string): number {
  let serial;
  try {
    serial = openSerial(path);
  } catch (e) {
    process.stderr.write("--serial " + path + ": " + (e as Error).message + "\n");
    return 2;
  }
  const time = systemTime();
  const board = new SimBoard(time, new MemoryStore());
  board.link = serial.link;
  const play = board.play.bind(board);
  board.play = (clips, t) => {
    process.stdout.write((t / 1000).toFixed(3) + " say " + (clips.length ? clips.join(" ") : "(cut)") + "\n");
    return play(clips, t);
  };
  const app = startApp(board);
  startLink(app, serial.link);
  const stdin = process.stdin;
  const quit = () => {
    serial.close();
    if (stdin.isTTY) stdin.setRawMode(false);
    process.exit(0);
  };
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
  process.stdout.write("simulated clock on " + path + " (goclock --port " + path + ")\n");
  if (stdin.isTTY) {
    process.stdout.write(KEYS + "\n");
    stdin.setRawMode(true);
    const edge = (b: number, holdMs: number) => {
      const t = time.now();
      board.edge(b, true, t);
      time.schedule(() => board.edge(b, false, t + holdMs), holdMs);
    };
    stdin.on("data", (d: Buffer) => {
      for (const k of d.toString()) {
        if (k === "z") edge(LEFT, 80);
        else if (k === "m") edge(RIGHT, 80);
        else if (k === "b") edge(MENU, 80);
        else if (k === "B") edge(MENU, 2500);
        else if (k === "\u0003") quit();
      }
    });
  }
  return 0;
}
