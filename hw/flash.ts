// npm run flash -- --port PORT --pin PIN [--voice zh[,en…]] [--no-voice] [--board JOLTJS] [--baud 115200] [--dry-run]
//
// A clock running this firmware speaks only the link protocol on USB: its JavaScript prompt, which
// the espruino CLI needs, opens with the arbiter's PIN. So the script first sends the protocol's
// repl request (the desktop tool's client, hw/tool/client.ts); a board that does not answer the
// protocol (empty, an older firmware, CLOCK FAILED) has its prompt already and is flashed as it is.
//
// Takes what the build made (npm run flash runs npm run build first; dist/firmware.json names the
// files, and a bundle that fails the Espruino check is refused), then uploads it with the
// espruino CLI so that it runs at power-on (SAVE_ON_SEND=1 saves it as .bootcde), together with its
// fonts (a Storage file "gfx.<hash>", build/fonts.ts), its menus, its link's code, its power-on
// code and the link's read requests' code (Storage files "menu.<hash>", "link.<hash>", "boot.<hash>",
// "reads.<hash>", build/cold.ts: loaded only while a menu is open, while a line speaks or the
// console is called, once at power-on, for hello, status and a page of records) and the clips of the chosen voice packs as
// Storage files "<pack>/<clip>" (hw/speaker.ts plays them from there; the menu's language picks the
// pack).
//
// The CLI exits 0 even when it could not connect, so its output is read: "Unable to connect" or a
// module it could not find fails the flash.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Manifest, MANIFEST } from "./manifest";
import { ClockRefusal, connect } from "./tool/client";
import { isPinShape } from "./tool/command";
import { EXIT, ToolError } from "./tool/errors";
import { CLIP_BUDGET, DEFAULT_PACK, PACKS } from "../firmware/voice";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const NAME_MAX = 28;

const USAGE = `usage: npm run flash -- --port PORT --pin PIN [options]

  --port PORT     serial port (/dev/ttyACM0, COM5) or Bluetooth address (aa:bb:cc:dd:ee:ff)
  --pin PIN       the arbiter's PIN (or GOCLOCK_PIN): the clock opens its prompt with it, between
                  games only; not needed for a board without the clock's firmware, nor over
                  Bluetooth (open the prompt in the clock's menu: Bluetooth REPL)
  --voice IDS     voice packs to upload, comma-separated: ${PACKS.map((p) => p.id).join(", ")} (default ${DEFAULT_PACK});
                  as many as fit the board's Storage (256 KB for clips: one pack)
  --no-voice      upload the program only (the clips already on the board stay)
  --board NAME    board name for the CLI (default: asked from the board on connect)
  --baud N        serial baud rate (default 115200; USB ignores it)
  --dry-run       build and print the commands without running them`;

interface Clip {
  name: string;
  file: string;
  bytes: number;
}

/** The clips of a committed voice pack (voices/<id>/manifest.json), checked against the files. */
function voiceClips(id: string): Clip[] {
  const dir = join(ROOT, "voices", id);
  const manifestPath = join(dir, "manifest.json");
  if (!existsSync(manifestPath)) throw new Error("no voice pack " + id + " (" + relative(process.cwd(), manifestPath) + " is missing)");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { clips: Record<string, { bytes: number }> };
  return Object.keys(manifest.clips).map((name) => {
    const file = join(dir, name + ".raw");
    if (!existsSync(file)) throw new Error("voice pack " + id + ": clip " + name + " has no file " + relative(process.cwd(), file));
    if ((id + "/" + name).length > NAME_MAX) throw new Error("clip name too long for Storage: " + id + "/" + name);
    // the CLI splits "name:file" at every colon
    if (name.indexOf(":") >= 0) throw new Error("clip name with a colon: " + name);
    return { name: id + "/" + name, file: relative(ROOT, file), bytes: readFileSync(file).length };
  });
}

/** Runs the espruino CLI from the repository root, echoing its output; resolves with that output. */
function runCli(args: string[]): Promise<{ code: number; output: string }> {
  const cli = createRequire(import.meta.url).resolve("espruino/bin/espruino-cli.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli].concat(args), { cwd: ROOT, stdio: ["inherit", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString();
      process.stderr.write(d);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output: output }));
  });
}

/** What in the CLI's output means the upload did not happen. */
function cliFailure(output: string): string | null {
  if (/Unable to connect/i.test(output)) return "the CLI could not connect to the board";
  const missing = /Module (\S+) not found/.exec(output);
  if (missing) return "the CLI could not fetch the module " + missing[1] + " from espruino.com (network?)";
  return null;
}

/** A clock's Bluetooth address rather than a serial port. */
function isBluetooth(port: string): boolean {
  return /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(port);
}

/** Opens the clock's JavaScript prompt on its USB line (the protocol's repl request, with the PIN);
 *  null when the prompt is there (opened now, or a board that does not answer the protocol), else
 *  why not and the exit status. */
async function openPrompt(port: string, pin: string | undefined): Promise<{ why: string; code: number } | null> {
  let client;
  try {
    client = await connect(port, { timeoutMs: 800, retries: 1 });
  } catch (e) {
    if (e instanceof ToolError && (e.exit === EXIT.noAnswer || e.exit === EXIT.notClock)) {
      console.log("flash: " + port + " does not answer the clock's protocol (an empty board, an older firmware, CLOCK FAILED): its prompt is open already");
      return null;
    }
    if (e instanceof ToolError) return { why: e.message, code: 1 };
    throw e;
  }
  try {
    if (pin === undefined) return { why: "the clock on " + port + " opens its prompt with the arbiter's PIN: --pin PIN (or GOCLOCK_PIN)", code: 2 };
    console.log("flash: " + (await client.request("repl", { pin: pin })));
    return null;
  } catch (e) {
    // a firmware from before the repl request: its Ctrl-C opens the prompt between games
    if (e instanceof ClockRefusal && /unknown command/.test(e.message)) return null;
    if (e instanceof ToolError) return { why: "the clock did not open its prompt: " + e.message, code: 1 };
    throw e;
  } finally {
    await client.close();
  }
}

