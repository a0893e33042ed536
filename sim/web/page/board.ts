// The Board contract in the browser: the desktop board (sim/board.ts) with its frames put on the
// page's canvas and its clips played through Web Audio. Its state (time, store, what it drew and
// played) is the board's; the page around it only draws, listens and plays.

import { SimBoard } from "../../board";
import type { Store } from "../../../firmware/board";
import type { TimeSource } from "../../realtime";
import type { Voice } from "./audio";

export class WebBoard extends SimBoard {
  voice: Voice;
  /** Where the board's ms t falls on the AudioContext's timeline; null: silent (a rehearsal at 10×). */
  contextTime: (t: number) => number | null;
  /** Shown on the canvas only while this board is the one on the page. */
  shown = true;
  onShow: (frame: Uint8Array) => void = () => {};

  constructor(time: TimeSource, store: Store, voice: Voice, contextTime: (t: number) => number | null) {
    super(time, store);
    this.voice = voice;
    this.contextTime = contextTime;
    this.batteryPercent = -1; // unknown: a page has no battery of its own to report
    const self = this;
    this.onFrame = (f) => {
      if (self.shown) self.onShow(f);
    };
  }

  play(clips: string[], t: number): string | null {
    const err = super.play(clips, t);
    const when = this.contextTime(t);
    if (when !== null) this.voice.play(clips, t, when);
    return err;
  }

  /** The player buttons' lamps: the page's buttons light (style.css, .lamp-on and .lamp-blink). */
  lamps(left: number, right: number): void {
    super.lamps(left, right);
    if (!this.shown || typeof document === "undefined") return;
    [left, right].forEach((l, i) => {
      const b = document.getElementById(i ? "right" : "left");
      if (!b) return;
      b.classList.toggle("lamp-on", l === 1);
      b.classList.toggle("lamp-blink", l === 2);
    });
  }

  setVolume(v: number): void {
    super.setVolume(v);
    this.voice.setVolume(v);
  }
}
