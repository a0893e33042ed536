// The board double: a Jolt.js with its buttons, SSD1306 display, speaker and flash, running the
// built bundle (dist/clock.js, saved as .bootcde) on virtual time. Tests drive it like a person
// would: pin edges with bounce, power cuts, a stalled interpreter; and read back what a person
// would see and hear (frames, sounds), what the console says, and what is in flash.
//
// Time: "world" milliseconds since the double was made. The board's own getTime() restarts at 0 at
// every power-on, like the nRF52's RTC. Nothing moves until the test calls advance() or runUntil():
// the loop then sleeps and wakes as Espruino does, jumping from one instant to the next.

import { Mcu, type World } from "./mcu";
import { PinBank, JOLT_PINS, JOLT_QWIIC } from "./pins";
import { Flash, Origins, HALT } from "./storage";
import { Ssd1306Panel, type Frame } from "./display";
import { Speaker, type Sound } from "./audio";
import { Rng, msToTicks, ticksToMs, TICKS_PER_S } from "./units";
import { deepScopes } from "./scopes";
import type { JsVarEstimate } from "./jsvars";
import type { Advertisement, LineName } from "./serial";

export interface DeviceOptions {
  /** The bundle, saved as .bootcde. */
  code: string;
  /** Files in flash before the first power-on (`espruino --storage name:file`), e.g. voice clips. */
  files?: Record<string, Uint8Array | string>;
  seed?: number;
  /** Pins the speaker is wired to (Jolt.js: two motor driver outputs). */
  speaker?: { pin: string; npin?: string | null };
  /** The Qwiic port the display is on, or its pins and the pin that powers it. */
  display?: { qwiic: string } | { scl: string; sda: string; power?: string };
  /** Buttons: pressing one drives its pin to 0 (activeLow, a button to GND) or to 1. BTN1 is built in.
   *  `power`: the pin that must be high for the button to conduct (Q1's GND FET, say). */
  buttons?: { pin: string; activeLow: boolean; power?: string }[];
  /** Virtual ms each callback takes (a number, or from the real ms it took in Node). Default 0. */
  callbackCostMs?: number | ((realMs: number) => number);
  /** I2C transfers take their bus time (9 bits a byte at the bitrate). Default true. */
  i2cTiming?: boolean;
  /** From power-on to the saved code running. Default 0. */
  bootMs?: number;
  /** Battery voltage (E.getVDDH); the motor drivers' supply is 0.35 V less (a diode). */
  vddh?: number;
  /** Called at each power-on with the new interpreter, before the saved code runs (the bench's
   *  board-cost meter wraps the native functions there). */
  onPowerOn?: (mcu: Mcu) => void;
  /** runUntil returns at its target even while callbacks are still waiting (a board whose callbacks
   *  cost more than the time between them never idles). Default false: it runs until idle. */
  yieldAtTarget?: boolean;
  /** A host has the USB port open from power-on (default true: the tool is plugged in). */
  usbOpen?: boolean;
}

export interface Bounce {
  /** Contact bounce lasts this long after the edge (0 = a clean edge). */
  bounceMs?: number;
  /** Extra back-and-forth pairs inside it (default: 1 to 5, from the seed). */
  bounces?: number;
}

interface Happening {
  at: number;
  seq: number;
  fire: () => void;
}

export class Device implements World {
  now = 0;
  pins = new PinBank(JOLT_PINS);
  flash: Flash;
  origins = new Origins();
  panels: Ssd1306Panel[] = [];
  speaker: Speaker;
  vddh: number;
  analog: Record<string, number> = {};
  i2cTiming: boolean;
  rng: Rng;
  mcu: Mcu | null = null;
  /** Everything printed on the console, uncaught exceptions, power-ons. */
  printed: { t: number; text: string }[] = [];
  errors: { t: number; text: string }[] = [];
  boots: { t: number; reason: string }[] = [];
  usbOpen: boolean;
  /** What the board has sent on each line, as the host received it (not yet taken). */
  received: Record<LineName, string> = { USB: "", Bluetooth: "" };
  private agenda: Happening[] = [];
  private seq = 0;
  private wiring = new Map<number, number>(); // phys → level when pressed
  private pendingReason = "power on";
  private carryWatchdog: Mcu["watchdog"] = null;
  private cost: (realMs: number) => number;
  private bootMs: number;
  private onPowerOn: ((mcu: Mcu) => void) | null;
  private yieldAtTarget: boolean;

