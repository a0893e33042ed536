// A hall without a hall, for the end-to-end test and the benchmark: simulated clocks (the device app
// on the desktop board, each with its tournament setting on and a board number) in this process, on
// one virtual time, each broadcasting over the loopback's air through its own radio address as
// `npm run sim -- --headless --air` does; and `goclock hall --air --json` run as an arbiter runs it,
// its rows read as they come (with the instant each line arrived).

import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startApp, type App } from "../../firmware/app";
import { LEFT, RIGHT } from "../../firmware/board";
import { makeConsole, type ClockConsole, type ClockStatus } from "../../firmware/link/console";
import { decodeSettings, encodeSettings } from "../../firmware/record/settings";
import { MemoryStore, SimBoard, VirtualTime } from "../../sim/board";
import { openAirSender, simRadio, type AirSender, type SimRadio } from "../../sim/air";
import type { RowJson } from "../../hw/tool/hall/text";
import { decodeManufacturer, type ClockState } from "../../hw/tool/hall/decode";
import { COMPANY } from "../../firmware/link/advert";
import type { Side } from "../../firmware/core/index";
import { GOCLOCK } from "./tool-pty";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

/** A port of the loopback's air of a test's own, so that tests running at once do not hear each other. */
export function airPort(): number {
  return 20000 + Math.floor(Math.random() * 40000);
}

export interface SimClock {
  board: number;
  control: string;
  app: App;
  sim: SimBoard;
  radio: SimRadio;
  console: ClockConsole;
}

export interface ClockOptions {
  control: string;
  /** The program's fingerprint the clock reports (default the simulator's word). */
  firmware?: string;
  lateLimitMs?: number;
}

/** The clocks of a hall on one virtual time, all broadcasting through one socket. */
export class SimHall {
  time = new VirtualTime();
  clocks: SimClock[] = [];
  private constructor(public sender: AirSender) {}

  static async open(port: number): Promise<SimHall> {
    return new SimHall(await openAirSender(port));
  }

  /** A clock in the hall: set up (tournament setting on, board number, control), booted, waiting. */
  add(board: number, o: ClockOptions): SimClock {
    const store = new MemoryStore();
    const s = decodeSettings(null).settings;
    Object.assign(s, { tournament: true, board: board, black: o.control, white: o.control });
    if (o.lateLimitMs !== undefined) s.lateLimitMs = o.lateLimitMs;
    store.set("clock.set", encodeSettings(s));
    const sim = new SimBoard(this.time, store);
    if (o.firmware) sim.firmware = o.firmware;
    const radio = simRadio(this.sender, this.time);
    sim.advertise = radio.advertise;
    const app = startApp(sim);
    const c: SimClock = { board: board, control: o.control, app: app, sim: sim, radio: radio, console: makeConsole(app) };
    this.clocks.push(c);
    return c;
  }

  /** The arbiter starts the game (with the PIN: the tournament lock), `absent` marked first. */
  start(c: SimClock, absent?: Side): void {
    c.console.unlock("0000");
    if (absent) c.console.op("absent " + absent);
    const r = c.console.op("start");
    if (r.indexOf("ok") !== 0) throw new Error("board " + c.board + ": start: " + r);
  }

  /** An arbiter's operation, with the PIN. */
  op(c: SimClock, words: string): string {
    c.console.unlock("0000");
    const r = c.console.op(words);
    c.console.lock();
    return r;
  }

  /** A player's press on their own button now (White's on the right). */
  press(c: SimClock, side: Side): void {
    const b = side === "white" ? RIGHT : LEFT;
    const t = this.time.now();
    c.sim.edge(b, true, t);
    c.sim.edge(b, false, t);
  }

  status(c: SimClock): ClockStatus {
    return c.console.status() as ClockStatus;
  }

  runUntil(t: number): void {
    this.time.runUntil(t);
  }

  close(): void {
    for (const c of this.clocks) c.radio.stop();
    this.sender.close();
  }
}

/** A row's comparable part, and the same made from a clock's status. */
export interface Seen {
  board: number;
  phase: string;
  toMove: string;
  black: string;
  white: string;
}

function sideOf(x: { s: number; periods: number | null; moves: number | null; overtime: boolean; flag: boolean; forfeit: boolean; absent: boolean }): string {
  return [x.s, x.periods, x.moves, x.overtime, x.flag, x.forfeit, x.absent].join(" ");
}

export function seenOfState(s: ClockState): Seen {
  return { board: s.board, phase: s.phase, toMove: s.toMove, black: sideOf(s.black), white: sideOf(s.white) };
}

