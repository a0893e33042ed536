// One power-on of the board: a fresh context with Espruino's globals, the event loop, and the saved
// code (.bootcde from flash) run from the top, then E.on("init") handlers and onInit(). Everything
// the firmware can reach is listed here; anything else it touches is a ReferenceError, as on the
// board. Sources: the Espruino reference and src/ of Espruino 2v29 (jswrap_*.c, named beside each).

import { performance } from "node:perf_hooks";
import { type Realm, makeRealm, adopt } from "./realm";
import { EventLoop, type LoopHost } from "./loop";
import { type PinBank, type PinInfo, type PinMode, JOLT_ALIASES, JOLT_QWIIC } from "./pins";
import { HALT, type Flash, type Origins, storageModule, bytesToLatin1, bytesOf } from "./storage";
import { type Ssd1306Panel, i2cClass, graphicsClass, ssd1306Module, toBytes } from "./display";
import { type Speaker, waveformClass, addPaletteDrawing } from "./audio";
import { TICKS_PER_S, msToTicks, rtcFloor, ticksToMs } from "./units";
import { type JsVarEstimate, estimateJsVars, markBuiltin, JOLT_JSVARS } from "./jsvars";
import { deepScopes } from "./scopes";
import { Serials, advertisement, consoleLine, type LineName } from "./serial";

/** What a board needs from the world around it. */
export interface World {
  /** World time in ticks. */
  readonly now: number;
  nowMs(): number;
  /** Busy time inside firmware code: interrupts still happen; may end in a power loss (throws HALT). */
  consume(ticks: number): void;
  /** Something that happens at world tick t, from an interrupt. */
  at(t: number, fn: () => void): void;
  pins: PinBank;
  flash: Flash;
  origins: Origins;
  panels: Ssd1306Panel[];
  speaker: Speaker;
  /** Battery input voltage (E.getVDDH) and analog inputs (analogRead, 0 … 1). */
  vddh: number;
  analog: Record<string, number>;
  reboot(reason: string): void;
  print(line: string): void;
  uncaught(text: string): void;
  /** Virtual ms a callback costs, given the real ms it took in Node (default 0: time stands still). */
  callbackCost(realMs: number): number;
  /** Whether I2C transfers take bus time. */
  i2cTiming: boolean;
  /** The host has the USB port open (a tool or the espruino CLI is connected). */
  usbOpen: boolean;
  /** What the board sent on USB or Bluetooth. */
  serialOut(line: LineName, text: string): void;
}

export interface CallRecord {
  what: string;
  /** World ms when it started; real (Node) ms it took. */
  at: number;
  realMs: number;
}

export class Mcu implements LoopHost {
  realm: Realm;
  loop: EventLoop;
  dead = false;
  /** World tick of power-on; getTime() counts from it. */
  bootAt: number;
  private sysOffset = 0;
  watchdog: { timeout: number; auto: boolean; lastKick: number } | null = null;
  calls: CallRecord[] = [];
  /** World ms of each wake-up from sleep. */
  wakeups: number[] = [];
  private modules = new Map<string, unknown>();
  private listeners = new Map<object, Map<string, unknown[]>>();
  /** What the interpreter provides (not counted as the firmware's jsvars). */
  private builtin = new WeakSet<object>();
  private builtinNames = new Set<string>();
  private E: Record<string, unknown>;
  /** USB and Bluetooth, and where the console is. */
  serials!: Serials;
  private errorFlags: string[] = [];
  private hardwareWatchable = 8; // nRF52 GPIOTE channels
  /** Jolt.js motor drivers 0 (H0..H3) and 1 (H4..H7): on, off, or "auto" (on while one of its
   *  pins is an output: the default). */
  driverMode: (boolean | "auto")[] = ["auto", "auto"];
  /** Each Jolt.setDriverMode, at world ms: how long a driver was awake (the bench's power model). */
  driverChanges: { at: number; driver: number; mode: boolean | "auto" }[] = [];

  /** Whether the motor driver behind an H pin is driving its outputs. */
  driverOn(pinName: string): boolean {
    const m = /^H(\d)$/.exec(pinName);
    if (!m) return true;
    const d = Number(m[1]) >> 2;
    const mode = this.driverMode[d];
    if (mode !== "auto") return mode;
    for (let i = d * 4; i < d * 4 + 4; i++) {
      const st = this.world.pins.state(this.world.pins.byName.get("H" + i)!.phys).mode;
      if (st === "output" || st === "af_output") return true;
    }
    return false;
  }

  constructor(public world: World, public code: string | null) {
    this.bootAt = world.now;
    this.realm = makeRealm();
    this.loop = new EventLoop(this);
    this.E = this.realm.object();
    this.install();
    const g = this.realm.global;
    for (const k of Object.getOwnPropertyNames(g)) this.builtinNames.add(k);
    markBuiltin(Object.getOwnPropertyNames(g).map((k) => Object.getOwnPropertyDescriptor(g, k)!.value), this.builtin);
    markBuiltin([this.realm.objectProto, this.realm.functionProto, ...this.modules.values()], this.builtin);
  }

