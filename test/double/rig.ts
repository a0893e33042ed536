// The clock as built (dist/clock.js) on the board double, wired as hw/pins.ts says, with a voice
// pack in flash as hw/flash.ts uploads it: helpers so that tests read like what a person does at
// the clock (sets it up, presses, cuts the power) and what they hear and read back.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { Device, type Bounce, type DeviceOptions } from "./device";
import { JOLT_QWIIC } from "./pins";
import { fontFile } from "../../build/fonts";
import { COLD, coldFileOf } from "../../build/cold";
import type { Side, Op } from "../../firmware/core/index";
import type { Script } from "../../sim/script";
import type { ClockStatus, RecordPage } from "../../firmware/link/console";
import { receivedLog, receiveRecords } from "../../firmware/record/readlog";
import { logText } from "../../firmware/record/logtext";
import { crc32 } from "../../firmware/record/slots";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The built bundle; builds it if it is missing (npm test builds it first anyway). */
export async function firmware(): Promise<string> {
  const path = join(ROOT, "dist", "clock.js");
  if (!existsSync(path)) {
    const { buildFirmware } = await import("../../build");
    await buildFirmware();
  }
  const code = readFileSync(path, "utf8");
  if (code.indexOf("E.on(") < 0) throw new Error("dist/clock.js does not start a clock at power-on (was it built from hw/main.ts?)");
  return code;
}

export interface Wiring {
  /** LEFT, RIGHT, MENU, as firmware/board.ts numbers them. */
  buttons: { pin: string; pressedHigh: boolean; power: string | null }[];
  speaker: { pin: string; npin: string };
  display: { sda: string; scl: string };
  /** The player buttons' lamps' pins (LEFT, RIGHT), each the gate of its FET. */
  lamps: string[];
}

let wiringCache: Wiring | null = null;

/** The wiring hw/pins.ts gives, read by running that file on the double (it needs the board's globals). */
export function wiring(): Wiring {
  if (wiringCache) return wiringCache;
  const js = esbuild.buildSync({
    entryPoints: [join(ROOT, "hw", "pins.ts")], bundle: true, format: "iife", globalName: "hwPins", write: false, target: "es2015",
  }).outputFiles[0].text;
  const d = new Device({ code: js }).start();
  const w = d.repl(`(function () {
    var p = hwPins.joltjs();
    return {
      buttons: p.buttons.map(function (b) { return { pin: String(b.pin), pressedHigh: b.pressedHigh }; }),
      speaker: { pin: String(p.speaker.pin), npin: String(p.speaker.npin) },
      display: { sda: String(p.display.sda), scl: String(p.display.scl) },
      lamps: p.lamps ? p.lamps.map(function (l) { return String(l); }) : [],
      power: p.power.map(function (q) { return { sda: String(q.sda), scl: String(q.scl) }; })
    };
  })()`) as Omit<Wiring, "buttons"> & { buttons: { pin: string; pressedHigh: boolean }[]; power: { sda: string; scl: string }[] };
  // A button on a Qwiic connector's data pin closes to that connector's GND, which its FET switches.
  const gateOf = (pin: string): string | null => {
    for (const q of Object.keys(JOLT_QWIIC)) {
      const c = JOLT_QWIIC[q];
      if ((c.sda === pin || c.scl === pin) && c.fet) return c.fet;
    }
    return null;
  };
  wiringCache = {
    buttons: w.buttons.map((b) => ({ pin: b.pin, pressedHigh: b.pressedHigh, power: b.pressedHigh ? null : gateOf(b.pin) })),
    speaker: w.speaker,
    display: w.display,
    lamps: w.lamps,
  };
  return wiringCache;
}

/** A voice pack's clips as Storage files, named as `npm run flash` uploads them (hw/flash.ts):
 *  "<pack>/<clip>", e.g. "zh/3". */
export function voiceFiles(pack: string): Record<string, Uint8Array> {
  const dir = join(ROOT, "voices", pack);
  const files: Record<string, Uint8Array> = {};
  for (const f of readdirSync(dir)) if (f.endsWith(".raw")) files[pack + "/" + f.slice(0, -4)] = new Uint8Array(readFileSync(join(dir, f)));
  return files;
}

