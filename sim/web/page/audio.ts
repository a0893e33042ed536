// The voice through Web Audio, played by the device's rules (firmware/board.ts play): the clips of a
// call back to back from its instant, cutting whatever still sounds then. Each clip is started with
// AudioBufferSourceNode.start(when) on the AudioContext's own timeline, `when` mapped from the
// board's milliseconds (performance.now()), so a busy page or a late timer never starts a call late:
// the app hands calls over ahead of their instant (firmware/app.ts LEAD_MS), as to the device's speaker.
// Browsers keep audio off until a first click or key; until then nothing is scheduled.

import { volumeGain as levelGain, STORED_VOLUME } from "../../../firmware/levels";

const RATE = 8000; // voices/*: 8-bit unsigned mono at 8 kHz
const BEEP_HZ = 1000; // a missing clip is beeped, as on the device
const BEEP_MS = 150;
/** The beep's amplitude at the clips' stored level: as loud as a clip's syllables, as on the device. */
const BEEP_LEVEL = 0.5 * levelGain(STORED_VOLUME);

export interface PackManifest {
  pack: string;
  /** The language's own name ("中文"). */
  name?: string;
  sampleRate: number;
  clips: Record<string, { text: string; ms: number }>;
}

export interface Scheduled {
  /** The board ms the clip was due, its name ("zh/3"), the AudioContext times it starts and ends
   *  at (`end` moved up when it is cut). */
  t: number;
  clip: string;
  when: number;
  end: number;
  node: AudioBufferSourceNode;
  cut: boolean;
}

/** The gain that turns a pack's samples (stored at the default volume's level) into volume v's, as
 *  the device's tables do (firmware/levels.ts). */
export function volumeGain(v: number): number {
  return levelGain(v) / levelGain(STORED_VOLUME);
}

export class Voice {
  ctx: BaseAudioContext | null = null;
  manifests: Record<string, PackManifest> = {};
  private samples: Record<string, Float32Array<ArrayBuffer>> = {};
  private buffers: Record<string, AudioBuffer> = {};
  private gain: GainNode | null = null;
  private volume = 7;
  /** Every clip started, for the arbiter's panel and the tests; the sounding ones are in `live`. */
  scheduled: Scheduled[] = [];
  private live: Scheduled[] = [];

  /** Loads a committed pack from the page's server (nothing comes from elsewhere). */
  async load(id: string): Promise<void> {
    const m = (await (await fetch("voices/" + id + "/manifest.json")).json()) as PackManifest;
    if (m.sampleRate !== RATE) throw new Error("voice pack " + id + " is not at " + RATE + " Hz");
    const names = Object.keys(m.clips);
    const raws = await Promise.all(names.map((n) => fetch("voices/" + id + "/" + n + ".raw").then((r) => r.arrayBuffer())));
    names.forEach((n, i) => {
      const u8 = new Uint8Array(raws[i]);
      const f = new Float32Array(u8.length);
      for (let k = 0; k < u8.length; k++) f[k] = (u8[k] - 128) / 128;
      this.samples[id + "/" + n] = f;
    });
    this.manifests[id] = m;
  }

  /** Another voice on the same loaded packs (for another context: an offline rendering). */
  share(): Voice {
    const v = new Voice();
    v.manifests = this.manifests;
    v.samples = this.samples;
    v.volume = this.volume;
    return v;
  }

  /** The words a clip says ("san1"), from its pack's manifest; "" when unknown. */
  words(clip: string): string {
    const slash = clip.indexOf("/");
    const m = this.manifests[clip.slice(0, slash)];
    const c = m && m.clips[clip.slice(slash + 1)];
    return c ? c.text : "";
  }

  /** Audio on, from the first gesture (or an OfflineAudioContext, for a rendering). */
  attach(ctx: BaseAudioContext): void {
    this.ctx = ctx;
    this.gain = ctx.createGain();
    this.gain.gain.value = volumeGain(this.volume);
    this.gain.connect(ctx.destination);
  }

  /** The gain the voice plays at now (volume 0 … 10 as on the device). */
  level(): number {
    return this.gain ? this.gain.gain.value : volumeGain(this.volume);
  }

  setVolume(v: number): void {
    this.volume = v;
    if (this.gain) this.gain.gain.value = volumeGain(v);
  }

  private buffer(clip: string): AudioBuffer {
    const key = clip in this.samples ? clip : "beep";
    if (!this.buffers[key]) {
      let data = this.samples[key];
      if (!data) {
        data = new Float32Array((RATE * BEEP_MS) / 1000);
        for (let i = 0; i < data.length; i++) data[i] = BEEP_LEVEL * Math.sin((2 * Math.PI * BEEP_HZ * i) / RATE);
      }
      const b = new AudioBuffer({ length: data.length, sampleRate: RATE, numberOfChannels: 1 });
      b.copyToChannel(data, 0);
      this.buffers[key] = b;
    }
    return this.buffers[key];
  }

  /** Is the clip's pack loaded (a clip of a loaded pack that is missing from it is beeped)? */
  known(clip: string): boolean {
    return clip.slice(0, clip.indexOf("/")) in this.manifests;
  }

  /** Clips back to back from board instant t, which is context time `when`; cuts what sounds then. */
  play(clips: string[], t: number, when: number): void {
    const ctx = this.ctx;
    if (!ctx || !this.gain) return;
    when = Math.max(0, when); // start() refuses a negative time (a call just after the context began)
    for (const s of this.live) {
      if (s.end <= when) continue;
      // not yet started: it never starts; else it is cut at `when` (an earlier cut replaces a later one)
      s.node.stop(s.when >= when ? 0 : when);
      s.end = Math.max(s.when, when);
      s.cut = true;
    }
    this.live = this.live.filter((s) => s.end > ctx.currentTime);
    let at = when;
    for (const c of clips) {
      if (!this.known(c)) continue; // its pack is still loading
      const b = this.buffer(c);
      const node = ctx.createBufferSource();
      node.buffer = b;
      node.connect(this.gain);
      node.start(at);
      const s: Scheduled = { t: t, clip: c, when: at, end: at + b.duration, node: node, cut: false };
      this.scheduled.push(s);
      this.live.push(s);
      at += b.duration;
    }
    if (this.scheduled.length > 5000) this.scheduled.splice(0, 1000);
  }
}

/** The AudioContext time at which performance.now() will read `perfMs`: from the context's own
 *  output timestamp when the browser gives one, else from currentTime read now. */
export function contextTimeAt(ctx: AudioContext, perfMs: number): number {
  const ts = ctx.getOutputTimestamp ? ctx.getOutputTimestamp() : null;
  if (ts && ts.performanceTime && ts.contextTime) return ts.contextTime + (perfMs - ts.performanceTime) / 1000;
  return ctx.currentTime + (perfMs - performance.now()) / 1000;
}