  private firmwareFns = new WeakMap<Function, boolean>();
  /** What eval ran: code, like the saved program's. */
  private evaluated = new Set<string>();

  /** A function the saved code made (its source is in the code), not one the double provides. */
  isFirmware(f: Function): boolean {
    let r = this.firmwareFns.get(f);
    if (r === undefined) {
      let src = "";
      try {
        src = Function.prototype.toString.call(f);
      } catch {
        src = "";
      }
      r = src.length > 0 && src.indexOf("[native code]") < 0 && ((this.code !== null && this.code.indexOf(src) >= 0) || this.fromEval(src));
      this.firmwareFns.set(f, r);
    }
    return r;
  }

  private fromEval(src: string): boolean {
    for (const e of this.evaluated) if (e.indexOf(src) >= 0) return true;
    return false;
  }

  /** The jsvars the firmware's data would take (see jsvars.ts); deep = through closures too. */
  jsvars(scopesOf?: (f: Function) => unknown[], charge?: (v: object | null, n: number) => void): JsVarEstimate {
    const roots: unknown[] = [this.realm.global];
    let hidden = 0;
    for (const t of this.loop.timers) {
      roots.push(t.cb, ...t.args);
      hidden += 6;
    }
    for (const w of this.loop.watches) {
      roots.push(w.cb);
      hidden += 9;
    }
    // Espruino keeps an object's listeners on the object ("#onfinish"): they live while it does. The
    // interpreter itself holds its own objects (E, the serial ports) and a Waveform while it runs.
    const listening = (o: object): unknown[] => {
      const m = this.listeners.get(o);
      const l: unknown[] = [];
      if (m) for (const fns of m.values()) l.push(...fns);
      return l;
    };
    for (const [o, m] of this.listeners) {
      if (!this.builtin.has(o) && (o as { running?: unknown }).running !== true) continue;
      if (!this.builtin.has(o)) roots.push(o);
      for (const l of m.values()) {
        roots.push(...l);
        hidden += 2 * l.length;
      }
    }
    const est = estimateJsVars(roots, {
      builtin: this.builtin, builtinNames: this.builtinNames, scopesOf, isFirmware: (f) => this.isFirmware(f),
      mapped: (s) => this.world.origins.isMapped(s),
      inFlash: (b) => this.world.origins.isFlash(b),
      attached: (o) => (this.builtin.has(o) || (o as { running?: unknown }).running === true ? [] : listening(o)),
      charge,
    });
    est.total += hidden;
    if (charge) charge(null, hidden); // the interpreter's own records of timers, watches and listeners
    return est;
  }

  // --- LoopHost ------------------------------------------------------------------------------------

  sys(): number {
    return this.world.now - this.bootAt + this.sysOffset;
  }

  makeObject(): Record<string, unknown> {
    return this.realm.object();
  }

  call(fn: unknown, args: unknown[], what: string): void {
    if (this.dead) return;
    const started = performance.now();
    const at = this.world.nowMs();
    try {
      if (typeof fn === "string") this.realm.run(fn, what);
      else if (typeof fn === "function") (fn as (...a: unknown[]) => unknown).apply(undefined, args);
      this.realm.drain();
    } catch (e) {
      if (e !== HALT && !this.dead) this.report(e);
    }
    const realMs = performance.now() - started;
    this.calls.push({ what, at, realMs });
    if (this.calls.length > 20000) this.calls.splice(0, 10000);
    const cost = this.world.callbackCost(realMs);
    if (cost > 0 && !this.dead) {
      try {
        this.world.consume(msToTicks(cost));
      } catch (e) {
        if (e !== HALT) throw e;
      }
    }
  }

  /** An exception nobody caught: process.on("uncaughtException") handlers, else printed. */
  report(e: unknown): void {
    const handlers = this.handlers(this.realm.global.process as object, "uncaughtException");
    if (handlers.length) {
      for (const h of handlers) this.call(h, [e], "uncaughtException");
      return;
    }
    const err = e as { message?: string; constructor?: { name?: string }; stack?: string };
    const kind = err && err.constructor && err.constructor.name ? err.constructor.name : "Error";
    const text = "Uncaught " + kind + ": " + (err && err.message !== undefined ? err.message : String(e));
    const at = err && typeof err.stack === "string" ? err.stack.split("\n").filter((l) => /^\s+at /.test(l)).slice(0, 3).map((l) => l.slice(0, 160)) : [];
    this.world.uncaught([text].concat(at).join("\n"));
  }

  checkAlive(): void {
    if (this.dead) throw HALT;
  }

  // --- events on every object (Object.on/emit, jswrap_object.c) --------------------------------------

  handlers(o: object, event: string): unknown[] {
    return (o && this.listeners.get(o)?.get(event)) || [];
  }

