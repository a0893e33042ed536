// `npm run sim` serves the clock to the browser; `--terminal` and `--device` run it in the terminal;
// `npm run --silent sim -- run FILE` prints a transcript.

import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { parseScript } from "./script";
import { runScript, voiceOptions } from "./run";
import { transcript } from "./transcript";
import { runTerminal } from "./terminal";
import { runDeviceTerminal } from "./device-term";
import { runHeadless } from "./headless";
import { AIR_PORT } from "./air";
import { MAX_BOARD } from "../firmware/record/settings";
import { runWeb, DEFAULT_PORT } from "./web/server";
import { loadPack, renderWav } from "./wav";
import { PACKS } from "../firmware/voice";

const USAGE = "usage: npm run sim [-- --port N] [--no-open]           the clock in the browser: the device itself, its voice,\n" +
  "                                                        the arbiter's panel; served on http://127.0.0.1:" + DEFAULT_PORT + "/\n" +
  "                                                        (--port 0: any free port; --no-open: do not open a browser)\n" +
  "       npm run sim -- --terminal [--control SPEC] [--handicap N]   the interactive clock in the terminal\n" +
  "       npm run sim -- --device                         the device app itself in the terminal: its display, menu, buttons\n" +
  "       npm run sim -- --headless --serial PATH          the device app, no display, its link on PATH (goclock --port PATH)\n" +
  "       npm run sim -- --headless --air [--board N]      …broadcasting to the hall on the loopback (goclock hall --air),\n" +
  "                                                        its tournament setting on (--air-port N: another port;\n" +
  "                                                        with --serial too, or alone)\n" +
  "       npm run --silent sim -- run FILE [--log [json]] [--wav OUT.wav] [--voice zh|en|ja]\n" +
  "                                                        run a script, print its transcript;\n" +
  "                                                        --log adds the time log as read at the table,\n" +
  "                                                        --log json in its machine form,\n" +
  "                                                        --wav also renders its calls to one audio timeline,\n" +
  "                                                        --voice picks the pack and its counting tradition";

type Mode = "web" | "terminal" | "device" | "headless" | "run";

/** The flags each mode takes; any other is refused, not silently ignored. */
const FLAGS: Record<Mode, string[]> = {
  web: ["port", "no-open"],
  terminal: ["terminal", "control", "handicap"],
  device: ["device"],
  headless: ["headless", "serial", "air", "air-port", "board"],
  run: ["log", "wav", "voice"],
};

const MODE_NAME: Record<Mode, string> = { web: "the browser clock", terminal: "--terminal", device: "--device", headless: "--headless", run: "'run FILE'" };

/** Where a set-up flag's setting goes instead, in a mode that does not take it. */
const SETUP_ELSEWHERE: Record<Mode, string> = {
  web: ": set the game up in the clock's menu, or with a link (?control=SPEC&handicap=N)",
  terminal: "",
  device: ": set the game up in the device's own menu",
  headless: ": set the game up with the tool (goclock set) or the device's menu",
  run: ": a script sets it with its own line (control …, handicap …)",
};

/** The first flag given that the mode does not take, as an error; null if all apply. */
function strayFlag(mode: Mode, given: string[]): string | null {
  for (const f of given) {
    if (f === "help" || FLAGS[mode].indexOf(f) >= 0) continue;
    const hint = FLAGS.run.indexOf(f) >= 0 ? ": it is for 'run FILE'" : FLAGS.web.indexOf(f) >= 0 ? ": it is for the browser clock" :
      FLAGS.terminal.indexOf(f) >= 0 ? SETUP_ELSEWHERE[mode] : "";
    return "--" + f + " does not apply to " + MODE_NAME[mode] + hint;
  }
  return null;
}

/** `--log json`: parseArgs has no optional values, so the word after --log is taken here. */
function logForm(argv: string[]): { argv: string[]; json: boolean } {
  const i = argv.indexOf("--log");
  if (i >= 0 && argv[i + 1] === "json") return { argv: argv.slice(0, i + 1).concat(argv.slice(i + 2)), json: true };
  return { argv: argv, json: false };
}

