// verify: whether the clock runs this build (its firmware fingerprint against the one computed from
// the build's files, hw/fingerprint.ts); repl: the clock's JavaScript prompt on this terminal,
// opened with the PIN over the protocol, until the user leaves or the port closes.

import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { fingerprintOf, type Fingerprint } from "../../fingerprint";
import type { Client } from "../client";
import { PORT_OPTIONS, pinOf, readStatus, usageError, type Command, type Ctx } from "../command";
import { EXIT } from "../errors";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** The project's build, what npm run build makes. */
export const DIST = join(ROOT, "dist");

const PORT_LINES =
  "  -p, --port PATH   the clock's serial port (/dev/ttyACM0, /dev/tty.usbmodem…, COM5; goclock list)\n" +
  "  --timeout MS      how long one try waits for the clock's reply (default 1500)\n" +
  "  --retries N       tries after the first when a reply is lost or damaged (default 2)";

/** The build's fingerprint, or the usage error saying why there is none (nothing is sent then). */
export function buildFingerprint(dir: string): Fingerprint {
  try {
    return fingerprintOf(dir);
  } catch (e) {
    throw usageError("--build " + dir + ": " + (e as Error).message);
  }
}

/** The fingerprint the clock reports: in its greeting, else in its status; "" when it has none. */
export async function clockFingerprint(client: Client): Promise<string> {
  if (client.hello && typeof client.hello.firmware === "string") return client.hello.firmware;
  return (await readStatus(client)).firmware ?? "";
}

/** Compares; prints the verdict; 0 when the clock runs the build, 7 when it does not. */
export function verdict(ctx: Ctx, clock: string, build: Fingerprint, dir: string, version: string): number {
  const where = relative(process.cwd(), dir) || ".";
  const files = build.files.map((f) => f.name + " " + f.crc + (f.missing ? " (missing)" : "")).join(", ");
  const match = clock === build.fingerprint;
  const says = clock ? "reports " + clock : "reports no fingerprint (firmware " + version + ", older than fingerprints)";
  const human = match
    ? "the clock on " + ctx.port + " runs this build: fingerprint " + clock + " (" + where + ": " + files + ")"
    : "the clock's firmware is not this build: the clock on " + ctx.port + " " + says + ", the build in " + where + " is " + build.fingerprint + " (" + files + ")";
  ctx.print(human, { port: ctx.port, version: version, clock: clock, build: build.fingerprint, match: match, files: build.files });
  return match ? 0 : EXIT.notThisBuild;
}

export const verify: Command = {
  name: "verify",
  summary: "whether the clock runs this build: its firmware's fingerprint against the build's (dist/)",
  usage: "--port PATH [--build DIR] [--json]",
  help:
    "  --build DIR       the build to compare with (default: the project's dist/, what npm run build makes)\n" +
    PORT_LINES + "\n  --json            the result as JSON (for scripts)\n\n" +
    "The clock reports the fingerprint of the files flashed on it (hw/README.md): the CRC-32 of the\n" +
    "program and of each file the build made beside it (the fonts', the menus', the link's, the\n" +
    "power-on code's, the read requests'), and the CRC-32 of those. A program changed on\n" +
    "the board, or flashed from another build, has another fingerprint. Exit status 7 when they differ.",
  port: true,
  options: Object.assign({ build: { type: "string" } }, PORT_OPTIONS),
  run: async (ctx) => {
    const dir = typeof ctx.values.build === "string" ? ctx.values.build : DIST;
    const build = buildFingerprint(dir);
    const client = await ctx.open();
    const clock = await clockFingerprint(client);
    if (build.files.some((f) => f.missing)) ctx.note("the build in " + dir + " lacks a file its firmware.json names: it was not flashed whole from there either");
    return verdict(ctx, clock, build, dir, client.hello ? client.hello.version : "");
  },
};

/** The key that leaves the prompt: Ctrl-] (as telnet's), since Ctrl-C is the prompt's own. */
const LEAVE = 0x1d;

export const repl: Command = {
  name: "repl",
  summary: "the clock's JavaScript prompt on this terminal, opened with the PIN (Ctrl-] leaves)",
  usage: "--port PATH --pin PIN",
  help:
    "  --pin PIN         the arbiter's PIN (or GOCLOCK_PIN)\n" + PORT_LINES + "\n\n" +
    "Asks the clock to open its prompt on the USB line (between games only), then joins this terminal\n" +
    "to it until you leave with Ctrl-] or the port closes. Ctrl-C goes to the clock (it stops what runs\n" +
    "there). The clock keeps the line a prompt until the next game starts or the port has been closed\n" +
    "for 10 s; its log and its status (promptOpened) say that a prompt was opened. Exit status 3 when\n" +
    "the port closes under you.",
  port: true,
  options: Object.assign({ pin: { type: "string" } }, PORT_OPTIONS),
  run: async (ctx) => {
    const pin = pinOf(ctx.values);
    if (pin === undefined) throw usageError("repl needs --pin PIN (or GOCLOCK_PIN)");
    const client = await ctx.open();
    // what arrives after the reply on the line is already the prompt's: kept, and shown
    const early: Buffer[] = [];
    let show: ((chunk: Buffer) => void) | null = null;
    client.link.onData((chunk) => (show ? show(chunk) : early.push(chunk)));
    const ok = await client.request("repl", { pin: pin });
    const before = Buffer.concat(early).toString("latin1");
    const at = before.lastIndexOf(client.lastReply + "\n");
    const rest = at >= 0 ? before.slice(at + client.lastReply.length + 1) : "";
    ctx.note(String(ok) + " (Ctrl-] leaves)");
    return bridge(ctx, client, rest, (f) => (show = f));
  },
};

/** The terminal and the port joined: keys to the clock as typed (raw), the clock's bytes to the
 *  screen, until Ctrl-], the end of the input, or the port's close. */
function bridge(ctx: Ctx, client: Client, first: string, setShow: (f: (chunk: Buffer) => void) => void): Promise<number> {
  const stdin = process.stdin;
  const out = (b: Buffer | string) => process.stdout.write(b);
  if (first) out(Buffer.from(first, "latin1"));
  setShow(out);
  return new Promise((resolve) => {
    let writing: Promise<void> = Promise.resolve();
    let done = false;
    const finish = (code: number, why: string) => {
      if (done) return;
      done = true;
      stdin.removeListener("data", typed);
      stdin.removeListener("end", ended);
      if (stdin.isTTY) stdin.setRawMode(false);
      // the input is done with: a paused one would keep the process waiting
      stdin.destroy();
      // what was typed before the leave key reaches the clock before the port closes
      const end = () => {
        ctx.note("\n" + why);
        resolve(code);
      };
      writing.then(end, end);
    };
    const typed = (d: Buffer) => {
      const leave = d.indexOf(LEAVE);
      const part = leave >= 0 ? d.subarray(0, leave) : d;
      if (part.length) {
        const text = part.toString("latin1");
        writing = writing.then(() => client.link.write(text));
      }
      if (leave >= 0) finish(0, "left the prompt; the clock shuts it when the next game starts or the port has been closed 10 s");
    };
    const ended = () => finish(0, "the input ended: left the prompt; the clock shuts it when the next game starts or the port has been closed 10 s");
    client.link.onClose(() => finish(EXIT.noAnswer, "the port closed (the cable, or the clock restarted)"));
    if (stdin.isTTY) stdin.setRawMode(true);
    stdin.on("data", typed);
    stdin.on("end", ended);
    stdin.resume();
  });
}
