// The voice: clips are Storage files "<pack>/<clip>", e.g. "zh/3" (8-bit unsigned mono, 8 kHz, raw), played with
// Waveform on a hardware timer across two motor-driver outputs (npin: no DC through the speaker, no
// capacitor). The first clip starts at the call's exact instant (startOutput's `time`); each next one
// starts just after the previous one's "finish" event, so a newer play() can cut the chain at any clip.
//
// Why chained and not all scheduled at once: Espruino's timer mixes every queued output task on the
// same pin (polyphony), including tasks not yet started, whose stale level would distort the clip
// playing. Why the PWM idles at 0 and not at 0.5: with npin, a sample of 128 drives both pins low;
// 0.5 on one pin before the first sample would put half the supply across the speaker.
//
// The outputs stay on LINGER_MS after a chain ends: a count each second (10 s byoyomi, a period's
// last ten seconds) then starts without the driver and the PWM switched off and on again (eight
// built-ins a second less: 0.1 to 0.2 points of CPU in 10 s byoyomi, on Espruino's own
// interpreter). The driver's current between such counts is the price (npm run bench prices it);
// both pins rest low meanwhile (a clip ends at 128), so no current flows through the speaker.
//
// Volume (firmware/levels.ts): the clips are stored at the default volume's level (7), which plays
// the flash as it is, with no RAM; 10 is the loudest, each step below takes 2.5 dB off, 0 mutes.
// At any other volume each clip, and the beep, is copied to RAM through a 256-entry table (sample →
// 128 + (sample − 128)·gain, viewed where the build put it, in the board's data file in flash), made
// when the clip is about to be started, so one clip at a time is in RAM (the next is made once the
// finished one is let go). The copy is Graphics' drawImage of the clip as an 8-bit image whose
// palette is the table: native, about 1/15 of E.mapInPlace's cost (which makes a JsVar per sample);
// by instruction count about 25 ms for a 1.6 s clip at 64 MHz, within the app's 50 ms lead, so the
// first clip still starts at its instant.
// A row is at most 32,767 pixels: a clip longer than 4 s can only be played at the clips' own level.

import type { Pins } from "./pins";
import { LEVELS } from "../firmware/gfx/fonts";
import { STORED_VOLUME as STORED, tableIndex } from "../firmware/levels";
import { message } from "./message";
import { LINGER_MS } from "../firmware/board";

const RATE = 8000;
const PWM_HZ = 80000;
/** A start less than this far ahead is made at once: the timer cannot be set in the past. */
const MIN_LEAD_S = 0.002;
const BEEP_HZ = 1000;
const BEEP_MS = 150;
/** Graphics.createArrayBuffer's widest row: a longer clip (4 s) cannot be scaled in one row. */
const MAX_SCALED = 32767;

/** Volume v's table: a view of it in the data file, in flash (no RAM for its 512 bytes). */
function tableOf(v: number): Uint16Array {
  return new Uint16Array(E.toArrayBuffer(LEVELS), tableIndex(v) * 512, 256);
}

/** A RAM copy of the samples, each mapped through the table (see the header for why by drawImage). */
function scaled(raw: ArrayBuffer, table: Uint16Array): ArrayBuffer {
  const n = raw.byteLength;
  if (n > MAX_SCALED) throw new Error("clip too long to scale: " + n + " samples");
  const g = Graphics.createArrayBuffer(n, 1, 8);
  g.drawImage({ width: n, height: 1, bpp: 8, buffer: raw, palette: table }, 0, 0);
  return g.buffer;
}

export class Speaker {
  private pins: Pins["speaker"];
  /** The clips' own level until the app sets it from the settings, at power-on. */
  private volume = STORED;
  /** The palette of the volume, or null at the clips' own level (the flash is played as it is). */
  private table: Uint16Array | null = null;
  /** Bumped by every play() and stop(): a finish event of an older chain does nothing. */
  private gen = 0;
  private current: Waveform | null = null;
  /** When the chain playing ends (getTime seconds, from its clips' lengths), and the chains handed for
   *  later instants, each started when the one before finishes, at its own instant. */
  private endS = 0;
  private queue: { clips: string[]; startS: number; endS: number }[] = [];
  /** A chain is under way (a clip playing, the next being made, or chains queued). */
  private live = false;
  /** The outputs (driver awake, PWM set up) are on: while live, and LINGER_MS after. */
  private on = false;
  /** The timeout that turns the outputs off once the linger is over, or -1. */
  private idle: any = -1;
  /** An error found while playing (asynchronously), returned by the next play(). */
  private late: string | null = null;
  private beepSamples: ArrayBuffer | null = null;
  /** Espruino's Storage, looked up once: require() is a built-in, found after the whole global scope. */
  private storage = require("Storage");

