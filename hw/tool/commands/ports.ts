// list: which serial ports answer as this clock; flash: the firmware and a voice pack through
// hw/flash.ts, then the version read back from the clock.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "../client";
import { PORT_OPTIONS, readStatus, usageError, type Command } from "../command";
import { EXIT, ToolError } from "../errors";
import { systemPorts } from "../transport";

interface Probe {
  path: string;
  version?: string;
  /** Why it is not a clock (no answer, busy, another device). */
  why?: string;
}

async function probe(path: string, timeoutMs: number): Promise<Probe> {
  try {
    const c = await connect(path, { timeoutMs: timeoutMs, retries: 1 });
    await c.close();
    return { path: path, version: c.hello ? c.hello.version : "" };
  } catch (e) {
    return { path: path, why: (e as Error).message };
  }
}

export const list: Command = {
  name: "list",
  summary: "the serial ports that answer as this clock",
  usage: "[--port PATH …] [--json]",
  help:
    "  -p, --port PATH   ask only these ports (repeatable; a pseudo-terminal is never listed by the system)\n" +
    "  --timeout MS      how long to wait for each port's answer (default 500)\n" +
    "  --all             also the ports that did not answer as a clock, and why\n" +
    "  --json            the result as JSON",
  options: { port: { type: "string", short: "p", multiple: true }, timeout: { type: "string" }, all: { type: "boolean" } },
  run: async (ctx) => {
    const given = ctx.values.port as unknown as string[] | undefined;
    let paths: string[];
    if (given && given.length) paths = given;
    else {
      const ports = await systemPorts();
      if (typeof ports === "string") {
        throw new ToolError("this system cannot list its serial ports (" + ports + "; Linux lists them through udev): name the port, goclock list --port /dev/ttyACM0", EXIT.port);
      }
      paths = ports.map((p) => p.path);
    }
    const t = typeof ctx.values.timeout === "string" && /^\d+$/.test(ctx.values.timeout) ? Number(ctx.values.timeout) : 500;
    const probes = await Promise.all(paths.map((p) => probe(p, t)));
    const clocks = probes.filter((p) => p.version !== undefined);
    const others = probes.filter((p) => p.version === undefined);
    const lines = clocks.map((c) => c.path + "  voiced-go-clock, firmware " + c.version);
    if (clocks.length === 0) lines.push(paths.length === 0 ? "no serial ports on this system" : "no clock answered (" + paths.length + (paths.length === 1 ? " port" : " ports") + " asked)");
    if (ctx.values.all) for (const o of others) lines.push(o.path + "  not a clock: " + o.why);
    else if (others.length && clocks.length) lines.push("(" + others.length + " other ports did not answer as a clock: --all says why)");
    ctx.print(lines.join("\n"), { clocks: clocks, others: others });
    return clocks.length > 0 ? 0 : EXIT.noAnswer;
  },
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Runs a TypeScript script of the project with these arguments; resolves with its exit code. */
function runScript(file: string, args: string[]): Promise<number> {
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, join(ROOT, file)].concat(args), { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Builds the firmware (build.ts), then runs hw/flash.ts on what it made, as npm run flash does. */
async function runFlashScript(args: string[]): Promise<number> {
  const built = await runScript("build.ts", []);
  return built !== 0 ? built : runScript(join("hw", "flash.ts"), args);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const flash: Command = {
  name: "flash",
  summary: "put the firmware and a voice pack on the clock (hw/flash.ts), then read its version back",
  usage: "--port PATH [--voice ID | --no-voice] [--board NAME] [--dry-run]",
  help:
    "  -p, --port PATH   the clock's USB serial port\n" +
    "  --voice ID        the voice pack: zh (default), en or ja (one fits)\n" +
    "  --no-voice        the program only; the clips on the board stay\n" +
    "  --board NAME      board name for the espruino CLI (default: asked from the board)\n" +
    "  --dry-run         build and print the upload commands only\n" +
    "  --timeout MS      how long one try waits for the clock's reply (default 1500)\n" +
    "  --json            the version read back as JSON\n\n" +
    "Between games only: a clock in a game keeps its USB line closed to the Espruino prompt.",
  port: true,
  options: Object.assign({ voice: { type: "string" }, "no-voice": { type: "boolean" }, board: { type: "string" }, "dry-run": { type: "boolean" } }, PORT_OPTIONS),
  run: async (ctx) => {
    const v = ctx.values;
    if (v.voice !== undefined && v["no-voice"]) throw usageError("--voice or --no-voice, not both");
    const args = ["--port", ctx.port];
    if (typeof v.voice === "string") args.push("--voice", v.voice);
    if (v["no-voice"]) args.push("--no-voice");
    if (typeof v.board === "string") args.push("--board", v.board);
    if (v["dry-run"]) {
      args.push("--dry-run");
      const code = await runFlashScript(args);
      return code === 0 ? 0 : EXIT.refused;
    }
    // the clock hands its USB line to the Espruino prompt (which the upload needs) only between
    // games: refuse here rather than let the upload fail half-way. A board that does not answer the
    // protocol (older firmware, an empty board) has its prompt there already.
    try {
      const c = await connect(ctx.port, { timeoutMs: 800, retries: 1 });
      let phase = "";
      try {
        phase = (await readStatus(c)).phase;
      } finally {
        await c.close();
      }
      if (phase !== "setup" && phase !== "ended") throw new ToolError("a game is on (" + phase + "): flashing would end it; end the game first (goclock end --pin PIN)", EXIT.refused);
    } catch (e) {
      if (!(e instanceof ToolError) || (e.exit !== EXIT.noAnswer && e.exit !== EXIT.notClock)) throw e;
    }
    const code = await runFlashScript(args);
    if (code !== 0) throw new ToolError("the flash script failed (exit " + code + "): the clock may have no program now; flash again", EXIT.refused);
    // the board restarts with the new program: ask until it answers
    const until = Date.now() + 30000;
    let last: Error | null = null;
    while (Date.now() < until) {
      try {
        const c = await connect(ctx.port, { timeoutMs: 1000, retries: 0 });
        await c.close();
        const version = c.hello ? c.hello.version : "";
        ctx.print("flashed: the clock on " + ctx.port + " runs firmware " + version, { port: ctx.port, version: version });
        return 0;
      } catch (e) {
        last = e as Error;
        await sleep(1000);
      }
    }
    throw new ToolError("flashed, but the clock did not answer within 30 s (" + (last ? last.message : "") + ")", EXIT.noAnswer);
  },
};