function quote(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\''") + "'";
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      voice: { type: "string", default: DEFAULT_PACK },
      "no-voice": { type: "boolean", default: false },
      board: { type: "string" },
      pin: { type: "string" },
      baud: { type: "string", default: "115200" },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.port) {
    console.error("flash: --port is required\n\n" + USAGE);
    return 2;
  }
  if (!/^\d+$/.test(values.baud)) {
    console.error("flash: --baud takes a number");
    return 2;
  }
  const pin = values.pin ?? (process.env.GOCLOCK_PIN || undefined);
  if (pin !== undefined && !isPinShape(pin)) {
    console.error("flash: --pin: a PIN is 4 or 6 digits");
    return 2;
  }

  // the build (npm run build, which npm run flash runs first) says what to upload: dist/firmware.json
  const manifestPath = join(ROOT, "dist", MANIFEST);
  if (!existsSync(manifestPath)) {
    console.error("flash: no dist/firmware.json: build first (npm run build)");
    return 1;
  }
  const built = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  if (built.problems > 0) {
    console.error("flash: the bundle fails the Espruino check (npm run build says where); nothing uploaded");
    return 1;
  }
  const dist = (name: string) => relative(ROOT, join(ROOT, "dist", name));
  const program = dist(built.program);
  console.log(program + ": " + readFileSync(join(ROOT, program)).length + " bytes as flashed");

  const packs = values["no-voice"] ? [] : values.voice.split(",");
  let clips: Clip[] = [];
  for (const id of packs) {
    const c = voiceClips(id);
    console.log("voice " + id + ": " + c.length + " clips, " + c.reduce((a, x) => a + x.bytes, 0) + " bytes, as Storage files " + id + "/<clip>");
    clips = clips.concat(c);
  }
  const total = clips.reduce((a, c) => a + c.bytes, 0);
  if (total > CLIP_BUDGET) {
    console.error("flash: " + total + " bytes of clips do not fit the " + CLIP_BUDGET + " bytes of Storage left for them; choose fewer packs");
    return 2;
  }

  const cliConnect = ["-p", values.port, "-b", values.baud];
  // A serial port needs no Bluetooth: without --no-ble the CLI starts its BLE stack anyway, which
  // fails on machines without one.
  if (!isBluetooth(values.port)) cliConnect.push("--no-ble");
  if (values.board) cliConnect.push("--board", values.board);
  // Our firmware kicks the watchdog by hand; the upload begins with reset(), after which nothing
  // would, and the board would restart mid-upload. Automatic kicking survives reset().
  // The fonts' and the cold files (the menus', the link's, the power-on code's, the read requests', the arbiter's menu's) are named by their content: an older program's go.
  // clock.flashed (one-shot) tells the new program, at its boot, to keep the USB prompt for the 3 s
  // in which the CLI, having uploaded and started it, waits for one.
  const prepare = cliConnect.concat(["-e", 'if(global.clock)E.enableWatchdog(20,true);var S=require("Storage");S.list(/^(gfx|menu|link|boot|reads|arbiter)\\./).forEach(function(n){S.erase(n)});S.write("clock.flashed","1")']);
  // PRETOKENISE=2: the CLI saves the program pretokenised, as dist/clock.flash.js (hw/pretokenise.ts)
  const upload = cliConnect.concat(["--config", "SAVE_ON_SEND=1", "--config", "PRETOKENISE=2"]);
  for (const c of clips) upload.push("--storage", c.name + ":" + c.file);
  if (built.fonts) upload.push("--storage", built.fonts + ":" + dist(built.fonts));
  if (built.menu) upload.push("--storage", built.menu + ":" + dist(built.menu));
  if (built.link) upload.push("--storage", built.link + ":" + dist(built.link));
  if (built.boot) upload.push("--storage", built.boot + ":" + dist(built.boot));
  if (built.reads) upload.push("--storage", built.reads + ":" + dist(built.reads));
  if (built.arbiter) upload.push("--storage", built.arbiter + ":" + dist(built.arbiter));
  upload.push(program);

  const bluetooth = isBluetooth(values.port);
  const promptStep = bluetooth
    ? "# the prompt: over Bluetooth, open it in the clock's menu (Bluetooth REPL) first"
    : "# the prompt: goclock's repl request on " + values.port + (pin !== undefined ? " with the PIN" : " (no --pin: a clock that answers the protocol refuses)") + "; a board that does not answer the clock's protocol has its prompt open already";
  if (values["dry-run"]) {
    console.log(promptStep);
    console.log(["espruino"].concat(prepare).map(quote).join(" "));
    console.log(["espruino"].concat(upload).map(quote).join(" "));
    return 0;
  }
  if (!bluetooth) {
    const refused = await openPrompt(values.port, pin);
    if (refused) {
      console.error("flash: " + refused.why + "; nothing uploaded");
      return refused.code;
    }
  }
  for (const args of [prepare, upload]) {
    const r = await runCli(args);
    const failure = cliFailure(r.output) ?? (r.code !== 0 ? "the CLI exited with " + r.code : null);
    if (failure) {
      console.error("flash: " + failure);
      return 1;
    }
    if (/Uncaught/.test(r.output)) console.error("flash: warning: the board reported an error (see above)");
  }
  console.log("flash: done. The clock starts now and at every power-on.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error("flash: " + e.message);
    process.exit(1);
  },
);
