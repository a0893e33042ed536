// npm run bench:hall: a hall of 300 clocks. The clocks are simulated in this process (the device app
// on the desktop board, their time the wall clock's), each broadcasting over the loopback's air as
// `npm run sim -- --headless --air` does, its players moving every 5 to 15 s; `goclock hall --air`
// runs as an arbiter runs it. Measured over 30 s: the hall's CPU (its processes' user and system
// time, from /proc), the advertisements it heard, and the time from a move on a clock to its row
// (--json: the line on the hall's output; --web: the event on the page's stream), median and worst.
// Then the advertisement's own cost on the board and the radio (test/bench/air.ts).
// `--clocks N`, `--seconds S` for another hall.

import { readFileSync, readdirSync } from "node:fs";
import { request } from "node:http";
import { HallProcess, SimHall, airPort, type SimClock } from "../tool/hall-rig";
import { airFigures, airLines } from "./air";
import type { RowJson } from "../../hw/tool/hall/text";
import type { Side } from "../../firmware/core/index";

const CONTROLS = ["2h+5x60s", "1h+5x30s", "90m", "1h+15/10m", "30m+F10s"];

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system) of a process and all it started, from /proc (Linux); NaN elsewhere. */
function treeCpu(root: number): number {
  try {
    const tick = 100; // USER_HZ on Linux
    const parent = new Map<number, number>();
    const cpu = new Map<number, number>();
    for (const d of readdirSync("/proc")) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync("/proc/" + d + "/stat", "utf8");
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        parent.set(Number(d), Number(f[1]));
        cpu.set(Number(d), (Number(f[11]) + Number(f[12])) / tick);
      } catch {
        // gone meanwhile
      }
    }
    let sum = 0;
    for (const [pid, c] of cpu) {
      for (let p = pid; p > 1; p = parent.get(p) ?? 0) {
        if (p === root) {
          sum += c;
          break;
        }
      }
    }
    return sum;
  } catch {
    return NaN;
  }
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : NaN;
}

interface Move {
  at: number;
  address: string;
  toMove: Side;
}

export interface HallFigures {
  clocks: number;
  seconds: number;
  /** The hall's CPU over the window: seconds of CPU per second. */
  cpu: number;
  /** Advertisements a second that reached the hall, and rows it printed a second. */
  heardPerSecond: number;
  rowsPerSecond: number;
  moves: number;
  /** A move to its row: median and worst ms, and moves whose row never came. */
  medianMs: number;
  worstMs: number;
  missed: number;
}

/** One hall measured: "json" its rows read from --json, "web" from the page's event stream,
 *  "table" the table printed (to a pipe: once a second when something changed; no rows to time). */
