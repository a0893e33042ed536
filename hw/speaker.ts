// The voice: clips are Storage files "<pack>/<clip>", e.g. "zh/3" (8-bit unsigned mono, 8 kHz, raw), played with
// Waveform on a hardware timer across two motor-driver outputs (npin: no DC through the speaker, no
// capacitor). The first clip starts at the call's exact instant (startOutput's `time`); each next one
// starts from the previous one's "finish" event, so a newer play() can cut the chain at any clip.
//
// Why chained and not all scheduled at once: Espruino's timer mixes every queued output task on the
// same pin (polyphony), including tasks not yet started, whose stale level would distort the clip
// playing. Why the PWM idles at 0 and not at 0.5: with npin, a sample of 128 drives both pins low;
// 0.5 on one pin before the first sample would put half the supply across the speaker.
//
// Volume: 0 mutes, anything else plays at full level (scaling would mean copying every clip to RAM).

import type { Pins } from "./pins";

const RATE = 8000;
const PWM_HZ = 80000;
/** A start less than this far ahead is made at once: the timer cannot be set in the past. */
const MIN_LEAD_S = 0.002;
const BEEP_HZ = 1000;
const BEEP_MS = 150;

function message(e: unknown): string {
  const m = e && typeof e === "object" ? (e as { message?: unknown }).message : undefined;
  return m !== undefined ? "" + m : "" + e;
}

export class Speaker {
  private pins: Pins["speaker"];
  private volume = 7;
  /** Bumped by every play() and stop(): a finish event of an older chain does nothing. */
  private gen = 0;
  private current: Waveform | null = null;
  private on = false;
  /** An error found while playing (asynchronously), returned by the next play(). */
  private late: string | null = null;
  private beepSamples: ArrayBuffer | null = null;

  constructor(pins: Pins["speaker"]) {
    this.pins = pins;
    try {
      if (pins.fault) pinMode(pins.fault, "input_pullup"); // nFAULT is open drain; digitalRead must keep the pull-up
    } catch (e) {
      // no fault line: faults go unseen
    }
  }

  setVolume(v: number): void {
    this.volume = v;
    if (v <= 0) this.stop();
  }

  /** Whether a clip is being played (the battery is not measured then: the load sags the supply). */
  busy(): boolean {
    return this.on;
  }

  /** Plays the clips back to back from absolute time t (ms of getTime), cutting what still plays. */
  play(clips: string[], t: number): string | null {
    const earlier = this.late;
    this.late = null;
    this.stop();
    if (this.volume <= 0 || clips.length === 0) return earlier;
    const missing: string[] = [];
    try {
      const storage = require("Storage");
      clips.forEach((c) => {
        const s = storage.read(c);
        if (s === undefined || s.length === 0) missing.push(c);
      });
      this.outputsOn();
      this.start(clips, 0, t / 1000, this.gen);
    } catch (e) {
      this.stop();
      return "speaker: " + message(e);
    }
    if (missing.length) return "clip missing, beeped: " + missing.join(", ");
    return earlier;
  }

  /** Stops the clip playing and turns the outputs off. Never throws. */
  stop(): void {
    this.gen++;
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
    this.outputsOff();
  }

  /** The samples of a clip (a view of the flash, no RAM), or the beep if it is not there. */
  private samples(name: string): ArrayBuffer {
    const s = require("Storage").read(name);
    return s !== undefined && s.length > 0 ? E.toArrayBuffer(s) : this.beep();
  }

  /** A short square wave, made once. */
  private beep(): ArrayBuffer {
    if (!this.beepSamples) {
      const n = (RATE * BEEP_MS) / 1000;
      const half = RATE / BEEP_HZ / 2;
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(i / half) % 2 ? 80 : 176;
      this.beepSamples = b.buffer;
    }
    return this.beepSamples;
  }

  /** Starts clip i at startS (getTime seconds; 0 or past = now) and chains the next on its finish. */
  private start(clips: string[], i: number, startS: number, gen: number): void {
    if (gen !== this.gen) return;
    if (i >= clips.length) {
      this.current = null;
      this.outputsOff();
      return;
    }
    const w = new Waveform(this.samples(clips[i]));
    const self = this;
    w.on("finish", function () {
      if (gen !== self.gen) return;
      self.checkFault();
      try {
        self.start(clips, i + 1, 0, gen);
      } catch (e) {
        self.late = "speaker: " + message(e);
        self.stop();
      }
    });
    this.current = w;
    const options: WaveformOutputOptions = { npin: this.pins.npin };
    if (startS > getTime() + MIN_LEAD_S) options.time = startS;
    w.startOutput(this.pins.pin, RATE, options);
  }

  private outputsOn(): void {
    if (this.on) return;
    this.on = true;
    if (this.pins.driver >= 0) Jolt.setDriverMode(this.pins.driver, true);
    analogWrite(this.pins.pin, 0, { freq: PWM_HZ });
    analogWrite(this.pins.npin, 0, { freq: PWM_HZ });
  }

  /** Both outputs low, then the driver asleep (2.7 mA saved; its outputs go open circuit). */
  private outputsOff(): void {
    if (!this.on) return;
    this.on = false;
    try {
      digitalWrite(this.pins.pin, 0);
      digitalWrite(this.pins.npin, 0);
      pinMode(this.pins.pin, "input");
      pinMode(this.pins.npin, "input");
      if (this.pins.driver >= 0) Jolt.setDriverMode(this.pins.driver, false);
    } catch (e) {
      this.late = "speaker: " + message(e);
    }
  }

  /** The motor driver pulls nFAULT low on over-current or over-temperature (a shorted speaker). */
  private checkFault(): void {
    try {
      if (this.pins.fault && !digitalRead(this.pins.fault)) this.late = "speaker fault: motor driver nFAULT (shorted speaker?)";
    } catch (e) {
      // no fault line to read
    }
  }
}