  emitNow(o: object, event: string, args: unknown[]): void {
    for (const h of this.handlers(o, event).slice()) this.call(h, args, event);
  }

  // --- power-on --------------------------------------------------------------------------------------

  boot(): void {
    if (this.world.usbOpen) this.serials.usbOpened();
    if (this.code === null) return;
    this.call(this.code, [], ".bootcde");
    this.emitNow(this.E, "init", []);
    const onInit = this.realm.global.onInit;
    if (typeof onInit === "function") this.call(onInit, [], "onInit");
  }

  kill(): void {
    this.dead = true;
  }

  /** One pass of the idle loop; kicks an automatic watchdog. */
  pass(): boolean {
    if (this.dead) return false;
    const worked = this.loop.pass();
    if (this.watchdog && this.watchdog.auto && !this.dead) this.watchdog.lastKick = this.world.now;
    return worked;
  }

  /** World tick at which the chip wakes by itself: the next timer (on the RTC grid), at most 240 s
   *  away (jshSleep in targets/nrf5x/jshardware.c), sooner with an automatic watchdog. */
  nextWake(): number {
    const due = this.loop.nextDue();
    // the RTC ticks on the board's own grid (from power-on): wake at its first step at or after `due`
    let wake = due === Infinity ? Infinity : this.bootAt - this.sysOffset + Math.ceil(due / 32) * 32;
    wake = Math.min(wake, this.world.now + 240 * TICKS_PER_S);
    if (this.watchdog && this.watchdog.auto) wake = Math.min(wake, this.world.now + Math.floor(this.watchdog.timeout / 2));
    return Math.max(wake, this.world.now);
  }

  // --- the globals -------------------------------------------------------------------------------------

  private pinObjects = new Map<number, object>();

  private pin(info: PinInfo): object {
    let p = this.pinObjects.get(info.index);
    if (!p) {
      p = Object.create(this.PinProto) as object;
      Object.defineProperty(p, "index", { value: info.index, enumerable: false });
      this.pinObjects.set(info.index, p);
    }
    return p;
  }

  private PinProto: Record<string, unknown> = {};

  private resolve(v: unknown): PinInfo {
    const p = this.world.pins.resolve(v);
    if (!p) throw this.realm.error("Error", "Invalid pin");
    return p;
  }

  /** jshPinInput: makes the pin an input unless its mode was set by hand, then reads it. */
  private pinInput(p: PinInfo): number {
    const pins = this.world.pins;
    if (!pins.state(p.phys).manual) pins.change(p.phys, (s) => { s.mode = "input"; s.pwm = null; });
    return pins.level(p.phys);
  }

  /** jshPinOutput. */
  private pinOutput(p: PinInfo, v: number): void {
    this.world.pins.change(p.phys, (s) => {
      s.out = v ? 1 : 0;
      s.pwm = null;
      if (!s.manual) s.mode = "output";
    });
  }