/** The clip a Storage file holds: its name after the pack's "/". */
function clipOf(file: string | null): string {
  return file === null ? "?ram" : file.slice(file.lastIndexOf("/") + 1);
}

/** One line of the device's time log (firmware/record/logtext.ts): "0:00:12.345  call: Black elapsed:30  | Black …
 *  | White …", its time made absolute again with the game's start (t and a late call's due). */
export interface LogLine {
  t: number;
  what: string;
  side: Side | null;
  info: string;
  text: string;
}

function stampMs(s: string): number {
  const m = /^(-?)(\d+):(\d\d):(\d\d)\.(\d\d\d)$/.exec(s)!;
  return (m[1] ? -1 : 1) * (((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000 + Number(m[5]));
}

export function parseLogLine(text: string, startMs: number): LogLine {
  const head = text.split("  | ")[0];
  const sp = head.indexOf("  ");
  const t = stampMs(head.slice(0, sp)) + startMs;
  const words = head.slice(sp + 2);
  const colon = words.indexOf(": ");
  let what = colon < 0 ? words : words.slice(0, colon);
  let rest = colon < 0 ? "" : words.slice(colon + 2);
  const who = /^(Black|White)\b,? ?/.exec(rest);
  const side = who ? (who[1].toLowerCase() as Side) : null;
  if (who) rest = rest.slice(who[0].length);
  const late = /^(\S+), late \(due (\S+)\)$/.exec(rest);
  if (what === "call" && late) {
    what = "late";
    rest = late[1] + " due " + (stampMs(late[2]) + startMs);
  }
  if (what === "flag" || what === "press") rest = "";
  return { t, what, side, info: rest, text };
}

/** What was heard: clips played back to back, as one utterance from its first clip's start. */
export interface Utterance {
  t: number;
  clips: string[];
  /** Some clip of it was cut short by a newer one. */
  cut: boolean;
}

export interface RigOptions extends Partial<DeviceOptions> {
  pack?: string;
  /** false: the board without the fonts' file (a program uploaded by hand, without npm run flash). */
  fonts?: boolean;
  /** The code of the menus', the link's, the power-on code's, the read requests' and the arbiter's menu's files
   *  (build/cold.ts) the program loads; false: the board without it. Default: the built dist/menu.js,
   *  dist/link.js, dist/boot.js, dist/reads.js, dist/arbiter.js. */
  menu?: string | false;
  link?: string | false;
  boot?: string | false;
  reads?: string | false;
  arbiter?: string | false;
}

/** The cold Storage files a program loads (the menus', the link's), as `npm run flash` uploads them:
 *  named as the program names them, each holding its code (`code[name]`, by default dist/<name>.js,
 *  the bundle the board gets pretokenised: test/device/pretokenise.test.ts checks they are the same
 *  code); false in `code`: the board without that file. None for a program without them. */
export function coldFiles(program: string, code: Record<string, string | false | undefined> = {}): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const c of COLD) {
    const name = coldFileOf(c, program);
    const given = code[c.name];
    if (name === null || given === false) continue;
    files[name] = new Uint8Array(Buffer.from(given ?? readFileSync(join(ROOT, "dist", c.name + ".js"), "latin1"), "latin1"));
  }
  return files;
}

/** The fonts' Storage file, as `npm run flash` uploads it beside the program (build/fonts.ts). */
export function fontFiles(): Record<string, Uint8Array> {
  const f = fontFile();
  return { [f.name]: new Uint8Array(Buffer.from(f.data, "latin1")) };
}

export class ClockRig {
  dev: Device;
  wiring: Wiring;
  /** The device's time log when last read, as lines (it is made from the records on its flash, which
   *  survive a power cut). */
  private lines: string[] = [];
  /** The game's start on the board's clock when the log was read (its lines count from it). */
  private logStart = 0;
  holdMs = 120;

