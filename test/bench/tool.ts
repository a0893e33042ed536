// npm run bench:tool: the arbiter tool's figures over a pseudo-terminal pair (socat), against the
// built firmware (dist/clock.js) on the board double: a status round trip, and a whole 300-move
// game's time log read page by page, each as median and worst; and what the tool's dependencies
// add to an install. Times are wall-clock on this machine, the double's interpreter being V8: on a
// Jolt.js the clock's side of each request costs more (ESPRUINO.md), so these are the link's and
// the tool's share, not the board's.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClockRig, firmware } from "../double/rig";
import { bridge, goclock, ptyPair } from "../tool/tool-pty";
import { connect } from "../../hw/tool/client";
import { readLog } from "../../hw/tool/commands/read";
import { seededPicker } from "../core/gen";
import type { Side } from "../../firmware/core/index";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const STATUS_READS = 200;
const LOG_READS = 5;

function say(line: string): void {
  process.stdout.write(line + "\n");
}

function stats(ms: number[]): string {
  const s = ms.slice().sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return "median " + median.toFixed(1) + " ms, worst " + s[s.length - 1].toFixed(1) + " ms (" + s.length + " reads)";
}

function bytesIn(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) n += bytesIn(p);
    else if (e.isFile()) n += statSync(p).size;
  }
  return n;
}

/** The packages the tool brings in (its dependencies and theirs), from the lock file, that no other
 *  part of the project needs, and their size on disk. */
function footprint(): { packages: number; bytes: number } {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean; optional?: boolean; devOptional?: boolean }> };
  let packages = 0;
  let bytes = 0;
  for (const path of Object.keys(lock.packages)) {
    const p = lock.packages[path];
    // what a production install has: the tool's runtime dependencies (the firmware and simulator need none)
    if (path === "" || p.dev || p.devOptional) continue;
    packages++;
    bytes += bytesIn(join(ROOT, path));
  }
  return { packages: packages, bytes: bytes };
}

async function main(): Promise<void> {
  const pty = await ptyPair();
  const rig = new ClockRig(await firmware()).start();
  rig.runUntil(3000);
  const link = await bridge(rig.dev, pty.clock);
  const client = await connect(pty.tool);
  try {
    await client.request("set", { control: "2h+5x60s" });
    client.roundTrips = [];
    for (let i = 0; i < STATUS_READS; i++) await client.request("status");
    say("goclock status round trip over a pty, the built firmware on the board double: " + stats(client.roundTrips));

    // 300 moves through the pins: 25-70 s each (random ms), all in main time but the last few
    await client.request("op", { words: "start" });
    const p = seededPicker(20261202);
    let t = rig.dev.nowMs();
    for (let i = 0; i < 300; i++) {
      t += 25000 + p.int(0, 45000);
      rig.press((i % 2 ? "white" : "black") as Side, t);
    }
    rig.runUntil(t + 2000);
    await client.request("unlock", { pin: "0000" });
    await client.request("op", { words: "pause" });
    const moves = (await client.request("status")) as { black: { moves: number }; white: { moves: number } };
    const reads: number[] = [];
    let entries = 0;
    let pages = 0;
    for (let i = 0; i < LOG_READS; i++) {
      const before = client.roundTrips.length;
      const started = performance.now();
      entries = (await readLog(client)).length;
      reads.push(performance.now() - started);
      pages = client.roundTrips.length - before;
    }
    say("goclock log of a " + (moves.black.moves + moves.white.moves) + "-move game (" + entries + " entries, " + pages + " pages of at most 10): " + stats(reads));
  } finally {
    await client.close();
  }
  try {
    // what an arbiter waits for: the whole command, from starting the program to its answer
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const r = await goclock(["status", "--port", pty.tool]);
      if (r.code !== 0) throw new Error("goclock status: " + r.stderr);
      runs.push(performance.now() - started);
    }
    say("goclock status as a command (node and tsx starting, port, hello, status): " + stats(runs));
  } finally {
    await link.close();
    pty.close();
  }
  const f = footprint();
  say("goclock's dependencies in an install: " + f.packages + " packages, " + (f.bytes / 1048576).toFixed(1) + " MB on disk (serialport, its native binding with prebuilt binaries for every platform, @sabaki/sgf)");
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    process.stderr.write((e.stack ?? e.message) + "\n");
    process.exit(1);
  },
);