  constructor(pins: Pins["speaker"]) {
    this.pins = pins;
    try {
      if (pins.fault) pinMode(pins.fault, "input_pullup"); // nFAULT is open drain; digitalRead must keep the pull-up
    } catch (e) {
      // no fault line: faults go unseen
    }
  }

  setVolume(v: number): void {
    if (v !== this.volume) this.table = v > 0 && v !== STORED ? tableOf(v) : null;
    this.volume = v;
    if (v <= 0) this.stop();
  }

  /** Whether a clip is being played (the battery is not measured then: the load sags the supply). */
  busy(): boolean {
    return this.live;
  }

  /** Whether a clip's scaled copy is in RAM: a chain is under way at a volume other than the clips' own. */
  holdsCopy(): boolean {
    return this.live && this.table !== null;
  }

  /** Plays the clips back to back from absolute time t (ms of getTime), cutting what would still play
   *  then: a chain that ends before t (handed LEAD_MS ahead, as the app does) plays to its end, and
   *  the new one starts from its finish, at t. */
  play(clips: string[], t: number): string | null {
    const earlier = this.late;
    this.late = null;
    const startS = t / 1000;
    // a chain under way that will have ended by t plays on; chains queued that would still play at
    // t go
    const nowS = getTime(); // once: a built-in is found after the whole global scope is searched
    const after = this.live && this.endS <= startS && startS > nowS + MIN_LEAD_S;
    if (after) {
      const kept: { clips: string[]; startS: number; endS: number }[] = [];
      for (let k = 0; k < this.queue.length; k++) if (this.queue[k].endS <= startS) kept.push(this.queue[k]);
      this.queue = kept;
    } else if (this.live) this.cut(); // nothing under way (a count each second): nothing to cut
    if (this.volume <= 0 || clips.length === 0) {
      if (!after && this.on && this.idle === -1) this.linger(); // cut while on: off in a while
      return earlier;
    }
    let missing: string[] | null = null;
    try {
      const storage = this.storage;
      let bytes = 0;
      let first: string | undefined;
      // a loop, not forEach: no closure in RAM while the first clip is made
      for (let k = 0; k < clips.length; k++) {
        const s = storage.read(clips[k]);
        if (k === 0) first = s; // read once: the first clip is started from it
        if (s === undefined || s.length === 0) {
          if (!missing) missing = [];
          missing.push(clips[k]);
          bytes += (RATE * BEEP_MS) / 1000;
        } else bytes += s.length;
      }
      const from = startS > nowS ? startS : nowS;
      if (after) this.queue.push({ clips: clips, startS: startS, endS: from + bytes / RATE });
      else {
        if (this.idle !== -1) {
          clearTimeout(this.idle); // lingering: the outputs are on already
          this.idle = -1;
        }
        if (!this.on) this.outputsOn();
        this.live = true;
        this.start(clips, 0, startS, this.gen, first);
        this.endS = from + bytes / RATE;
      }
    } catch (e) {
      this.stop();
      return "speaker: " + message(e);
    }
    if (missing) return "clip missing, beeped: " + missing.join(", ");
    return earlier;
  }

  /** Stops the clip playing and turns the outputs off. Never throws. */
  stop(): void {
    this.cut();
    if (this.idle !== -1) {
      clearTimeout(this.idle); // not run yet: it sets idle to -1 when it does
      this.idle = -1;
    }
    if (this.on) this.outputsOff(); // its test here too: no call when they are off
  }

  /** Stops the clip playing and what is queued; the outputs stay as they are. Never throws. */
  private cut(): void {
    this.gen++;
    this.live = false;
    if (this.queue.length) this.queue = [];
    const w = this.current;
    this.current = null;
    if (w) {
      try {
        w.removeAllListeners("finish");
        w.stop();
      } catch (e) {
        // it had already finished
      }
    }
  }

  /** The chain has ended: the outputs go off LINGER_MS from now unless a call comes first. */
  private linger(): void {
    this.live = false;
    const self = this;
    this.idle = setTimeout(function () {
      self.idle = -1;
      if (self.live) return;
      // nFAULT read as the outputs go off, the driver still awake, not after each clip: a read a
      // second is a tenth of a point of a fast byoyomi's CPU, and the driver protects itself
      // meanwhile (the read only reports: at the next call, after the next gap in the calls)
      self.checkFault();
      self.outputsOff();
    }, LINGER_MS);
  }