  constructor(o: DeviceOptions) {
    this.rng = new Rng(o.seed ?? 1);
    this.flash = new Flash();
    this.flash.onCut = () => this.loseAndRestore("power cut during a flash write", 500);
    this.flash.now = () => this.nowMs();
    this.flash.busy = (ms) => {
      if (this.mcu && !this.mcu.dead) this.consume(msToTicks(ms));
    };
    this.flash.load(".bootcde", new Uint8Array(Buffer.from(o.code, "utf8")));
    for (const name of Object.keys(o.files || {})) this.flash.load(name, o.files![name]);
    const sp = o.speaker || { pin: "H0", npin: "H1" };
    this.speaker = new Speaker(sp.pin, sp.npin ?? null);
    const d = o.display || { qwiic: "Q0" };
    const spec = "qwiic" in d ? JOLT_QWIIC[d.qwiic] : { scl: d.scl, sda: d.sda, fet: d.power };
    const phys = (n: string) => this.pins.byName.get(n)!.phys;
    const power = spec.fet ? phys(spec.fet) : spec.vcc ? phys(spec.vcc) : -1;
    this.panels.push(new Ssd1306Panel(phys(spec.scl), phys(spec.sda), () => power < 0 || this.pins.level(power) === 1, () => this.nowMs()));
    this.wiring.set(0, 1); // BTN1: to VCC, with the board's pull-down
    for (const b of o.buttons || []) {
      this.wiring.set(phys(b.pin), b.activeLow ? 0 : 1);
      if (b.power) this.pins.gate(phys(b.pin), phys(b.power));
    }
    this.vddh = o.vddh ?? 3.9;
    this.usbOpen = o.usbOpen ?? true;
    this.i2cTiming = o.i2cTiming ?? true;
    const c = o.callbackCostMs ?? 0;
    this.cost = typeof c === "number" ? () => c : c;
    this.bootMs = o.bootMs ?? 0;
    this.onPowerOn = o.onPowerOn ?? null;
    this.yieldAtTarget = o.yieldAtTarget ?? false;
    this.pins.onLevel = (p, level) => {
      if (this.mcu && !this.mcu.dead) this.mcu.loop.edge(p, level === 1);
    };
  }

  // --- World -----------------------------------------------------------------------------------------

  nowMs(): number {
    return ticksToMs(this.now);
  }

  at(t: number, fire: () => void): void {
    const h: Happening = { at: Math.max(t, this.now), seq: this.seq++, fire };
    let i = this.agenda.length;
    while (i > 0 && this.agenda[i - 1].at > h.at) i--;
    this.agenda.splice(i, 0, h);
  }

  consume(ticks: number): void {
    const end = this.now + ticks;
    const m = this.mcu;
    while (this.agenda.length && this.agenda[0].at <= end) {
      const h = this.agenda.shift()!;
      if (m && m.watchdog && h.at > m.watchdog.lastKick + m.watchdog.timeout) break;
      this.now = Math.max(this.now, h.at);
      h.fire();
      if (!m || m.dead) throw HALT;
    }
    if (m && m.watchdog && end > m.watchdog.lastKick + m.watchdog.timeout) {
      this.now = Math.max(this.now, m.watchdog.lastKick + m.watchdog.timeout);
      this.reboot("watchdog");
      throw HALT;
    }
    this.now = end;
  }

  serialOut(line: LineName, text: string): void {
    this.received[line] += text;
  }

  callbackCost(realMs: number): number {
    return this.cost(realMs);
  }

  print(text: string): void {
    this.printed.push({ t: this.nowMs(), text });
  }

  uncaught(text: string): void {
    this.errors.push({ t: this.nowMs(), text });
    this.print(text);
  }

  reboot(reason: string): void {
    // A soft reset (E.reboot) leaves the nRF52's watchdog running; automatic kicking is a flag in
    // RAM, so it is off until the program turns it on again.
    const wd = this.mcu && this.mcu.watchdog;
    this.carryWatchdog = reason === "E.reboot()" && wd ? { timeout: wd.timeout, auto: false, lastKick: wd.lastKick } : null;
    if (this.mcu) this.mcu.kill();
    this.pendingReason = reason;
    this.at(this.now + msToTicks(this.bootMs), () => this.powerOn());
  }

  // --- power -------------------------------------------------------------------------------------------

  /** Switches the board on now (the first power-on). */
  start(): this {
    this.powerOn();
    return this;
  }

  private powerOn(): void {
    this.flash.frozen = false;
    this.pins.reset({ 0: "input_pulldown" });
    const code = this.flash.read(".bootcde");
    this.mcu = new Mcu(this, code ? Buffer.from(code).toString("utf8") : null);
    this.mcu.watchdog = this.carryWatchdog;
    this.carryWatchdog = null;
    this.boots.push({ t: this.nowMs(), reason: this.pendingReason });
    if (this.onPowerOn) this.onPowerOn(this.mcu);
    this.mcu.boot();
  }