  constructor(code: string, o: RigOptions = {}) {
    this.wiring = wiring();
    const w = this.wiring;
    this.dev = new Device({
      code,
      speaker: w.speaker,
      display: { scl: w.display.scl, sda: w.display.sda, power: gatePower(w.display.sda) },
      buttons: w.buttons.filter((b) => b.pin !== "D0").map((b) => ({ pin: b.pin, activeLow: !b.pressedHigh, power: b.power ?? undefined })),
      ...o,
      files: {
        ...(o.fonts === false ? {} : fontFiles()),
        ...coldFiles(code, { menu: o.menu, link: o.link, boot: o.boot, reads: o.reads, arbiter: o.arbiter }),
        ...(o.files ?? voiceFiles(o.pack ?? "zh")),
      },
    });
  }

  start(): this {
    this.dev.start();
    return this;
  }

  /** The console: a line typed at the board's REPL now, its value. */
  console(line: string): unknown {
    return this.dev.repl(line);
  }

  status(): ClockStatus {
    return this.console("clock.status()") as ClockStatus;
  }

  /** The pin of LEFT, RIGHT or MENU. */
  pin(button: "left" | "right" | "menu"): string {
    return this.wiring.buttons[button === "left" ? 0 : button === "right" ? 1 : 2].pin;
  }

  /** A player button's lamp as its FET's gate pin drives it: 0 dark, 1 lit, 2 blinking (a software
   *  PWM at half duty and a few hertz). */
  lamp(button: "left" | "right"): number {
    const name = this.wiring.lamps[button === "left" ? 0 : 1];
    const info = this.dev.pins.byName.get(name);
    if (!info) throw new Error("no lamp pin " + name);
    const s = this.dev.pins.state(info.phys);
    if (s.pwm && s.pwm.value > 0 && s.pwm.value < 1) return s.pwm.freq > 0 && s.pwm.freq < 20 && s.pwm.soft ? 2 : -1;
    return this.dev.pins.level(info.phys);
  }

  /** The button a side presses: White's is on the right (the default placement, rule 12.1). */
  buttonOf(side: Side): string {
    return this.pin(side === "white" ? "right" : "left");
  }

  tap(button: "left" | "right" | "menu", atMs: number, holdMs = this.holdMs, b: Bounce = {}): void {
    this.dev.tap(this.pin(button), atMs, holdMs, b);
  }

  /** A player's press on their own button. */
  press(side: Side, atMs: number, b: Bounce = {}): void {
    this.dev.tap(this.buttonOf(side), atMs, this.holdMs, b);
  }

  /** Sets the control at the console (allowed before a game), then confirms the set-up on the
   *  buttons: MENU opens it, LEFT goes to its last item (Ready), MENU confirms. Done by atMs + 1.2 s. */
  setUp(control: string, atMs: number): void {
    this.runUntil(atMs);
    const r = this.console("clock.control(" + JSON.stringify(control) + ")");
    if (typeof r !== "string" || r.indexOf("ok") !== 0) throw new Error("clock.control: " + String(r));
    this.tap("menu", atMs + 100);
    this.tap("left", atMs + 500);
    this.tap("menu", atMs + 900);
    this.runUntil(atMs + 1200);
    if (!this.status().armed) throw new Error("the set-up was not confirmed by MENU, LEFT, MENU");
  }

  runUntil(ms: number): void {
    this.dev.runUntil(ms);
  }

  /** Plays a parsed simulator script on the buttons (presses) and the console (arbiter operations). */
  play(script: Script, bounce: (i: number) => Bounce = () => ({})): void {
    script.events.forEach((ev, i) => {
      if (ev.op.op === "press") this.press(ev.op.side, ev.tMs, bounce(i));
    });
    for (const ev of script.events) {
      if (ev.op.op === "press") continue;
      this.runUntil(ev.tMs);
      this.arbiter(ev.op);
    }
    this.runUntil(script.endMs);
  }

  /** An arbiter operation typed at the console, behind the PIN. */
  arbiter(op: Op): string {
    this.console('clock.unlock("0000")');
    const r = String(this.console("clock.op(" + JSON.stringify(opWords(op)) + ")"));
    this.console("clock.lock()");
    return r;
  }

