// `npm run sim` opens the interactive clock; `npm run --silent sim -- run FILE` prints a transcript.

import { parseArgs } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { parseScript } from "./script";
import { runScript } from "./run";
import { transcript } from "./transcript";
import { runTerminal } from "./terminal";
import { runDeviceTerminal } from "./device-term";
import { loadPack, renderWav } from "./wav";
import { PACKS } from "../firmware/voice";

const USAGE = "usage: npm run sim [-- --control SPEC] [--handicap N]   interactive clock in the terminal\n" +
  "       npm run sim -- --device                         the device app itself: its display, menu and buttons\n" +
  "       npm run --silent sim -- run FILE [--log] [--wav OUT.wav] [--voice zh|en|ja]\n" +
  "                                                        run a script, print its transcript;\n" +
  "                                                        --wav also renders its calls to one audio timeline";

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { log: { type: "boolean" }, wav: { type: "string" }, voice: { type: "string" }, control: { type: "string" }, handicap: { type: "string" }, device: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  } catch (e) {
    process.stderr.write((e as Error).message + "\n" + USAGE + "\n");
    return 2;
  }
  const [cmd, file] = args.positionals;
  if (args.values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (cmd === undefined && args.values.device) return runDeviceTerminal();
  if (cmd === undefined) {
    return runTerminal({ control: args.values.control, handicap: args.values.handicap });
  }
  if (cmd !== "run" || file === undefined || args.positionals.length !== 2) {
    process.stderr.write(USAGE + "\n");
    return 2;
  }
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
  if (!PACKS.some((p) => p.id === voice)) {
    process.stderr.write("--voice: no pack '" + voice + "' (" + PACKS.map((p) => p.id).join(", ") + ")\n");
    return 2;
  }
  const r = runScript(script, 20, null);
  if (args.values.wav !== undefined) {
    try {
      writeFileSync(args.values.wav, renderWav(r.outputs, loadPack(voice), r.endMs));
    } catch (e) {
      process.stderr.write("cannot write " + args.values.wav + ": " + (e as Error).message + "\n");
      return 2;
    }
  }
  process.stdout.write(transcript(r.outputs, r.clock, r.endMs, args.values.log === true).join("\n") + "\n");
  return 0;
}

process.exitCode = main(process.argv.slice(2));