async function measure(clocks: number, seconds: number, how: "json" | "web" | "table"): Promise<HallFigures> {
  const port = airPort();
  const web = how === "web";
  const hall = new HallProcess(["--air-port", String(port)].concat(web ? ["--web", "--web-port", "0"] : []), how === "json");
  await hall.until(() => hall.listening !== null, 120000, "that it listens");
  const arrivals: { at: number; row: RowJson }[] = [];
  let stream: (() => void) | null = null;
  if (web) {
    // a page's stream of rows, as the page receives them
    const url = String(hall.listening!.web) + "events";
    await new Promise<void>((resolve) => {
      const req = request(url, (res) => {
        let rest = "";
        res.on("data", (d: Buffer) => {
          const at = performance.now();
          const parts = (rest + d.toString()).split("\n\n");
          rest = parts.pop()!;
          for (const p of parts) {
            const m = /^event: row\ndata: (.*)$/.exec(p);
            if (m) arrivals.push({ at: at, row: JSON.parse(m[1]) as RowJson });
          }
        });
        resolve();
      });
      req.end();
      stream = () => req.destroy();
    });
  } else if (how === "json") hall.keepArrivals = true;
  const air = await SimHall.open(port);
  const wall0 = performance.now();
  const now = () => Math.floor(performance.now() - wall0);
  const next = new Map<SimClock, number>();
  let seed = 12345;
  const rand = (lo: number, hi: number) => lo + ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % (hi - lo + 1));
  for (let i = 0; i < clocks; i++) {
    const c = air.add(1 + i, { control: CONTROLS[i % CONTROLS.length] });
    air.start(c);
    next.set(c, rand(5000, 15000));
  }
  const moves: Move[] = [];
  let measuring = false;
  const pump = setInterval(() => {
    const t = now();
    air.runUntil(t);
    for (const c of air.clocks) {
      const g = c.app.clock.game;
      if (t < next.get(c)! || g.phase !== "running") continue;
      const side = g.toMove;
      air.press(c, side);
      next.set(c, t + rand(5000, 15000));
      if (measuring) moves.push({ at: performance.now(), address: c.radio.address, toMove: side === "black" ? "white" : "black" });
    }
  }, 10);
  await sleep(5000); // every clock heard, the hall settled
  const rows0 = web ? arrivals.length : hall.arrivals.length;
  const heard0 = air.clocks.reduce((n, c) => n + c.radio.sent, 0);
  const cpu0 = treeCpu(hall.child.pid!);
  const t0 = performance.now();
  measuring = true;
  await sleep(seconds * 1000);
  measuring = false;
  const cpu1 = treeCpu(hall.child.pid!);
  const t1 = performance.now();
  const heard1 = air.clocks.reduce((n, c) => n + c.radio.sent, 0);
  await sleep(3000); // the last moves' rows
  clearInterval(pump);
  const got = web ? arrivals : hall.arrivals; // none for the table
  const rows1 = got.filter((a) => a.at <= t1).length;
  const lat: number[] = [];
  let missed = 0;
  for (const m of how === "table" ? [] : moves) {
    const a = got.find((x) => x.at >= m.at && x.row.address === m.address && x.row.toMove === m.toMove);
    if (a) lat.push(a.at - m.at);
    else missed++;
  }
  if (stream) (stream as () => void)();
  air.close();
  await hall.stop();
  const s = (t1 - t0) / 1000;
  return {
    clocks: clocks, seconds: s, cpu: (cpu1 - cpu0) / s, heardPerSecond: (heard1 - heard0) / s, rowsPerSecond: (rows1 - rows0) / s,
    moves: moves.length, medianMs: median(lat), worstMs: Math.max(...lat), missed: missed,
  };
}

function line(f: HallFigures, how: string): string {
  const pct = (100 * f.cpu).toFixed(1);
  const head = "  " + how + ": the hall's CPU " + pct + " % of a core (" + Math.round(1000 * f.cpu) + " ms a second) for " + Math.round(f.heardPerSecond) + " advertisements a second";
  if (!Number.isFinite(f.medianMs)) return head + " (the table printed once a second)";
  return head + ", " + Math.round(f.rowsPerSecond) + " rows a second; a move on a clock to its row: median " + f.medianMs.toFixed(1) + " ms, worst " + f.worstMs.toFixed(1) + " ms (" + f.moves + " moves" +
    (f.missed ? ", " + f.missed + " rows never came" : "") + ")";
}

async function main(): Promise<void> {
  const clocks = arg("--clocks", 300);
  const seconds = arg("--seconds", 30);
  const say = (s: string) => process.stdout.write(s + "\n");
  say("a hall of " + clocks + " clocks (simulated in this process, broadcasting on the loopback's air), over " + seconds + " s:");
  say(line(await measure(clocks, seconds, "json"), "goclock hall --air --json"));
  say(line(await measure(clocks, seconds, "web"), "goclock hall --air --web, one page's event stream"));
  say(line(await measure(clocks, seconds, "table"), "goclock hall --air, the table to a pipe"));
  for (const l of airLines(await airFigures())) say(l);
}

main().catch((e) => {
  process.stderr.write((e as Error).stack + "\n");
  process.exitCode = 1;
});