  private install(): void {
    const r = this.realm;
    const g = r.global;
    const w = this.world;
    // a substr, substring or slice of a string mapped from flash points into the flash too
    const sp = (g.String as { prototype: Record<string, unknown> }).prototype;
    for (const k of ["substr", "substring", "slice"]) {
      const own = sp[k] as (this: string, ...a: unknown[]) => string;
      const cut = function (this: string, ...a: unknown[]): string {
        const out = own.apply(this, a);
        if (out.length > 10 && w.origins.isMapped(String(this))) w.origins.noteMapped(out);
        return out;
      };
      Object.setPrototypeOf(cut, r.functionProto);
      Object.defineProperty(sp, k, { value: cut, writable: true, configurable: true, enumerable: false });
    }
    const def = (name: string, v: unknown) => {
      if (typeof v === "function") Object.setPrototypeOf(v, r.functionProto);
      Object.defineProperty(g, name, { value: v, writable: true, configurable: true, enumerable: false });
    };
    const fn = <T extends (...a: never[]) => unknown>(f: T): T => {
      Object.setPrototypeOf(f, r.functionProto);
      return f;
    };
    const alive = () => this.checkAlive();
    const sysNow = () => rtcFloor(this.sys());

    // Object.on / emit / removeListener / removeAllListeners on every object
    const listeners = this.listeners;
    const methods: Record<string, unknown> = {
      on: function (this: object, event: string, f: unknown) {
        let m = listeners.get(this);
        if (!m) listeners.set(this, (m = new Map()));
        const l = m.get(event) || [];
        l.push(f);
        m.set(event, l);
      },
      emit: (() => {
        const self = this;
        return function (this: object, event: string, ...args: unknown[]) {
          for (const h of self.handlers(this, event).slice()) (h as (...a: unknown[]) => void).apply(this, args);
        };
      })(),
      removeListener: function (this: object, event: string, f: unknown) {
        const l = listeners.get(this)?.get(event);
        if (l && l.indexOf(f) >= 0) l.splice(l.indexOf(f), 1);
      },
      removeAllListeners: function (this: object, event?: string) {
        if (event === undefined) listeners.delete(this);
        else listeners.get(this)?.delete(event);
      },
    };
    for (const k of Object.keys(methods)) Object.defineProperty(r.objectProto, k, { value: fn(methods[k] as () => void), writable: true, configurable: true, enumerable: false });

    // time (jswrap_interactive.c); Date reads the same clock (jswrap_date.c: ms = getTime() * 1000)
    def("getTime", () => sysNow() / TICKS_PER_S);
    // eval (jswrap_functions.c): a program's code read from Storage (the device's menus) is the
    // firmware's own too, for the jsvars
    def("eval", (code: unknown) => {
      const src = String(code);
      this.evaluated.add(src);
      return r.run(src, "eval");
    });
    // new Function(args…, code) (jswrap_functions.c): the same for code made a function (the menus')
    const RealFunction = g.Function as FunctionConstructor;
    const evaluated = this.evaluated;
    const made = (args: unknown[]) => {
      if (args.length) evaluated.add(String(args[args.length - 1]));
    };
    def("Function", new Proxy(RealFunction, {
      construct: (t, args) => (made(args), Reflect.construct(t, args)),
      apply: (t, self, args) => (made(args), Reflect.apply(t, self, args)),
    }));
    const VirtualDate = (r.run(`(function (RealDate, nowMs) {
      function Date(y, m, d, h, mi, s, ms) {
        if (!(this instanceof Date)) return new RealDate(nowMs()).toString();
        if (arguments.length === 0) return new RealDate(nowMs());
        if (arguments.length === 1) return new RealDate(y);
        return new RealDate(y, m, d === undefined ? 1 : d, h || 0, mi || 0, s || 0, ms || 0);
      }
      Date.now = function () { return nowMs(); };
      Date.parse = RealDate.parse;
      Date.UTC = RealDate.UTC;
      Date.prototype = RealDate.prototype;
      return Date;
    })`, "date") as (d: unknown, now: () => number) => unknown)(g.Date, () => (sysNow() * 1000) / TICKS_PER_S);
    def("Date", VirtualDate);
    def("setTime", (t: number) => {
      this.sysOffset += Math.round(Number(t) * TICKS_PER_S) - sysNow();
    });
    const timer = (repeat: boolean) => (f: unknown, ms?: number, ...args: unknown[]) => {
      alive();
      if (typeof f !== "function" && typeof f !== "string") throw r.error("Error", "Function or String not supplied!");
      if (Number(ms) > 3153600000000) throw r.error("Error", "Interval is too long (>100 years)");
      return this.loop.addTimer(f, Number(ms), args, repeat);
    };
    def("setTimeout", timer(false));
    def("setInterval", timer(true));
    const clear = (name: string) => (...a: unknown[]) => {
      if (a.length > 0 && a[0] === undefined) throw r.error("Error", "clear" + name + "(undefined) not allowed. Use clear" + name + "() instead");
      this.loop.clearTimer(a[0], a.length === 0);
    };
    def("clearTimeout", clear("Timeout"));
    def("clearInterval", clear("Interval"));
    def("changeInterval", (id: unknown, ms: number) => {
      if (!this.loop.changeInterval(id, Number(ms))) throw r.error("Error", "Unknown Interval");
    });

    // pins (jswrap_io.c, jswrap_pin.c)
    const self = this;
    function Pin(this: unknown, v: unknown) {
      return self.pin(self.resolve(v));
    }
    this.PinProto = Pin.prototype as Record<string, unknown>;
    Object.setPrototypeOf(this.PinProto, r.objectProto);
    const info = (p: object) => this.world.pins.byIndex.get((p as { index: number }).index)!;
    Object.assign(this.PinProto, {
      valueOf: fn(function (this: { index: number }) { return this.index; }),
      toString: fn(function (this: object) { return info(this).name; }),
      toJSON: fn(function (this: object) { return info(this).name; }),
      read: fn(function (this: object) { alive(); return !!self.pinInput(info(this)); }),
      set: fn(function (this: object) { alive(); self.pinOutput(info(this), 1); }),
      reset: fn(function (this: object) { alive(); self.pinOutput(info(this), 0); }),
      write: fn(function (this: object, v: unknown) { alive(); self.pinOutput(info(this), v ? 1 : 0); }),
      writeAtomic: fn(function (this: object, v: unknown) { alive(); self.pinOutput(info(this), v ? 1 : 0); }),
      toggle: fn(function (this: object) {
        alive();
        const p = info(this);
        const v = w.pins.state(p.phys).out ? 0 : 1;
        self.pinOutput(p, v);
        return !!v;
      }),
      mode: fn(function (this: object, m: unknown) { (g.pinMode as (p: unknown, m: unknown) => void)(this, m); }),
      getMode: fn(function (this: object) { return w.pins.state(info(this).phys).mode; }),
      getInfo: fn(function (this: object) {
        const o = r.object();
        o.port = info(this).name[0];
        o.num = info(this).phys;
        return o;
      }),
    });
    def("Pin", Pin);
    for (const p of w.pins.byIndex.values()) def(p.name, this.pin(p));
    for (const a of Object.keys(JOLT_ALIASES)) def(a, this.pin(w.pins.byName.get(JOLT_ALIASES[a])!));

    def("digitalRead", (v: unknown) => {
      alive();
      if (Array.isArray(v)) return v.reduce((acc: number, x: unknown) => (acc << 1) | this.pinInput(this.resolve(x)), 0);
      return this.pinInput(this.resolve(v));
    });
    def("digitalWrite", (v: unknown, value: unknown) => {
      alive();
      let n = typeof value === "boolean" ? (value ? -1 : 0) : Number(value) | 0;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) {
          this.pinOutput(this.resolve(v[i]), n & 1);
          n >>= 1;
        }
      } else this.pinOutput(this.resolve(v), n !== 0 ? 1 : 0);
    });
    def("pinMode", (v: unknown, mode: unknown, automatic?: unknown) => {
      alive();
      const p = this.resolve(v);
      const modes = ["analog", "input", "input_pullup", "input_pulldown", "output", "opendrain", "opendrain_pullup", "af_output", "af_opendrain"];
      if (typeof mode === "string" && modes.indexOf(mode) >= 0) {
        w.pins.change(p.phys, (s) => {
          s.manual = !automatic;
          s.mode = mode as PinMode;
          if (mode !== "af_output") s.pwm = null;
        });
      } else {
        w.pins.state(p.phys).manual = false;
        if (mode !== undefined && mode !== "auto") throw r.error("Error", "Unknown pin mode");
      }
    });
    def("getPinMode", (v: unknown) => w.pins.state(this.resolve(v).phys).mode);
    def("analogWrite", (v: unknown, value: number, options?: Record<string, unknown>) => {
      alive();
      const p = this.resolve(v);
      const o = options || {};
      const freq = Number(o.freq) || 0;
      w.pins.change(p.phys, (s) => {
        s.pwm = { value: Math.max(0, Math.min(1, Number(value))), freq, soft: !!(o.soft || o.forceSoft) };
        s.out = s.pwm.value >= 0.5 ? 1 : 0;
        if (!s.manual) s.mode = "af_output";
      });
    });
    def("analogRead", (v: unknown) => {
      alive();
      const p = this.resolve(v);
      if (w.analog[p.name] !== undefined) return w.analog[p.name];
      // Jolt.js: H0/H2/H4/H6 read through a divider, in volts (jswrap_jolt.c's self test expects > 2 V
      // on a driven output); the driver's supply is the cell minus a 0.35 V diode.
      if (/^H[0246]$/.test(p.name)) {
        const s = w.pins.state(p.phys);
        const driven = (s.mode === "output" || s.mode === "af_output") && s.out === 1 && this.driverOn(p.name);
        return driven ? w.vddh - 0.35 : 0;
      }
      return w.pins.level(p.phys);
    });
    def("digitalPulse", (v: unknown, value: unknown, ms: unknown) => {
      alive();
      const p = this.resolve(v);
      const times = Array.isArray(ms) ? ms.map(Number) : [Number(ms)];
      let level = value ? 1 : 0;
      let t = w.now;
      this.pinOutput(p, level);
      for (const d of times) {
        t += msToTicks(d);
        level ^= 1;
        const l = level;
        w.at(t, () => { if (!this.dead) this.pinOutput(p, l); });
      }
    });

    // watches (jswrap_io.c setWatch/clearWatch)
    def("setWatch", (f: unknown, v: unknown, options?: unknown) => {
      alive();
      const p = w.pins.resolve(v);
      if (!p) {
        this.print("ERROR: Invalid pin");
        return undefined;
      }
      if (!this.loop.isWatched(p.phys) && new Set(this.loop.watches.map((x) => x.phys)).size >= this.hardwareWatchable) {
        this.print("WARNING: Unable to set watch. You may already have a watch on a pin with the same number (eg. A0 and B0),\nor this pin cannot be used with watch");
        return undefined;
      }
      const isButton = p.name === "D0";
      let repeat = false;
      let debounce = isButton ? 25 : 0;
      let edge = isButton ? 1 : 0;
      if (options !== null && typeof options === "object") {
        const o = options as Record<string, unknown>;
        if (o.repeat !== undefined) repeat = !!o.repeat;
        if (o.debounce !== undefined) debounce = Number(o.debounce);
        if (!(debounce >= 0)) debounce = 0;
        if (o.edge !== undefined) {
          const e = o.edge;
          if (typeof e === "number") edge = e > 0 ? 1 : e < 0 ? -1 : 0;
          else if (e === "rising") edge = 1;
          else if (e === "falling") edge = -1;
          else if (e === "both") edge = 0;
          else throw r.error("TypeError", "'edge' in setWatch should be 1, -1, 0, 'rising', 'falling' or 'both'");
        }
      } else repeat = !!options;
      if (typeof f !== "function" && typeof f !== "string") throw r.error("Error", "Function or String not supplied!");
      const state = !!this.pinInput(p);
      return this.loop.addWatch({ phys: p.phys, pin: this.pin(p), cb: f, recur: repeat, debounce: debounce > 0 ? msToTicks(debounce) : 0, edge, state });
    });
    def("clearWatch", (...a: unknown[]) => {
      if (a.length === 0) {
        this.loop.watches = [];
        return;
      }
      if (a[0] === undefined) throw r.error("Error", "clearWatch(undefined) not allowed. Use clearWatch() instead");
      const i = this.loop.watches.findIndex((x) => x.id === a[0]);
      if (i < 0) throw r.error("Error", "Unknown Watch " + String(a[0]));
      this.loop.watches.splice(i, 1);
    });

    // console (jswrap_functions.c print, console.*)
    const show = (v: unknown): string => {
      if (typeof v === "string") return v;
      try {
        const s = JSON.stringify(v);
        return s === undefined ? String(v) : s;
      } catch {
        return String(v);
      }
    };
    const print = (...a: unknown[]) => this.print(a.map(show).join(" "));
    def("print", print);
    const con = r.object();
    for (const k of ["log", "debug", "info", "warn", "error", "trace"]) con[k] = fn(print);
    def("console", con);
    def("atob", (s: string) => Buffer.from(String(s), "base64").toString("latin1"));
    def("btoa", (s: string) => Buffer.from(String(s), "latin1").toString("base64"));
    def("global", g);
    for (const k of ["setDeepSleep", "setSleepIndicator", "setBusyIndicator", "echo"]) def(k, () => undefined);
    def("getSerial", () => "6a0b1c2d-3e4f5a6b");
    for (const k of ["save", "load", "reset", "dump", "edit", "peek8", "peek16", "peek32", "poke8", "poke16", "poke32"]) {
      def(k, () => { throw r.error("Error", "the board double does not emulate " + k + "()"); });
    }

    // USB, Bluetooth and the console (serial.ts); NRF (libs/bluetooth/jswrap_bluetooth.c)
    const serials = new Serials({
      realm: r,
      emit: (o, event, args) => this.emitNow(o, event, args),
      queue: (run) => { if (!this.dead) this.loop.push({ kind: "job", run }); },
      out: (line, text) => w.serialOut(line, text),
      evaluate: (code) => this.repl(code),
      fn,
    });
    this.serials = serials;
    def("USB", serials.objects.USB);
    def("Bluetooth", serials.objects.Bluetooth);
    const radio = serials.radio;
    const nrf = r.object();
    Object.assign(nrf, {
      sleep: fn(() => {
        radio.awake = false;
        serials.disconnect();
      }),
      wake: fn(() => { radio.awake = true; }),
      disconnect: fn(() => serials.disconnect()),
      setServices: fn((_services: unknown, options?: Record<string, unknown>) => {
        // a change of the UART service applies while nothing is connected
        if (options && options.uart !== undefined && !radio.connected) radio.uart = !!options.uart;
      }),
      setSecurity: fn((o?: Record<string, unknown>) => {
        const k = o && o.passkey !== undefined ? String(o.passkey) : null;
        if (k !== null && !/^\d{6}$/.test(k)) throw r.error("Error", "passkey must be 6 digits");
        radio.passkey = k;
      }),
      setAdvertising: fn((data?: unknown, options?: Record<string, unknown>) => {
        radio.adverts.push(advertisement(w.nowMs(), data, options, radio, (msg) => r.error("Error", msg)));
      }),
      getAddress: fn(() => "e7:a1:0c:55:20:3f random"),
    });
    serials.onDisconnect = () => this.emitNow(nrf, "disconnect", []);
    def("NRF", nrf);

    // E (jswrap_espruino.c)
    const E = this.E;
    Object.assign(E, {
      enableWatchdog: fn((timeout: number, isAuto?: unknown) => {
        alive();
        let t = Number(timeout);
        if (!(t >= 0)) t = 1;
        if (this.watchdog) {
          // nRF52: a running watchdog keeps its timeout (CRV cannot be written); the mode flag changes
          this.watchdog.auto = isAuto === undefined || !!isAuto;
          return;
        }
        this.watchdog = { timeout: Math.round(t * TICKS_PER_S), auto: isAuto === undefined || !!isAuto, lastKick: w.now };
      }),
      kickWatchdog: fn(() => {
        if (this.watchdog && !this.dead) this.watchdog.lastKick = w.now;
      }),
      toArrayBuffer: fn((s: unknown) => {
        const b = bytesOf(String(s));
        const ab = r.arrayBuffer(b.length);
        r.u8(ab).set(b);
        const o = w.origins.ofString(String(s));
        if (o) w.origins.noteBuffer(ab, o.file, o.offset);
        if (w.origins.isMapped(String(s))) w.origins.noteFlash(ab);
        return ab;
      }),
      toUint8Array: fn((...a: unknown[]) => {
        const b = toBytes(a);
        const u = r.u8(b.length);
        u.set(b);
        return u;
      }),
      toString: fn((...a: unknown[]) => bytesToLatin1(toBytes(a))),
      getVDDH: fn(() => w.vddh),
      getAnalogVRef: fn(() => 3.3),
      getTemperature: fn(() => 22.25),
      hwRand: fn(() => (Math.random() * 4294967296) | 0),
      srand: fn(() => undefined),
      getErrorFlags: fn(() => {
        const f = this.errorFlags.slice();
        if (this.loop.lostEvents > 0 && f.indexOf("FIFO_FULL") < 0) f.push("FIFO_FULL");
        this.errorFlags = [];
        this.loop.lostEvents = 0;
        return r.array(f);
      }),
      getFlags: fn(() => r.object()),
      setFlags: fn(() => undefined),
      setConsole: fn((device: unknown, options?: Record<string, unknown>) => {
        const line = consoleLine(device, serials);
        if (typeof line === "string" && line !== "USB" && line !== "Bluetooth") throw r.error("Error", line);
        serials.setConsole(line as LineName | null, !!(options && options.force));
      }),
      getConsole: fn(() => serials.console),
      setTimeZone: fn(() => undefined),
      getSizeOf: fn((v: unknown) => estimateJsVars([v], { builtin: this.builtin }).total),
      reboot: fn(() => {
        alive();
        this.emitNow(E, "kill", []);
        w.reboot("E.reboot()");
        throw HALT;
      }),
      clip: fn((x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))),
      sum: fn((a: ArrayLike<number>) => {
        let s = 0;
        for (let i = 0; i < a.length; i++) s += Number(a[i]);
        return s;
      }),
      variance: fn((a: ArrayLike<number>, mean: number) => {
        let s = 0;
        for (let i = 0; i < a.length; i++) s += (a[i] - mean) * (a[i] - mean);
        return s / a.length;
      }),
      CRC32: fn((d: unknown) => {
        let c = -1;
        for (const b of bytesOf(d)) {
          c ^= b;
          for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
        }
        return (c ^ -1) >>> 0;
      }),
      defrag: fn(() => undefined),
    });
    def("E", E);

    // process (jswrap_process.c)
    const proc = r.object();
    proc.version = "2v29";
    const env = r.object();
    Object.assign(env, { VERSION: "2v29", BOARD: "JOLTJS", RAM: 262144, FLASH: 1048576, STORAGE: w.flash.capacity, CONSOLE: "Bluetooth", MODULES: "Flash,Storage,heatshrink,crypto,neopixel" });
    proc.env = env;
    proc.memory = fn(() => {
      const scopes = deepScopes();
      let used: number;
      try {
        used = this.jsvars(scopes.of).total;
      } finally {
        scopes.close();
      }
      const m = r.object();
      Object.assign(m, { free: JOLT_JSVARS - used, usage: used, total: JOLT_JSVARS, history: 0, gc: 0, gctime: 0.5, blocksize: 14, stackEndAddress: 536928876, stackFree: 38000, flash_start: 0, flash_binary_end: 528000, flash_code_start: 593920, flash_length: 1048576 });
      return m;
    });
    def("process", proc);

    // I2C, Graphics, SSD1306 (jswrap_spi_i2c.c, jswrap_graphics.c, EspruinoDocs devices/SSD1306.js)
    const { I2C, make } = i2cClass({
      realm: r, pins: w.pins, panels: w.panels, checkAlive: alive,
      busy: (ms) => { if (w.i2cTiming) w.consume(msToTicks(ms)); },
    });
    def("I2C", I2C);
    def("I2C1", make(true));
    def("I2C2", make(true));
    const Graphics = graphicsClass(r);
    addPaletteDrawing(r, w.origins, Graphics);
    def("Graphics", Graphics);
    this.modules.set("SSD1306", ssd1306Module({
      realm: r, Graphics,
      setTimeout: (f, ms) => this.loop.addTimer(f, ms, [], false),
      digitalPulse: (p, v, ms) => (g.digitalPulse as (a: unknown, b: unknown, c: unknown) => void)(p, v, ms),
    }));

    // Qwiic connectors and the Jolt class (libs/joltjs/jswrap_jolt.c, libs/misc/jswrap_qwiic.c)
    const jolt = r.object();
    for (const q of Object.keys(JOLT_QWIIC)) {
      const spec = JOLT_QWIIC[q];
      const o = r.object() as Record<string, unknown>;
      o.sda = this.pin(w.pins.byName.get(spec.sda)!);
      o.scl = this.pin(w.pins.byName.get(spec.scl)!);
      if (spec.fet) o.fet = this.pin(w.pins.byName.get(spec.fet)!);
      if (spec.vcc) o.vcc = this.pin(w.pins.byName.get(spec.vcc)!);
      if (spec.gnd) o.gnd = this.pin(w.pins.byName.get(spec.gnd)!);
      o.setPower = fn(function (this: Record<string, unknown>, on: unknown) {
        alive();
        if (spec.fet) self.pinOutput(w.pins.byName.get(spec.fet)!, on ? 1 : 0);
        if (spec.gnd) self.pinOutput(w.pins.byName.get(spec.gnd)!, 0);
        if (spec.vcc) self.pinOutput(w.pins.byName.get(spec.vcc)!, on ? 1 : 0);
        return this;
      });
      let i2c: Record<string, unknown> | null = null;
      Object.defineProperty(o, "i2c", {
        enumerable: false,
        get: () => {
          if (!i2c) {
            i2c = make(false) as Record<string, unknown>;
            const opts = r.object();
            opts.sda = o.sda;
            opts.scl = o.scl;
            (i2c.setup as (x: unknown) => void).call(i2c, opts);
          }
          return i2c;
        },
      });
      def(q, o);
      jolt[q] = o;
    }
    jolt.setDriverMode = fn((driver: unknown, mode: unknown) => {
      alive();
      if (driver !== 0 && driver !== 1) throw r.error("Error", "Invalid driver " + String(driver));
      const modes: Record<string, boolean | "auto"> = { off: false, auto: "auto", output: true, motor: true };
      if (typeof mode === "boolean" || mode === undefined) this.driverMode[driver] = !!mode;
      else if (typeof mode === "string" && mode in modes) this.driverMode[driver] = modes[mode];
      else throw r.error("Error", "Unknown driver mode " + JSON.stringify(mode));
      this.driverChanges.push({ at: this.world.nowMs(), driver, mode: this.driverMode[driver] });
    });
    def("Jolt", jolt);

    // Waveform (jswrap_waveform.c)
    def("Waveform", waveformClass({
      realm: r, pins: w.pins, speaker: w.speaker, origins: w.origins, flash: w.flash,
      nowMs: () => w.nowMs(),
      worldMsOfDevice: (s) => ticksToMs(this.bootAt - this.sysOffset + Math.round(s * TICKS_PER_S)),
      atWorld: (ms, f) => w.at(msToTicks(ms), f),
      pushEvent: (handle) => { if (!this.dead) this.loop.push({ kind: "job", run: handle }); },
      emit: (target, event, args) => this.emitNow(target, event, args),
      warn: (t) => this.print("WARNING: " + t),
      checkAlive: alive,
      driverOn: (name) => this.driverOn(name),
    }));

    // require and Modules (jswrap_modules.c): built-in modules, modules the CLI uploads, Storage files
    const storage = storageModule(r, w.flash, w.origins);
    this.modules.set("Storage", storage);
    const Modules = r.object();
    Modules.addCached = fn((id: string, src: unknown) => {
      this.modules.set(String(id), typeof src === "function" ? this.evaluateModule(src) : this.evaluateModule(String(src)));
    });
    Modules.removeCached = fn((id: string) => this.modules.delete(String(id)));
    Modules.removeAllCached = fn(() => {
      for (const k of Array.from(this.modules.keys())) if (k !== "Storage") this.modules.delete(k);
    });
    Modules.getCached = fn(() => r.array(Array.from(this.modules.keys())));
    def("Modules", Modules);
    def("require", (name: unknown) => {
      if (typeof name !== "string") throw r.error("TypeError", "Expecting module name as a string, got " + typeof name);
      if (this.modules.has(name)) return this.modules.get(name);
      if (["Flash", "heatshrink", "crypto", "neopixel"].indexOf(name) >= 0) throw r.error("Error", "the board double does not emulate the built-in module " + name);
      const file = w.flash.read(name);
      if (file) {
        const m = this.evaluateModule(bytesToLatin1(file));
        this.modules.set(name, m);
        return m;
      }
      throw r.error("Error", 'Module "' + name + '" not found');
    });
    adopt(r, con);
  }

  /** jspEvaluateModule: the source runs with `exports` and `module` in scope. */
  private evaluateModule(src: unknown): unknown {
    const r = this.realm;
    const wrap = r.run("(function (exports, module) {\n" + (typeof src === "function" ? "(" + String(src) + ")()" : src) + "\n})", "module") as
      (e: unknown, m: unknown) => void;
    const module = r.object();
    module.exports = r.object();
    wrap(module.exports, module);
    return module.exports;
  }

  print(line: string): void {
    this.world.print(line);
    this.serials.print(line);
  }

  /** Runs a line typed at the console (the REPL) now; returns its value or the error. */
  repl(code: string): { value?: unknown; error?: string } {
    if (this.dead) return { error: "the board is off" };
    try {
      const value = this.realm.run(code, "console");
      this.realm.drain();
      return { value };
    } catch (e) {
      if (e === HALT) return { error: "the board lost power" };
      const err = e as { message?: string; constructor?: { name?: string } };
      return { error: (err.constructor && err.constructor.name ? err.constructor.name : "Error") + ": " + (err.message ?? String(e)) };
    }
  }
}
