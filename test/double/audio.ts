// The speaker path: Waveform (src/jswrap_waveform.c, src/jstimer.c) and the recording speaker.
// - new Waveform(n | ArrayBuffer | typed array): `buffer` is that array (2v25+);
// - startOutput(pin, freq, {time, repeat, npin}) plays on a hardware timer from `time` (getTime()
//   seconds; now if absent or past), so JavaScript being busy never delays it; a Waveform already
//   running throws "Waveform is already running";
// - stop() ends the sound at once but `running` stays true until the loop handles the timer's
//   "finished" event, which also emits "finish" — the same as when the samples run out;
// - the pin must have been set up with analogWrite first, or nothing is heard.
// Every output is recorded with its start time, its pins and where its samples came from in Storage.
//
// Also Graphics.drawImage of an 8-bit image onto an 8-bit Graphics (libs/graphics/jswrap_graphics.c),
// the native lookup table the speaker scales clips with: each pixel becomes palette[value & mask],
// the palette a Uint16Array of 2, 4, 8, 16 or 256 entries, its low byte stored. A copy of a whole
// Storage clip keeps the clip's origin, so a scaled clip is still heard as that clip.

import type { Realm } from "./realm";
import type { PinBank } from "./pins";
import type { Origins, Flash } from "./storage";

export interface Sound {
  /** World ms when startOutput was called, and when the sound really starts. */
  requestedAt: number;
  startsAt: number;
  /** World ms when it ends: the samples ran out, or stop(). */
  endsAt: number;
  stopped: boolean;
  pin: string;
  npin: string | null;
  freq: number;
  repeat: boolean;
  bytes: Uint8Array;
  /** The Storage file (and offset) the samples were read from, if they were. */
  file: string | null;
  offset: number;
  /** The samples were a buffer in RAM (a copy), not a view of the flash. */
  inRam: boolean;
  audible: boolean;
  /** Why it could not be heard. */
  why: string;
  /** Started while another Waveform's "finish" event was being handled: that event holds the
   *  finished Waveform and its buffer (the listener's argument) until it returns, so on the board
   *  both clips' samples were in RAM at once. */
  duringFinish: boolean;
}

export type SpeakerFault = null | "throws" | "no-timer";

/** The speaker wired to the board: which pins drive it; what it has played. */
export class Speaker {
  sounds: Sound[] = [];
  fault: SpeakerFault = null;
  constructor(public pin: string, public npin: string | null) {}
}

export interface AudioHost {
  realm: Realm;
  pins: PinBank;
  speaker: Speaker;
  origins: Origins;
  flash: Flash;
  /** World ms now, and world ms for a device time in seconds. */
  nowMs(): number;
  worldMsOfDevice(seconds: number): number;
  /** Calls fn from the timer interrupt at world time ms (it may only queue events). */
  atWorld(ms: number, fn: () => void): void;
  /** Queues the "finished" event from the interrupt; runs `handle` in the loop. */
  pushEvent(handle: () => void): void;
  /** Runs a callback later in the same loop pass (jsiQueueObjectCallbacks). */
  emit(target: object, event: string, args: unknown[]): void;
  warn(text: string): void;
  checkAlive(): void;
  /** Whether the output stage behind a pin drives it (a Jolt.js motor driver can be asleep). */
  driverOn(pinName: string): boolean;
}

interface WState {
  running: boolean;
  sound: Sound | null;
  generation: number;
}