function main(argvIn: string[]): number | Promise<number> {
  const lf = logForm(argvIn);
  const argv = lf.argv;
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { log: { type: "boolean" }, wav: { type: "string" }, voice: { type: "string" }, control: { type: "string" }, handicap: { type: "string" }, device: { type: "boolean" }, headless: { type: "boolean" }, serial: { type: "string" }, air: { type: "boolean" }, "air-port": { type: "string" }, board: { type: "string" }, terminal: { type: "boolean" }, port: { type: "string" }, "no-open": { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  } catch (e) {
    process.stderr.write((e as Error).message + "\n" + USAGE + "\n");
    return 2;
  }
  const [cmd, file] = args.positionals;
  if (args.values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (cmd !== undefined && (cmd !== "run" || file === undefined || args.positionals.length !== 2)) {
    process.stderr.write(USAGE + "\n");
    return 2;
  }
  if (args.values.device && args.values.terminal) {
    process.stderr.write("--device and --terminal are two ways to run the clock: choose one\n");
    return 2;
  }
  const mode: Mode = cmd !== undefined ? "run" : args.values.device ? "device" : args.values.terminal ? "terminal" : args.values.headless ? "headless" : "web";
  const stray = strayFlag(mode, Object.keys(args.values));
  if (stray !== null) {
    process.stderr.write(stray + "\n");
    return 2;
  }
  if (mode === "web") {
    const port = args.values.port === undefined ? DEFAULT_PORT : /^\d{1,5}$/.test(args.values.port) ? parseInt(args.values.port, 10) : -1;
    if (port < 0 || port > 65535) {
      process.stderr.write("--port takes a port number 0 … 65535 (0: any free one), not '" + args.values.port + "'\n");
      return 2;
    }
    return runWeb(port, !args.values["no-open"]);
  }
  if (mode === "device") return runDeviceTerminal();
  if (mode === "headless") {
    const air = args.values.air === true;
    if (args.values.serial === undefined && !air) {
      process.stderr.write("--headless needs --serial PATH (the serial device or pty end the tool talks to), --air (the hall's loopback), or both\n");
      return 2;
    }
    if (!air && (args.values["air-port"] !== undefined || args.values.board !== undefined)) {
      process.stderr.write("--air-port and --board are for --air\n");
      return 2;
    }
    const airPort = args.values["air-port"] === undefined ? AIR_PORT : /^\d{1,5}$/.test(args.values["air-port"]) ? parseInt(args.values["air-port"], 10) : -1;
    if (airPort < 1 || airPort > 65535) {
      process.stderr.write("--air-port takes a port number 1 … 65535, not '" + args.values["air-port"] + "'\n");
      return 2;
    }
    const board = args.values.board === undefined ? 0 : /^\d{1,3}$/.test(args.values.board) ? parseInt(args.values.board, 10) : -1;
    if (board < 0 || board > MAX_BOARD) {
      process.stderr.write("--board takes a board number 1 … " + MAX_BOARD + " (0: none), not '" + args.values.board + "'\n");
      return 2;
    }
    return runHeadless({ serial: args.values.serial, air: air ? { port: airPort, board: board } : null });
  }
  if (mode === "terminal") return runTerminal({ control: args.values.control, handicap: args.values.handicap });
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    process.stderr.write("cannot read " + file + ": " + (e as Error).message + "\n");
    return 2;
  }
  const script = parseScript(text);
  if (Array.isArray(script)) {
    for (const e of script) process.stderr.write(file + ":" + e.line + ": " + e.error + "\n");
    return 1;
  }
  const voice = args.values.voice ?? "zh";
  const pack = PACKS.find((p) => p.id === voice);
  if (!pack) {
    process.stderr.write("--voice: no pack '" + voice + "' (" + PACKS.map((p) => p.id).join(", ") + ")\n");
    return 2;
  }
  const r = runScript(script, 20, null, voiceOptions(voice));
  if (args.values.wav !== undefined) {
    try {
      writeFileSync(args.values.wav, renderWav(r.outputs, loadPack(voice), r.endMs));
    } catch (e) {
      process.stderr.write("cannot write " + args.values.wav + ": " + (e as Error).message + "\n");
      return 2;
    }
  }
  process.stdout.write(transcript(r.outputs, r.clock, r.endMs, args.values.log !== true ? "none" : lf.json ? "json" : "text").join("\n") + "\n");
  return 0;
}

Promise.resolve(main(process.argv.slice(2))).then((code) => {
  process.exitCode = code;
});
