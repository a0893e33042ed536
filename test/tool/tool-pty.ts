// For the tool's end-to-end tests: a pseudo-terminal pair (socat), the tool run as an arbiter runs
// it (a child process on one end), and a small fake clock on the other end for what the real
// firmware cannot be made to do on purpose (stay silent, answer with noise, be another device).

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SerialPort } from "serialport";
import { crc32 } from "../../hw/tool/frame";
import { replyFrame as clockReply, type Reply } from "../../firmware/link/protocol";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const CLI = join(ROOT, "hw", "tool", "cli.ts");

export interface PtyPair {
  /** The clock's end and the tool's end. */
  clock: string;
  tool: string;
  close(): void;
}

/** Two linked pseudo-terminals, raw, no echo: what is written to one is read from the other. */
export async function ptyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(join(tmpdir(), "goclock-pty-"));
  const clock = join(dir, "clock");
  const tool = join(dir, "tool");
  const socat: ChildProcess = spawn("socat", ["pty,raw,echo=0,link=" + clock, "pty,raw,echo=0,link=" + tool], { stdio: "ignore" });
  const started = Date.now();
  while (!(existsSync(clock) && existsSync(tool))) {
    if (socat.exitCode !== null || Date.now() - started > 10000) throw new Error("socat did not make a pty pair (is Debian's socat installed?)");
    await new Promise((r) => setTimeout(r, 20));
  }
  return { clock: clock, tool: tool, close: () => socat.kill() };
}

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `goclock ARGS…` to its end (asynchronously: the fake clock answers in this process). */
export function goclock(args: string[], env: Record<string, string> = {}): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, CLI].concat(args), { cwd: ROOT, env: Object.assign({}, process.env, env), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: stdout, stderr: stderr }));
  });
}

/** A reply as the clock frames it (firmware/link/protocol.ts). */
export function replyFrame(seq: number, body: Reply): string {
  return clockReply(String(seq), body, crc32);
}

/** What the fake answers to one request: lines to send (frames or noise), in order. */
export type Answer = (req: { seq: number; c: string; body: Record<string, unknown>; line: string }) => string[];

/** A fake on the clock's end: every well-formed request line goes to `answer`. */
export async function fakeClock(path: string, answer: Answer): Promise<{ requests: string[]; port: SerialPort; close(): Promise<void> }> {
  const port = new SerialPort({ path: path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((res, rej) => port.open((e) => (e ? rej(e) : res())));
  const requests: string[] = [];
  let pending = "";
  port.on("data", (d: Buffer) => {
    pending += d.toString("latin1");
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      const m = /^#(\d+) (\{.*\})\*([0-9a-f]{8})$/.exec(line);
      if (!m) continue;
      requests.push(line);
      const body = JSON.parse(m[2]) as Record<string, unknown>;
      const out = answer({ seq: Number(m[1]), c: String(body.c), body: body, line: line });
      if (out.length) port.write(out.join(""));
    }
  });
  return { requests: requests, port: port, close: () => new Promise((r) => (port.isOpen ? port.close(() => r()) : r())) };
}

/** The board double's USB line on the clock's end of a pty pair: what the tool writes goes to the
 *  board, which runs (virtual time) until its reply is out, in steps of STEP_MS; what it sends goes
 *  back. Between requests the board's time stands still, and moves only as the test says. */
const STEP_MS = 5;
const MAX_WAIT_MS = 500;

export interface DoubleLink {
  /** Virtual ms the board spent on requests (time the tool's requests moved the game on). */
  spentMs: number;
  /** The line's own faults: the board's output changed on its way to the tool (noise), or lost. */
  spoil: ((out: string) => string) | null;
  mute: boolean;
  close(): Promise<void>;
}

export async function bridge(dev: { send(line: "USB", text: string): void; advance(ms: number): void; take(line: "USB"): string }, path: string): Promise<DoubleLink> {
  const port = new SerialPort({ path: path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((res, rej) => port.open((e) => (e ? rej(e) : res())));
  const link: DoubleLink = { spentMs: 0, spoil: null, mute: false, close: () => new Promise((r) => (port.isOpen ? port.close(() => r()) : r())) };
  dev.take("USB");
  port.on("data", (d: Buffer) => {
    const text = d.toString("latin1");
    dev.send("USB", text);
    let out = "";
    // a reply ends with "\n"; a chunk with no complete request gets none
    for (let waited = 0; waited < MAX_WAIT_MS; waited += STEP_MS) {
      dev.advance(STEP_MS);
      link.spentMs += STEP_MS;
      out += dev.take("USB");
      if (text.indexOf("\n") < 0 || (out.length && out.endsWith("\n"))) break;
    }
    if (link.spoil) out = link.spoil(out);
    if (out.length && !link.mute) port.write(out, "latin1");
  });
  return link;
}
