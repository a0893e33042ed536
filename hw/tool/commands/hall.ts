// hall: every clock of the tournament, live, from the advertisements they broadcast while their
// tournament setting is on (firmware/link/advert.ts): heard over Bluetooth (noble), or with --air
// over the loopback from simulated clocks (npm run sim -- --headless --air). Shown as a table on the
// terminal, as JSON lines (--json), or as a web page on 127.0.0.1 (--web). Read-only: the hall
// never talks to a clock.

import { performance } from "node:perf_hooks";
import { usageError, wholeOption, type Command, type Ctx } from "../command";
import { Hall, SILENT_MS } from "../hall/hall";
import { airScanner, bleScanner, type Scanner } from "../hall/scan";
import { rowJson, tableText } from "../hall/table";
import type { RowJson } from "../hall/text";
import { serveHall, WEB_PORT, type HallWeb } from "../hall/web";
import { AIR_PORT } from "../../../sim/air";
import { buildFingerprint } from "./trust";

/** How often clocks are looked at for silence, and the table drawn again when something changed. */
const SWEEP_MS = 500;
const DRAW_TTY_MS = 250;
const DRAW_PIPE_MS = 1000;

function options(ctx: Ctx): { airPort: number; webPort: number; silentMs: number; expect: string } {
  const v = ctx.values;
  if (v["air-port"] !== undefined && !v.air) throw usageError("--air-port is for --air (the loopback's air)");
  if (v["web-port"] !== undefined && !v.web) throw usageError("--web-port is for --web");
  const dir = typeof v.expect === "string" ? v.expect : "";
  return {
    airPort: wholeOption(v, "air-port", 1, 65535) ?? AIR_PORT,
    webPort: wholeOption(v, "web-port", 0, 65535) ?? WEB_PORT,
    silentMs: (wholeOption(v, "silent", 1, 3600) ?? SILENT_MS / 1000) * 1000,
    expect: dir ? buildFingerprint(dir).fingerprint : "",
  };
}

export const hall: Command = {
  name: "hall",
  summary: "every clock of the hall, live, from their broadcasts: times, turn, flags, battery, silence",
  usage: "[--air [--air-port N]] [--json | --web [--web-port N]] [--expect DIR] [--silent S]",
  help:
    "  --air             listen to simulated clocks on this machine (npm run sim -- --headless --air)\n" +
    "                    instead of Bluetooth\n" +
    "  --air-port N      the loopback's port (default " + AIR_PORT + ")\n" +
    "  --json            one JSON object a line: a clock's row each time it changes (board, address,\n" +
    "                    phase, toMove, black, white, battery, lowBattery, fingerprint, marks, heardAt,\n" +
    "                    since), {\"ignored\": counts} when an advertisement was not a clock's\n" +
    "  --web             serve the table as a live web page on http://127.0.0.1:" + WEB_PORT + "/\n" +
    "  --web-port N      another port for it (0: any free one)\n" +
    "  --expect DIR      the build every clock should run (its dist/ directory): another fingerprint\n" +
    "                    is marked\n" +
    "  --silent S        a clock not heard for S seconds is marked silent (default " + SILENT_MS / 1000 + ")\n\n" +
    "A clock broadcasts while its tournament setting is on (goclock set --tournament on, or the\n" +
    "set-up menu), under its board number (goclock set --board N). Marks: flag, forfeit, low battery,\n" +
    "silent, firmware (not --expect's), duplicate (one board number from two radio addresses), no\n" +
    "board number. An advertisement cut short, another device's or of an unknown version is ignored\n" +
    "and counted, never shown as a clock. Without an adapter (or the permission to use it) the hall\n" +
    "says so and exits with status 5. Ctrl-C stops it.",
  options: {
    air: { type: "boolean" },
    "air-port": { type: "string" },
    web: { type: "boolean" },
    "web-port": { type: "string" },
    expect: { type: "string" },
    silent: { type: "string" },
  },
  run: async (ctx) => {
    const o = options(ctx);
    const h = new Hall({ expect: o.expect, silentMs: o.silentMs });
    const t0 = performance.now();
    const wall0 = Date.now();
    // the hall's own ms, monotonic (a wall clock set meanwhile does not make clocks silent)
    const now = () => Math.round(performance.now() - t0);
    const toWall = (ms: number) => wall0 + ms;
    const json = ctx.json;
    const tty = process.stdout.isTTY === true;
    let web: HallWeb | null = null;
    let dirty = true;
    const flush = (sweep: boolean) => {
      const rows = h.changes(now(), sweep);
      const ignored = h.ignoredChanges();
      if (rows.length === 0 && !ignored) return;
      dirty = true;
      const out: RowJson[] = rows.map((r) => rowJson(r, toWall));
      if (json) process.stdout.write(out.map((r) => JSON.stringify(r) + "\n").join("") + (ignored ? JSON.stringify({ ignored: ignored }) + "\n" : ""));
      if (web) web.push(out, ignored);
    };
    let scanner: Scanner;
    const onAdvert = (address: string, d: Parameters<Hall["hear"]>[1], key: string) => {
      if (h.hear(address, d, key, now()) || "ignored" in d) flush(false);
    };
    scanner = ctx.values.air ? await airScanner(onAdvert, o.airPort) : await bleScanner(onAdvert);
    if (ctx.values.web) {
      try {
        web = await serveHall(o.webPort, scanner.what, () => ({ rows: h.rows(now()).map((r) => rowJson(r, toWall)), ignored: Object.assign({}, h.ignored) }));
      } catch (e) {
        await scanner.stop();
        throw e;
      }
    }
    if (json) process.stdout.write(JSON.stringify({ listening: scanner.what, expect: o.expect || null, silentMs: o.silentMs, web: web ? web.url : null }) + "\n");
    else process.stderr.write("goclock hall: listening to " + scanner.what + (web ? "; the table on " + web.url : "") + " (Ctrl-C to stop)\n");
    const draw = () => {
      if (json || web || !dirty) return;
      dirty = tty; // on a terminal the silent clocks' seconds go on
      const text = tableText(h.rows(now()).map((r) => rowJson(r, toWall)), h.ignored, scanner.what, Date.now());
      process.stdout.write(tty ? "\x1b[H\x1b[2J" + text + "\n" : text + "\n\n");
    };
    const sweep = setInterval(() => flush(true), SWEEP_MS);
    const drawing = setInterval(draw, tty ? DRAW_TTY_MS : DRAW_PIPE_MS);
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    clearInterval(sweep);
    clearInterval(drawing);
    await scanner.stop();
    if (web) await web.close();
    const rows = h.rows(now());
    process.stderr.write("goclock hall: " + rows.length + " clocks heard, " + h.heard + " advertisements, " + h.ignoredTotal() + " ignored\n");
    // noble keeps the adapter's socket open after it stopped scanning: leave anyway
    if (!ctx.values.air) setTimeout(() => process.exit(0), 500).unref();
    return 0;
  },
};