export function waveformClass(host: AudioHost): unknown {
  const { realm } = host;
  const ws = new WeakMap<object, WState>();
  /** The Waveform whose "finish" event is being handled, if any. */
  let finishing: object | null = null;
  function Waveform(this: Record<string, unknown>, samples: unknown, options?: Record<string, unknown>) {
    let buffer: unknown;
    if (typeof samples === "number" && samples === Math.floor(samples)) {
      if (samples <= 0) throw realm.error("Error", "Samples must be greater than 0");
      buffer = options && options.bits === 16 ? realm.u16(samples) : realm.u8(samples);
    } else if (ArrayBuffer.isView(samples) || Object.prototype.toString.call(samples) === "[object ArrayBuffer]") {
      buffer = samples;
    } else throw realm.error("Error", "'samples' should be a integer or ArrayBuffer");
    if (options !== undefined && (options === null || typeof options !== "object")) throw realm.error("Error", "Expecting options to be undefined or an Object");
    this.buffer = buffer;
    ws.set(this, { running: false, sound: null, generation: 0 });
  }
  const proto = Waveform.prototype as Record<string, unknown>;

  const bytesAndOrigin = (buf: unknown): { bytes: Uint8Array; file: string | null; offset: number; inRam: boolean } => {
    let bytes: Uint8Array;
    let base: object;
    let off = 0;
    if (ArrayBuffer.isView(buf)) {
      bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength).slice();
      base = buf.buffer;
      off = buf.byteOffset;
    } else {
      bytes = new Uint8Array(buf as ArrayBuffer).slice();
      base = buf as object;
    }
    const inRam = !host.origins.isFlash(base);
    const o = host.origins.ofBuffer(base);
    if (o) return { bytes, file: o.file, offset: o.offset + off, inRam };
    // not traced: look for the bytes in flash (a clip copied into RAM first)
    for (const [name, f] of host.flash.files) {
      const at = indexOf(f.bytes, bytes);
      if (at >= 0) return { bytes, file: name, offset: at, inRam };
    }
    return { bytes, file: null, offset: 0, inRam };
  };

  proto.startOutput = function (this: Record<string, unknown>, pin: unknown, freq: number, options?: Record<string, unknown>) {
    host.checkAlive();
    const s = ws.get(this)!;
    if (s.running || this.running === true) throw realm.error("Error", "Waveform is already running");
    const p = host.pins.resolve(pin);
    if (!p) throw realm.error("Error", "Invalid pin");
    if (!(freq >= 0.001)) throw realm.error("Error", "Frequency must be above 0.001Hz");
    if (host.speaker.fault === "throws") throw realm.error("Error", "Waveform fault (made by the board double)");
    const o = options || {};
    const npin = o.npin === undefined ? null : host.pins.resolve(o.npin);
    const now = host.nowMs();
    const t = Number(o.time);
    const startsAt = Number.isFinite(t) && t > 0 ? Math.max(now, host.worldMsOfDevice(t)) : now;
    const src = bytesAndOrigin(this.buffer);
    const n = ArrayBuffer.isView(this.buffer) ? (this.buffer as Uint8Array).length : src.bytes.length;
    const repeat = !!o.repeat;
    const endsAt = repeat ? Infinity : startsAt + (n * 1000) / freq;
    s.running = true;
    this.running = true;
    this.freq = freq;
    if (host.speaker.fault === "no-timer") {
      host.warn("Unable to schedule a timer");
      return;
    }
    const sp = host.speaker;
    const onSpeaker = (p.name === sp.pin && (!npin || npin.name === sp.npin)) || (p.name === sp.npin && (!npin || npin.name === sp.pin));
    const pwm = host.pins.state(p.phys).pwm;
    const why = !onSpeaker ? "the speaker is on " + sp.pin + (sp.npin ? "/" + sp.npin : "") + ", not " + p.name
      : !pwm ? p.name + " was not set up with analogWrite"
      : !host.driverOn(p.name) ? "the motor driver behind " + p.name + " is off" : "";
    const sound: Sound = {
      requestedAt: now, startsAt, endsAt, stopped: false, pin: p.name, npin: npin ? npin.name : null, freq, repeat,
      bytes: src.bytes, file: src.file, offset: src.offset, inRam: src.inRam, audible: why === "", why,
      duringFinish: finishing !== null && finishing !== this,
    };
    sp.sounds.push(sound);
    s.sound = sound;
    const gen = ++s.generation;
    if (!repeat) host.atWorld(endsAt, () => {
      if (s.generation === gen && s.sound === sound) finished(this, s);
    });
  };

  const finished = (w: Record<string, unknown>, s: WState) => {
    s.sound = null;
    host.pushEvent(() => {
      s.running = false;
      w.running = false;
      const outer = finishing;
      finishing = w;
      try {
        host.emit(w, "finish", [w.buffer]);
      } finally {
        finishing = outer;
      }
    });
  };

  proto.stop = function (this: Record<string, unknown>) {
    host.checkAlive();
    const s = ws.get(this)!;
    if (!s.running) throw realm.error("Error", "Waveform is not running");
    if (s.sound) {
      const now = host.nowMs();
      if (s.sound.endsAt > now) {
        s.sound.endsAt = Math.max(now, s.sound.startsAt);
        s.sound.stopped = true;
      }
      s.generation++;
      finished(this, s);
    }
  };
  proto.startInput = function () {
    throw realm.error("Error", "the board double does not emulate Waveform input");
  };
  Object.setPrototypeOf(Waveform.prototype, realm.objectProto);
  Object.setPrototypeOf(Waveform, realm.functionProto);
  return Waveform;
}

