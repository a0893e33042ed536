// Rehearsal: a script in the simulator's format (README, sim/script.ts) played on a second copy of
// the device firmware, on virtual time and a store of its own (the live clock's records are not
// touched), at 1× (heard), 10×, instantly, or an event at a time. The script's presses are the
// device's own button edges; arbiter operations go to the app as the console's do.

import { startApp, type App } from "../../../firmware/app";
import { LEFT, RIGHT } from "../../../firmware/board";
import { MemoryStore, VirtualTime } from "../../board";
import { parseScript, type Script } from "../../script";
import type { Op } from "../../../firmware/core/index";
import { WebBoard } from "./board";
import { contextTimeAt, type Voice } from "./audio";

export class Rehearsal {
  app: App | null = null;
  board: WebBoard | null = null;
  private time: VirtualTime | null = null;
  private script: Script | null = null;
  private next = 0;
  private speed = 0;
  /** At 1× and 10×: board ms v0 was performance.now() p0. */
  private v0 = 0;
  private p0 = 0;
  private timer = 0;
  private voice: Voice;
  private audio: () => AudioContext | null;
  private root: HTMLElement;
  private status: HTMLElement;
  private onSwitch: (b: WebBoard | null, a: App | null) => void;
  /** The live clock's app: a rehearsal takes its settings (voice, sides, volume) and waits for it to stop. */
  live: App | null = null;

  constructor(voice: Voice, audio: () => AudioContext | null, root: HTMLElement, onSwitch: (b: WebBoard | null, a: App | null) => void) {
    this.voice = voice;
    this.audio = audio;
    this.root = root;
    this.onSwitch = onSwitch;
    this.status = root.querySelector(".status") as HTMLElement;
    const self = this;
    const text = root.querySelector("textarea") as HTMLTextAreaElement;
    const file = root.querySelector("input[type=file]") as HTMLInputElement;
    file.addEventListener("change", () => {
      const f = file.files && file.files[0];
      if (f) f.text().then((t) => { text.value = t; self.load(t); });
    });
    const on = (name: string, fn: () => void) => (root.querySelector("[data-do=" + name + "]") as HTMLElement).addEventListener("click", fn);
    on("load", () => self.load(text.value));
    on("run1", () => self.run(1));
    on("run10", () => self.run(10));
    on("instant", () => self.run(Infinity));
    on("step", () => self.step());
    on("stop", () => self.stop());
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  /** Parses the script and sets up a fresh rehearsal clock at its time 0; false if refused. */
  load(text: string): boolean {
    const parsed = parseScript(text);
    if (Array.isArray(parsed)) {
      this.say(parsed.map((e) => "line " + e.line + ": " + e.error).join("\n"));
      return false;
    }
    const phase = this.live ? this.live.clock.game.phase : "setup";
    if (phase === "running") {
      this.say("the clock is running: pause the game before a rehearsal");
      return false;
    }
    this.halt();
    const self = this;
    const time = new VirtualTime();
    const board = new WebBoard(time, new MemoryStore(), this.voice, (t) => self.contextTime(t));
    board.shown = false;
    const app = startApp(board);
    if (this.live) app.changeSettings(Object.assign({}, this.live.settings));
    for (const op of parsed.setup) {
      const out = app.clock.apply(op, 0);
      for (const o of out) if (o.kind === "refused") {
        this.say("set-up refused: " + o.reason);
        return false;
      }
    }
    app.clock.log = [];
    app.armed = true;
    this.time = time;
    this.board = board;
    this.app = app;
    this.script = parsed;
    this.next = 0;
    this.root.classList.add("active");
    this.onSwitch(board, app);
    app.refresh();
    this.progress();
    return true;
  }

  /** Where a call of the rehearsal sounds: only at 1×, on the real timeline the rehearsal keeps. */
  private contextTime(t: number): number | null {
    const ctx = this.audio();
    if (!ctx || this.speed !== 1) return null;
    return contextTimeAt(ctx, this.p0 + (t - this.v0));
  }

  /** Runs the virtual clock to board ms `to`, applying the script's events due on the way. */
  private advance(to: number): void {
    const s = this.script!;
    const time = this.time!;
    while (this.next < s.events.length && s.events[this.next].tMs <= to) {
      const ev = s.events[this.next++];
      time.runUntil(ev.tMs);
      this.apply(ev.op, ev.tMs);
    }
    time.runUntil(Math.min(to, s.endMs));
    this.progress();
  }

  private apply(op: Op, t: number): void {
    const app = this.app!;
    if (op.op === "press") {
      const b = app.sideOf(LEFT) === op.side ? LEFT : RIGHT;
      this.board!.edge(b, true, t);
      this.board!.edge(b, false, t);
      return;
    }
    app.apply(op, t);
    app.refresh();
  }

  run(speed: number): void {
    if (!this.script && !this.load((this.root.querySelector("textarea") as HTMLTextAreaElement).value)) return;
    this.pauseTimer();
    const s = this.script!;
    if (speed === Infinity) return this.advance(s.endMs);
    this.speed = speed;
    this.v0 = this.time!.now();
    this.p0 = performance.now();
    const self = this;
    const tick = () => {
      const to = self.v0 + Math.floor((performance.now() - self.p0) * speed);
      self.advance(to);
      if (to >= s.endMs) self.pauseTimer();
    };
    this.timer = window.setInterval(tick, 16);
    tick();
  }

  step(): void {
    if (!this.script && !this.load((this.root.querySelector("textarea") as HTMLTextAreaElement).value)) return;
    this.pauseTimer();
    const s = this.script!;
    this.advance(this.next < s.events.length ? s.events[this.next].tMs : s.endMs);
  }

  private pauseTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    this.speed = 0;
  }

  private progress(): void {
    const s = this.script;
    if (!s || !this.time) return;
    const t = this.time.now();
    const nextEv = this.next < s.events.length ? "next: line " + s.events[this.next].line + " at " + (s.events[this.next].tMs / 1000).toFixed(3) + " s" : "no events left";
    this.say("rehearsal at " + (t / 1000).toFixed(3) + " s of " + (s.endMs / 1000).toFixed(3) + " s; " + nextEv + (t >= s.endMs ? "; done" : ""));
  }

  private halt(): void {
    this.pauseTimer();
    if (this.board) this.board.wakeAt(1e15, () => {});
  }

  /** Back to the clock: the live board takes the display and the buttons again. */
  stop(): void {
    this.halt();
    this.app = null;
    this.board = null;
    this.script = null;
    this.time = null;
    this.root.classList.remove("active");
    this.say("");
    this.onSwitch(null, null);
  }
}