  private loseAndRestore(reason: string, offMs: number): void {
    if (this.mcu) this.mcu.kill();
    this.flash.frozen = true;
    this.pendingReason = reason;
    this.at(this.now + msToTicks(offMs + this.bootMs), () => this.powerOn());
  }

  /** The power goes at atMs and comes back offMs later. */
  powerCut(atMs: number, offMs = 500): void {
    this.at(msToTicks(atMs), () => this.loseAndRestore("power cut", offMs));
  }

  /** The power goes in the middle of the next flash write, after `bytes` bytes of its data. */
  cutDuringNextWrite(bytes: number): void {
    this.flash.cutAfter(bytes);
  }

  /** The same, for the first write that starts at or after atMs. */
  cutDuringWriteAfter(atMs: number, bytes: number): void {
    this.at(msToTicks(atMs), () => this.flash.cutAfter(bytes));
  }

  // --- running -------------------------------------------------------------------------------------------

  advance(ms: number): void {
    this.runUntil(this.nowMs() + ms);
  }

  /** Runs the world until world time ms: the loop sleeps, wakes, runs callbacks. */
  runUntil(ms: number): void {
    const target = msToTicks(ms);
    let spins = 0;
    let last = -1;
    let idle = 0;
    let lastWake = -1;
    for (;;) {
      const m = this.mcu;
      if (!m || m.dead) {
        const h = this.agenda[0];
        if (!h || h.at > target) break;
        this.agenda.shift();
        this.now = Math.max(this.now, h.at);
        h.fire();
        continue;
      }
      if (m.pass()) {
        if (this.yieldAtTarget && this.now >= target) break;
        spins = this.now === last ? spins + 1 : 0;
        last = this.now;
        if (spins > 100000) throw new Error("the firmware keeps the loop busy at " + this.nowMs() + " ms and never sleeps");
        continue;
      }
      if (m.dead) continue;
      // asleep until a timer, an interrupt, or the watchdog
      let wake = m.nextWake();
      const wd = m.watchdog && !m.watchdog.auto ? m.watchdog.lastKick + m.watchdog.timeout : Infinity;
      const next = Math.min(wake, this.agenda.length ? this.agenda[0].at : Infinity, wd);
      if (next > target) break;
      this.now = Math.max(this.now, next);
      if (next === wd && wd < wake) {
        this.reboot("watchdog");
        continue;
      }
      const before = m.loop.events.length;
      while (this.agenda.length && this.agenda[0].at <= this.now) this.agenda.shift()!.fire();
      wake = m.nextWake();
      if (!m.dead && (m.loop.events.length > before || wake <= this.now)) {
        m.wakeups.push(this.nowMs());
        idle = this.now === lastWake ? idle + 1 : 0;
        lastWake = this.now;
        if (idle > 1000) throw new Error("the board double keeps waking at " + this.nowMs() + " ms with nothing to do");
      }
    }
    this.now = Math.max(this.now, target);
  }

  // --- the person at the clock -------------------------------------------------------------------------

  private phys(pin: string): number {
    const p = this.pins.resolve(pin);
    if (!p) throw new Error("no pin " + pin);
    return p.phys;
  }

  private drive(phys: number, atMs: number, level: number | null, b: Bounce): void {
    const train: [number, number | null][] = [[atMs, level]];
    const bounceMs = b.bounceMs ?? 0;
    if (bounceMs > 0) {
      const n = b.bounces ?? this.rng.int(1, 5);
      const times: number[] = [];
      for (let i = 0; i < 2 * n; i++) times.push(atMs + 0.05 + this.rng.next() * (bounceMs - 0.05));
      times.sort((x, y) => x - y);
      for (let i = 1; i < times.length; i++) times[i] = Math.max(times[i], times[i - 1] + 0.05);
      const other = level === null ? this.wiring.get(phys)! : null;
      times.forEach((t, i) => train.push([Math.min(t, atMs + bounceMs), i % 2 === 0 ? other : level]));
    }
    for (const [t, l] of train) this.at(msToTicks(t), () => this.pins.change(phys, (s) => { s.external = l; }));
  }

  /** The button on `pin` goes down at atMs (with contact bounce if asked) and stays down. */
  press(pin: string, atMs: number, b: Bounce = {}): void {
    const p = this.phys(pin);
    const level = this.wiring.get(p);
    if (level === undefined) throw new Error("no button is wired to " + pin + " (DeviceOptions.buttons)");
    this.drive(p, atMs, level, b);
  }