  /** A short square wave at the clips' level (as loud as a clip's syllables), made once. */
  private beep(): ArrayBuffer {
    if (!this.beepSamples) {
      const n = (RATE * BEEP_MS) / 1000;
      const half = RATE / BEEP_HZ / 2;
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(i / half) % 2 ? 108 : 148;
      b[n - 1] = 128; // it ends at rest, as a clip does: the outputs may linger after it
      this.beepSamples = b.buffer;
    }
    return this.beepSamples;
  }

  /** Starts clip i at startS (getTime seconds; 0 or past = now) and chains the next on its finish. */
  private start(clips: string[], i: number, startS: number, gen: number, read?: string): void {
    if (gen !== this.gen) return;
    if (i >= clips.length) {
      this.current = null;
      const n = this.queue.shift();
      if (n) {
        // the chain handed for later, at its own instant
        this.endS = n.endS;
        return this.start(n.clips, 0, n.startS, gen);
      }
      this.linger();
      return;
    }
    // the samples, or the beep if the clip is not there, at the volume: at the clips' own level a
    // view of the flash (no RAM), else a scaled copy
    const s = read !== undefined ? read : this.storage.read(clips[i]);
    const raw = s !== undefined && s.length > 0 ? E.toArrayBuffer(s) : this.beep();
    const w = new Waveform(this.table ? scaled(raw, this.table) : raw);
    w.on("finish", this.chain(clips, i + 1, gen));
    this.current = w;
    const options: WaveformOutputOptions = { npin: this.pins.npin };
    if (startS > 0 && startS > getTime() + MIN_LEAD_S) options.time = startS; // 0: a chain's next clip, now
    w.startOutput(this.pins.pin, RATE, options);
  }

  /** The finish listener that starts clip i. Made out here: a listener made where `w` is in scope
   *  would hold w, and w its listener, a cycle that keeps each played RAM copy until a GC. At a
   *  volume that copies clips, the next one is made in a timeout, once this event has returned:
   *  until then the event holds the finished Waveform and its buffer (the listener's argument), so
   *  a copy made here would be a second clip in RAM (as measured on Espruino's own interpreter). */
  private chain(clips: string[], i: number, gen: number): () => void {
    const self = this;
    return function () {
      if (gen !== self.gen) return;
      self.current = null;
      // the chain's end, nothing queued: the outputs linger (no clip to make, no wake of its own)
      if (i >= clips.length && self.queue.length === 0) return self.linger();
      // at the clips' own level the next clip is a view of the flash, nothing to copy: started in
      // this event (a wake less, each clip after a call's first and each call queued)
      if (self.table === null) self.next(clips, i, gen);
      else setTimeout(function () {
        self.next(clips, i, gen);
      }, 0);
    };
  }

  /** Starts clip i of a chain under way (generation gen), from its finish listener. */
  private next(clips: string[], i: number, gen: number): void {
    if (gen !== this.gen) return;
    try {
      this.start(clips, i, 0, gen);
    } catch (e) {
      this.late = "speaker: " + message(e);
      this.stop();
    }
  }

  private outputsOn(): void {
    if (this.on) return;
    this.on = true;
    const p = this.pins;
    if (p.driver >= 0) Jolt.setDriverMode(p.driver, true);
    const pwm = analogWrite; // used twice, found once (a built-in is found after the whole global scope)
    pwm(p.pin, 0, { freq: PWM_HZ });
    pwm(p.npin, 0, { freq: PWM_HZ });
  }

  /** Both outputs low, then the driver asleep (2.7 mA saved; its outputs go open circuit). */
  private outputsOff(): void {
    if (!this.on) return;
    this.on = false;
    try {
      const p = this.pins;
      const write = digitalWrite; // each used twice, found once
      const mode = pinMode;
      write(p.pin, 0);
      write(p.npin, 0);
      mode(p.pin, "input");
      mode(p.npin, "input");
      if (p.driver >= 0) Jolt.setDriverMode(p.driver, false);
    } catch (e) {
      this.late = "speaker: " + message(e);
    }
  }

  /** The motor driver pulls nFAULT low on over-current or over-temperature (a shorted speaker). */
  private checkFault(): void {
    try {
      const f = this.pins.fault;
      if (f && !digitalRead(f)) this.late = "speaker fault: motor driver nFAULT (shorted speaker?)";
    } catch (e) {
      // no fault line to read
    }
  }
}