  /** The device's time log so far, as a person reads it (as last read, if the board is off now): made
   *  as the desktop tool makes it, from the records the console hands over a page at a time
   *  (clock.recordPage: firmware/record/readlog.ts); the last n lines, or all. A new game starts it again. */
  logLines(n?: number): string[] {
    const kind = this.dev.mcu && !this.dev.mcu.dead ? this.console("typeof clock === 'undefined' ? 'none' : typeof clock.recordPage") : "none";
    if (kind !== "function" && kind !== "none") {
      // an older bundle (the bench's reference builds): its console still made the log itself
      const lines = this.console("typeof clock.log === 'function' ? clock.log() : null");
      if (Array.isArray(lines)) {
        this.lines = lines as string[];
        const st = this.status();
        this.logStart = this.lines.length && st.phase !== "setup" ? st.startedAt : 0;
      }
    } else if (kind === "function") {
      const got = receiveRecords((from) => {
        const p = this.console("clock.recordPage(" + from + ")");
        if (typeof p !== "object" || p === null) throw new Error("clock.recordPage: " + String(p));
        return p as RecordPage;
      }, crc32);
      const log = receivedLog(got, 0);
      const st = this.status();
      const start = st.phase === "setup" ? 0 : st.startedAt; // as the console's log counted
      this.lines = log.entries.map((e) => logText(e, start));
      this.logStart = this.lines.length && st.phase !== "setup" ? st.startedAt : 0;
    }
    return n === undefined ? this.lines.slice() : this.lines.slice(Math.max(0, this.lines.length - n));
  }

  /** The device's time log so far, parsed (as last read, if the board is off now). */
  log(): LogLine[] {
    this.logLines();
    const start = this.logStart;
    return this.lines.map((l) => parseLogLine(l, start));
  }

  /** Calls the device made, from its log: (t, side, say), late ones marked. */
  calls(): { t: number; side: Side; say: string; late?: boolean }[] {
    const out: { t: number; side: Side; say: string; late?: boolean }[] = [];
    for (const l of this.log()) {
      if (l.what === "call") out.push({ t: l.t, side: l.side!, say: l.info });
      if (l.what === "late") out.push({ t: l.t, side: l.side!, say: l.info.split(" ")[0], late: true });
    }
    return out;
  }

  /** What the speaker said: clips by name, grouped into utterances (each next clip starting as the
   *  previous one ends). Only audible sounds count. */
  heard(): Utterance[] {
    const out: Utterance[] = [];
    let last: { end: number; u: Utterance; stopped: boolean } | null = null;
    for (const s of this.dev.sounds) {
      // not a single sample out (started and cut in the same instant): nobody heard it
      if (!s.audible || s.endsAt - s.startsAt < 1000 / s.freq) continue;
      const clip = clipOf(s.file);
      if (last && !last.stopped && Math.abs(s.startsAt - last.end) < 2) {
        last.u.clips.push(clip);
      } else {
        const u: Utterance = { t: Math.round(s.startsAt), clips: [clip], cut: false };
        out.push(u);
        last = { end: 0, u, stopped: false };
      }
      last.end = s.endsAt;
      last.stopped = s.stopped;
      if (s.stopped) last.u.cut = true;
    }
    return out;
  }
}

function gatePower(pin: string): string | undefined {
  for (const q of Object.keys(JOLT_QWIIC)) {
    const c = JOLT_QWIIC[q];
    if (c.sda === pin || c.scl === pin) return c.fet ?? c.vcc;
  }
  return undefined;
}

/** The console words for an operation (the inverse of parseOpWords, for what scripts use). */
export function opWords(op: Op): string {
  switch (op.op) {
    case "press": case "absent": case "arrive": return op.op + " " + op.side;
    case "query": return op.side ? "query " + op.side : "query";
    case "correct": return "correct " + op.side + " " + op.field + " " + (op.field === "main" || op.field === "block" ? op.value / 1000 + "s" : op.value);
    case "rescale": return "rescale " + op.totalMs / 1000 + "s";
    default: return op.op;
  }
}

export type { SideStatus, ClockStatus } from "../../firmware/link/console";