/** Adds drawImage, as far as the speaker uses it, to the display's Graphics. */
export function addPaletteDrawing(realm: Realm, origins: Origins, Graphics: unknown): void {
  const proto = (Graphics as { prototype: Record<string, unknown> }).prototype;
  const unsupported = (what: string) => realm.error("Error", "the board double does not emulate drawImage " + what);
  proto.drawImage = function (this: Record<string, unknown>, image: unknown, x: unknown, y: unknown, options?: unknown) {
    const bpp = (proto.getBPP as () => number).call(this);
    const w = (proto.getWidth as () => number).call(this);
    const h = (proto.getHeight as () => number).call(this);
    if (bpp !== 8) throw unsupported("onto a " + bpp + "-bit Graphics");
    if (options !== undefined) throw unsupported("with options");
    if (image === null || typeof image !== "object" || ArrayBuffer.isView(image)) throw unsupported("of a string or ArrayBuffer image");
    const img = image as Record<string, unknown>;
    const iw = Math.floor(Number(img.width)) || 0;
    const ih = Math.floor(Number(img.height)) || 0;
    if (Number(img.bpp) !== 8) throw unsupported("of a " + String(img.bpp) + "-bit image");
    const buf = img.buffer;
    let src: Uint8Array;
    if (ArrayBuffer.isView(buf)) src = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    else if (Object.prototype.toString.call(buf) === "[object ArrayBuffer]") src = new Uint8Array(buf as ArrayBuffer);
    else throw realm.error("Error", "Expecting valid Image");
    if (iw <= 0 || ih <= 0) throw realm.error("Error", "Expecting valid Image");
    let palette: Uint16Array | null = null;
    if (img.palette !== undefined) {
      const p = img.palette;
      if (!(p instanceof (realm.global.Uint16Array as typeof Uint16Array)) || [2, 4, 8, 16, 256].indexOf(p.length) < 0) {
        throw realm.error("Error", "Palette specified, but must be a flat Uint16Array of 2,4,8,16,256 elements");
      }
      palette = p;
    }
    const out = new Uint8Array(this.buffer as ArrayBuffer);
    const x0 = Math.floor(Number(x)) || 0;
    const y0 = Math.floor(Number(y)) || 0;
    for (let r = 0; r < ih; r++) {
      for (let c = 0; c < iw; c++) {
        const i = r * iw + c;
        if (i >= src.length) break;
        const px = x0 + c;
        const py = y0 + r;
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const v = src[i];
        out[py * w + px] = (palette ? palette[v & (palette.length - 1)] : v) & 255;
      }
    }
    // a copy of a traced clip byte for byte (same place, same row width) is still that clip
    const base = ArrayBuffer.isView(buf) ? buf.buffer : (buf as object);
    const o = origins.ofBuffer(base);
    if (o && x0 === 0 && y0 === 0 && (ih === 1 || iw === w)) origins.noteBuffer(this.buffer as object, o.file, o.offset + src.byteOffset);
    return this;
  };
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  if (needle.length === 0 || needle.length > hay.length) return -1;
  const first = needle[0];
  outer: for (let i = 0; i <= hay.length - needle.length; i++) {
    if (hay[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