/** What a simulated clock has on the air now, as the hall would read it (null: nothing). */
export function onAir(c: SimClock): Seen | null {
  const data = c.radio.current;
  if (data === null) return null;
  const d = decodeManufacturer(Buffer.concat([Buffer.from([COMPANY & 0xff, COMPANY >> 8]), Buffer.from(data, "latin1")]));
  return "state" in d ? seenOfState(d.state) : null;
}

export function seenOfRow(r: RowJson): Seen {
  return { board: r.board, phase: r.phase, toMove: r.toMove, black: sideOf(r.black), white: sideOf(r.white) };
}

/** What a clock's status says, as a row would say it (the face's seconds, rounded up). */
export function seenOfStatus(st: ClockStatus): Seen {
  const side = (x: Side) => {
    const s = st[x];
    const byoyomi = s.control.indexOf("x") >= 0;
    const moves = s.control.indexOf("/") >= 0;
    const ms = s.mainMs > 0 ? s.mainMs : byoyomi ? s.periodMs : moves ? s.blockMs : s.mainMs;
    const overtime = s.mainMs === 0 && (byoyomi || moves);
    const forfeit = st.forfeit.indexOf(x === "black" ? "B" : "W") >= 0;
    return sideOf({ s: Math.ceil(ms / 1000), periods: byoyomi ? s.periodsLeft : null, moves: moves ? s.movesLeft : null, overtime: overtime, flag: s.out, forfeit: forfeit, absent: st.late[x].absent });
  };
  return { board: st.board, phase: st.phase === "setup" && st.armed ? "ready" : st.phase, toMove: st.toMove, black: side("black"), white: side("white") };
}

/** `goclock hall --air --json …` running: its rows by radio address, the latest of each, as they come. */
export class HallProcess {
  child: ChildProcess;
  rows = new Map<string, RowJson>();
  /** Every row line with the instant (performance.now()) it arrived. */
  arrivals: { at: number; row: RowJson }[] = [];
  ignored: Record<string, number> = { truncated: 0, foreign: 0, version: 0, invalid: 0 };
  listening: Record<string, unknown> | null = null;
  stderr = "";
  /** Without --json: the bytes it printed (the table). */
  printed = 0;
  exit: Promise<number>;
  keepArrivals = false;
  private rest = "";
  private waiters: { pred: () => boolean; done: () => void }[] = [];

  /** `json` false: without --json (the web page alone); `listening` then holds the page's address
   *  from what the hall says on stderr. */
  constructor(args: string[], json = true) {
    this.child = spawn(process.execPath, [TSX, GOCLOCK, "hall", "--air"].concat(json ? ["--json"] : [], args), { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout!.on("data", (d: Buffer) => (json ? this.data(d.toString()) : (this.printed += d.length)));
    this.child.stderr!.on("data", (d: Buffer) => {
      this.stderr += d.toString();
      const m = /listening to (.*?)(?:; the table on (http\S+))? \(Ctrl-C/.exec(this.stderr);
      if (!json && m && !this.listening) {
        this.listening = { listening: m[1], web: m[2] ?? null };
        this.data("");
      }
    });
    this.exit = new Promise((resolve) => this.child.on("close", (code) => resolve(code ?? -1)));
  }

  private data(text: string): void {
    const at = performance.now();
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop()!;
    for (const l of lines) {
      if (!l) continue;
      const o = JSON.parse(l) as Record<string, unknown>;
      if ("listening" in o) this.listening = o;
      else if ("ignored" in o) this.ignored = o.ignored as Record<string, number>;
      else {
        const r = o as unknown as RowJson;
        this.rows.set(r.address, r);
        if (this.keepArrivals) this.arrivals.push({ at: at, row: r });
      }
    }
    for (const w of this.waiters.slice()) if (w.pred()) this.waiters.splice(this.waiters.indexOf(w), 1)[0].done();
  }

  /** Resolves once pred holds (looked at as lines arrive, and every 100 ms); rejects after timeoutMs. */
  until(pred: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const w = { pred: pred, done: () => (clearInterval(poll), clearTimeout(timer), resolve()) };
      const poll = setInterval(() => {
        if (pred()) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.done();
        }
      }, 100);
      const timer = setTimeout(() => {
        clearInterval(poll);
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error("the hall did not show " + what + " within " + timeoutMs / 1000 + " s; stderr: " + this.stderr));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** Stops it as Ctrl-C does; its exit status. */
  stop(): Promise<number> {
    this.child.kill("SIGINT");
    return this.exit;
  }
}
