// For the tool's end-to-end tests: a pseudo-terminal pair (socat), the tool run as an arbiter runs
// it (a child process on one end), and a small fake clock on the other end for what the real
// firmware cannot be made to do on purpose (stay silent, answer with noise, be another device), and
// for the protocol's newer requests and fields (firmware, defaultPin, repl, a log's game) as the
// firmware answers them.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SerialPort } from "serialport";
import { crc32 } from "../../hw/tool/frame";
import { replyFrame as clockReply, type LogItem, type Reply } from "../../firmware/link/protocol";
import type { GameInfo } from "../../hw/tool/wire";

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
  const r = script(CLI, args, env);
  r.input.end();
  return r.done;
}

export const GOCLOCK = CLI;

export interface Running {
  /** Its standard input, for keys typed. */
  input: NodeJS.WritableStream;
  /** Resolves once its standard output holds this text. */
  printed(text: string): Promise<void>;
  /** Its standard error so far. */
  stderr(): string;
  done: Promise<ToolRun>;
}

/** Runs a TypeScript file of the project (the tool's CLI, hw/flash.ts) with these arguments. */
export function script(file: string, args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [TSX, file].concat(args), { cwd: ROOT, env: Object.assign({}, process.env, env), stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const waiting: { text: string; then: () => void }[] = [];
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    for (const w of waiting.slice()) if (stdout.indexOf(w.text) >= 0) waiting.splice(waiting.indexOf(w), 1)[0].then();
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ToolRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: stdout, stderr: stderr }));
  });
  return {
    input: child.stdin,
    stderr: () => stderr,
    printed: (text) => (stdout.indexOf(text) >= 0 ? Promise.resolve() : new Promise((then) => waiting.push({ text: text, then: then }))),
    done: done,
  };
}

/** A reply as the clock frames it (firmware/link/protocol.ts). */
export function replyFrame(seq: number, body: Reply): string {
  return clockReply(String(seq), body, crc32);
}

/** What the fake answers to one request: lines to send (frames or noise), in order. */
export type Answer = (req: { seq: number; c: string; body: Record<string, unknown>; line: string }) => string[];

export interface Fake {
  requests: string[];
  port: SerialPort;
  /** Once a repl request is answered ok, the line is a prompt: what it received since. */
  typed: string;
  close(): Promise<void>;
}

/** A fake on the clock's end: every well-formed request line goes to `answer`. After an ok to a
 *  repl request it is a prompt, as the clock is then: it echoes what it gets and answers each line
 *  ended by a return with "=ok:<line>" and a new ">". */
export async function fakeClock(path: string, answer: Answer): Promise<Fake> {
  const port = new SerialPort({ path: path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((res, rej) => port.open((e) => (e ? rej(e) : res())));
  const requests: string[] = [];
  let pending = "";
  let prompt = false;
  let typedLine = "";
  const fake: Fake = { requests: requests, port: port, typed: "", close: () => new Promise((r) => (port.isOpen ? port.close(() => r()) : r())) };
  port.on("data", (d: Buffer) => {
    if (prompt) {
      const text = d.toString("latin1");
      fake.typed += text;
      let out = "";
      for (const ch of text) {
        out += ch === "\r" ? "\r\n=ok:" + typedLine + "\r\n>" : ch;
        typedLine = ch === "\r" ? "" : typedLine + ch;
      }
      port.write(out, "latin1");
      return;
    }
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
      if (body.c === "repl" && out.some((l) => l.indexOf('{"ok"') >= 0)) prompt = true;
    }
  });
  return fake;
}

/** A clock as the fake plays it: its firmware's fingerprint (none: an older firmware, which says
 *  nothing of its trust, its log's game, nor a previous game), its PIN, its games' logs. */
export interface FakeState {
  firmware?: string;
  defaultPin?: boolean;
  pin: string;
  phase: string;
  /** The game on the clock and its log; previous: the one before, if the clock keeps it. */
  game: GameInfo;
  log: LogItem[];
  previous?: { game: GameInfo; log: LogItem[] };
  /** What a repl request gets: the prompt, or a simulator's refusal. */
  prompt: "open" | "none";
  /** The wrong PINs left before a lock-out. */
  tries: number;
}

const FAKE_SIDE = (control: string) => ({ control: control, mainMs: 0, periodsLeft: 0, periodMs: 0, blockMs: 0, movesLeft: 0, moves: 0, out: false, usedMs: 0 });

/** The answers of a clock in this state (hello, status, log, repl, unlock, lock, op). */
export function clockAnswers(s: FakeState): Answer {
  const modern = s.firmware !== undefined;
  const trust = () => (modern ? { firmware: s.firmware, defaultPin: s.defaultPin === true } : {});
  const pinOk = (pin: unknown): Reply => {
    if (s.tries <= 0) return { err: "too many wrong PINs: wait 120 s" };
    if (pin === s.pin) return { ok: "" };
    s.tries--;
    return { err: s.tries > 0 ? "wrong PIN (" + s.tries + " left)" : "too many wrong PINs: wait 120 s" };
  };
  return (r) => {
    const reply = (body: Reply) => [replyFrame(r.seq, body)];
    switch (r.c) {
      case "hello":
        return reply({ ok: Object.assign({ clock: "voiced-go-clock", version: "0.1.0-test", proto: 1 }, trust()) });
      case "status": {
        const g = s.game;
        const st = { phase: s.phase, toMove: "black", armed: false, unlocked: false, locked: false, black: FAKE_SIDE(g.black), white: FAKE_SIDE(g.white), flagged: null, handicap: g.handicap, whiteOnRight: g.whiteOnRight, lateLimitMs: g.lateLimitMs, startedAt: -1, faults: [], version: "0.1.0-test" };
        return reply({ ok: Object.assign(st, trust(), modern ? { tournament: false, promptOpened: false } : {}) });
      }
      case "log": {
        const which = r.body.game === undefined || !modern ? 0 : r.body.game;
        if (which !== 0 && (which !== 1 || !s.previous)) return reply({ err: "no previous game on the clock" });
        const game = which === 1 && s.previous ? s.previous.game : s.game;
        const log = which === 1 && s.previous ? s.previous.log : s.log;
        const from = Number(r.body.from ?? 0);
        const entries = log.slice(from, from + Number(r.body.n ?? 10));
        const page: Record<string, unknown> = { total: from + entries.length >= log.length ? log.length : -1, from: from, entries: entries };
        if (modern) page.game = game;
        return reply({ ok: page });
      }
      case "repl": {
        const p = pinOk(r.body.pin);
        if (p.err) return reply(p);
        return reply(s.prompt === "open" ? { ok: "ok: prompt on this line until the next game starts" } : { err: "no JavaScript prompt on this board" });
      }
      case "unlock": {
        const p = pinOk(r.body.pin);
        return reply(p.err ? p : { ok: "ok: unlocked" });
      }
      case "lock":
        return reply({ ok: "ok: locked" });
      case "op":
        return reply({ ok: "ok: " + String(r.body.words) });
      default:
        return reply({ err: "unknown command '" + r.c + "'" });
    }
  };
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
