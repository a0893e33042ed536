// `npm run sim -- --headless --serial PATH`: the device firmware on the desktop board in real time,
// with no display, its link (the protocol the desktop tool speaks) on PATH, so that an arbiter can
// rehearse with `goclock --port PATH` against the simulated clock exactly as against a real one.
// With --air it broadcasts to the hall as a clock in a tournament does (its tournament setting on,
// the board number --board gives), on the loopback's air (sim/air.ts), where `goclock hall --air`
// hears it; with --air alone it has no link. What the clock says is printed a line each; the keys of
// --device press its buttons, from a terminal or a pipe.

import { startApp } from "../firmware/app";
import { LEFT, MENU, RIGHT } from "../firmware/board";
import { startLink } from "../firmware/link/line";
import { decodeSettings, encodeSettings } from "../firmware/record/settings";
import { MemoryStore, SimBoard } from "./board";
import { systemTime } from "./realtime";
import { openSerial, type SerialLink } from "./serial";
import { openAirSender, simRadio, type AirSender } from "./air";

const KEYS = "keys: z / m left / right player button, b MENU tap, B MENU held, Ctrl-C quits";

export interface HeadlessOptions {
  serial?: string;
  /** Broadcast to the hall: the loopback's port and the board number. */
  air: { port: number; board: number } | null;
}

export async function runHeadless(o: HeadlessOptions): Promise<number> {
  let serial: SerialLink | null = null;
  if (o.serial !== undefined) {
    try {
      serial = openSerial(o.serial);
    } catch (e) {
      process.stderr.write("--serial " + o.serial + ": " + (e as Error).message + "\n");
      return 2;
    }
  }
  let sender: AirSender | null = null;
  if (o.air) {
    try {
      sender = await openAirSender(o.air.port);
    } catch (e) {
      process.stderr.write("--air: " + (e as Error).message + "\n");
      return 2;
    }
  }
  const time = systemTime();
  const store = new MemoryStore();
  const board = new SimBoard(time, store);
  let address = "";
  if (o.air && sender) {
    // a clock in a tournament: the setting that makes it broadcast, under its board number
    const s = decodeSettings(null).settings;
    s.tournament = true;
    s.board = o.air.board;
    store.set("clock.set", encodeSettings(s));
    const radio = simRadio(sender, time);
    board.advertise = radio.advertise;
    address = radio.address;
  }
  if (serial) board.link = serial.link;
  const play = board.play.bind(board);
  board.play = (clips, t) => {
    process.stdout.write((t / 1000).toFixed(3) + " say " + (clips.length ? clips.join(" ") : "(cut)") + "\n");
    return play(clips, t);
  };
  const app = startApp(board);
  if (serial) startLink(app, serial.link);
  const stdin = process.stdin;
  const quit = () => {
    if (serial) serial.close();
    if (sender) sender.close();
    if (stdin.isTTY) stdin.setRawMode(false);
    process.exit(0);
  };
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
  if (serial) process.stdout.write("simulated clock on " + o.serial + " (goclock --port " + o.serial + ")\n");
  if (o.air) process.stdout.write("broadcasting as board " + (o.air.board || "(none)") + " from " + address + " on the loopback's air, port " + o.air.port + " (goclock hall --air)\n");
  if (stdin.isTTY) {
    process.stdout.write(KEYS + "\n");
    stdin.setRawMode(true);
  }
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
  // a pipe that ends (or no input at all) leaves the clock running
  stdin.on("error", () => undefined);
  return 0;
}