  /** The button on `pin` comes up at atMs: the contact opens, the pull resistor decides the level. */
  release(pin: string, atMs: number, b: Bounce = {}): void {
    const p = this.phys(pin);
    if (!this.wiring.has(p)) throw new Error("no button is wired to " + pin);
    this.drive(p, atMs, null, b);
  }

  /** Press at atMs, release holdMs later. */
  tap(pin: string, atMs: number, holdMs = 120, b: Bounce = {}): void {
    this.press(pin, atMs, b);
    this.release(pin, atMs + holdMs, b);
  }

  /** At atMs the interpreter is busy for ms (a long callback): interrupts still stamp their edges. */
  stall(atMs: number, ms: number): void {
    this.at(msToTicks(atMs), () => {
      if (this.mcu && !this.mcu.dead) this.mcu.loop.push({ kind: "job", run: () => {
        try {
          this.consume(msToTicks(ms));
        } catch (e) {
          if (e !== HALT) throw e;
        }
      } });
    });
  }

  // --- the serial lines, as a host sees them ----------------------------------------------------------

  /** Data the host sends on a line at atMs (default now); the board handles it in its idle loop. */
  send(line: LineName, text: string, atMs = this.nowMs()): void {
    this.at(msToTicks(atMs), () => {
      const m = this.mcu;
      if (m && !m.dead) m.loop.push({ kind: "job", run: () => m.serials.arrive(line, text) });
    });
  }

  /** What the board sent on a line since the last take. */
  take(line: LineName): string {
    const t = this.received[line];
    this.received[line] = "";
    return t;
  }

  /** The host closes the USB port now (the tool exits, the cable is pulled), or opens it again. */
  usbPort(open: boolean): void {
    this.usbOpen = open;
    if (!this.mcu || this.mcu.dead) return;
    if (open) this.mcu.serials.usbOpened();
    else this.mcu.serials.usbClosed();
  }

  /** The phone connected over Bluetooth goes away now. */
  bleDisconnect(): void {
    if (this.mcu && !this.mcu.dead) this.mcu.serials.disconnect();
  }

  /** A phone connects over Bluetooth now: why it could not, or null. */
  bleConnect(passkey?: string): string | null {
    if (!this.mcu || this.mcu.dead) return "the board is off";
    return this.mcu.serials.connect(passkey);
  }

  /** The probe's view: where the console is, and whether it is forced. */
  consoleState(): { console: LineName | null; forced: boolean; radio: { awake: boolean; uart: boolean; connected: boolean; passkey: string | null } } {
    if (!this.mcu) throw new Error("the board was never started");
    const s = this.mcu.serials;
    return { console: s.console, forced: s.forced, radio: Object.assign({}, s.radio) };
  }

  /** The radio as a scanner nearby finds it: advertising or asleep, connectable or not, and every
   *  advertisement set since power-on (NRF.setAdvertising). */
  air(): { awake: boolean; connectable: boolean; scannable: boolean; uart: boolean; adverts: Advertisement[] } {
    if (!this.mcu) throw new Error("the board was never started");
    const r = this.mcu.serials.radio;
    return { awake: r.awake, connectable: r.connectable, scannable: r.scannable, uart: r.uart, adverts: r.adverts.slice() };
  }

  /** Runs code on the board now through a debug probe (SWD), not through any of its lines: what a
   *  test reads and does behind the firmware's back. Its value as plain data. */
  repl(code: string): unknown {
    if (!this.mcu) throw new Error("the board was never started");
    const r = this.mcu.repl(code);
    if (r.error !== undefined) throw new Error(r.error);
    return r.value === undefined ? undefined : JSON.parse(JSON.stringify(r.value));
  }

  // --- what a person sees and hears -------------------------------------------------------------------

  get frames(): Frame[] {
    return this.panels[0].frames;
  }

  get sounds(): Sound[] {
    return this.speaker.sounds;
  }

  /** Wake-ups from sleep (world ms) over all power-ons. */
  wakeups(): number[] {
    return this.mcu ? this.mcu.wakeups : [];
  }

  /** The jsvars the firmware's data would take now; deep follows closures (slower). */
  jsvars(deep = false, charge?: (v: object | null, n: number) => void): JsVarEstimate {
    if (!this.mcu) throw new Error("the board was never started");
    if (!deep) return this.mcu.jsvars(undefined, charge);
    const scopes = deepScopes();
    try {
      return this.mcu.jsvars(scopes.of, charge);
    } finally {
      scopes.close();
    }
  }

  /** Device seconds (getTime()) at world ms, for the current power-on. */
  deviceSeconds(worldMs: number): number {
    return this.mcu ? (msToTicks(worldMs) - this.mcu.bootAt) / TICKS_PER_S : NaN;
  }
}
