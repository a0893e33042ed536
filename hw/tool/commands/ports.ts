// list: which serial ports answer as this clock; flash: the firmware and a voice pack through
// hw/flash.ts (which opens the clock's prompt with the PIN), then the version and the fingerprint
// read back from the clock and compared with the build's.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "../client";
import { PIN_OPTION, PORT_OPTIONS, pinOf, readStatus, usageError, type Command } from "../command";
import { EXIT, ToolError } from "../errors";
import { systemPorts } from "../transport";
import { DIST, buildFingerprint, verdict } from "./trust";

interface Probe {
  path: string;
  version?: string;
  /** Its PIN is still the factory 0000. */
  defaultPin?: boolean;
  /** Why it is not a clock (no answer, busy, another device). */
  why?: string;
}

async function probe(path: string, timeoutMs: number): Promise<Probe> {
  try {
    const c = await connect(path, { timeoutMs: timeoutMs, retries: 1 });
    await c.close();
    // said only when true: a clock whose PIN was changed, or an older one, has nothing to say
    return Object.assign({ path: path, version: c.hello ? c.hello.version : "" }, c.defaultPin ? { defaultPin: true } : {});
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
    const lines = clocks.map((c) => c.path + "  voiced-go-clock, firmware " + c.version + (c.defaultPin ? " (its PIN is still the factory 0000)" : ""));
    ctx.defaultPin = clocks.some((c) => c.defaultPin);
    if (clocks.length === 0) lines.push(paths.length === 0 ? "no serial ports on this system" : "no clock answered (" + paths.length + (paths.length === 1 ? " port" : " ports") + " asked)");
    if (ctx.values.all) for (const o of others) lines.push(o.path + "  not a clock: " + o.why);
    else if (others.length && clocks.length) lines.push("(" + others.length + " other ports did not answer as a clock: --all says why)");
    ctx.print(lines.join("\n"), { clocks: clocks, others: others });
    return clocks.length > 0 ? 0 : EXIT.noAnswer;
  },
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Runs a TypeScript script of the project with these arguments (and the PIN, if any, in its
 *  environment rather than on a command line others can list); resolves with its exit code. */
function runScript(file: string, args: string[], pin?: string): Promise<number> {
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  const env = Object.assign({}, process.env, pin !== undefined ? { GOCLOCK_PIN: pin } : {});
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, join(ROOT, file)].concat(args), { stdio: ["ignore", "inherit", "inherit"], env: env });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Builds the firmware (build.ts), then runs hw/flash.ts on what it made, as npm run flash does. */
async function runFlashScript(args: string[], pin: string | undefined): Promise<number> {
  const built = await runScript("build.ts", []);
  return built !== 0 ? built : runScript(join("hw", "flash.ts"), args, pin);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const flash: Command = {
  name: "flash",
  summary: "put the firmware and a voice pack on the clock (hw/flash.ts), then check it runs this build",
  usage: "--port PATH --pin PIN [--voice ID | --no-voice] [--board NAME] [--dry-run]",
  help:
    "  -p, --port PATH   the clock's USB serial port\n" +
    "  --pin PIN         the arbiter's PIN (or GOCLOCK_PIN): the clock opens its prompt for the upload\n" +
    "                    with it (a board without the clock's firmware needs none)\n" +
    "  --voice ID        the voice pack: zh (default), en or ja (one fits)\n" +
    "  --no-voice        the program only; the clips on the board stay\n" +
    "  --board NAME      board name for the espruino CLI (default: asked from the board)\n" +
    "  --dry-run         build and print the upload commands only\n" +
    "  --timeout MS      how long one try waits for the clock's reply (default 1500)\n" +
    "  --json            the result read back as JSON\n\n" +
    "Between games only: a clock in a game keeps its USB line closed to the Espruino prompt. Once\n" +
    "flashed, the clock's fingerprint is compared with the build's, as goclock verify does (exit 7\n" +
    "when the clock does not run what was built).",
  port: true,
  options: Object.assign({ voice: { type: "string" }, "no-voice": { type: "boolean" }, board: { type: "string" }, "dry-run": { type: "boolean" } }, PIN_OPTION, PORT_OPTIONS),
  run: async (ctx) => {
    const v = ctx.values;
    if (v.voice !== undefined && v["no-voice"]) throw usageError("--voice or --no-voice, not both");
    const pin = pinOf(v);
    const args = ["--port", ctx.port];
    if (typeof v.voice === "string") args.push("--voice", v.voice);
    if (v["no-voice"]) args.push("--no-voice");
    if (typeof v.board === "string") args.push("--board", v.board);
    if (v["dry-run"]) {
      args.push("--dry-run");
      const code = await runFlashScript(args, pin);
      return code === 0 ? 0 : code === 2 ? EXIT.usage : EXIT.refused;
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
    const code = await runFlashScript(args, pin);
    if (code === 2) throw new ToolError("the flash script refused its command line (above): nothing uploaded", EXIT.usage);
    if (code !== 0) throw new ToolError("the flash script failed (exit " + code + "): the clock may have no program now; flash again", EXIT.refused);
    // the board restarts with the new program: ask until it answers
    const until = Date.now() + 30000;
    let last: Error | null = null;
    while (Date.now() < until) {
      try {
        const c = await connect(ctx.port, { timeoutMs: 1000, retries: 0 });
        await c.close();
        const version = c.hello ? c.hello.version : "";
        ctx.defaultPin = c.defaultPin;
        ctx.note("flashed: the clock on " + ctx.port + " runs firmware " + version);
        return verdict(ctx, c.hello && typeof c.hello.firmware === "string" ? c.hello.firmware : "", buildFingerprint(DIST), DIST, version);
      } catch (e) {
        last = e as Error;
        await sleep(1000);
      }
    }
    throw new ToolError("flashed, but the clock did not answer within 30 s (" + (last ? last.message : "") + ")", EXIT.noAnswer);
  },
};
