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

/** A rehearsal under way: its own clock, board and app, and the next event of its script. */
interface Run {
  time: VirtualTime;
  board: WebBoard;
  app: App;
  script: Script;
  next: number;
}

/** Runs a rehearsal's virtual clock to board ms `to`, applying the script's events due on the way. */
function advance(r: Run, to: number): void {
  const s = r.script;
  while (r.next < s.events.length && s.events[r.next].tMs <= to) {
    const ev = s.events[r.next++];
    r.time.runUntil(ev.tMs);
    apply(r, ev.op, ev.tMs);
  }
  r.time.runUntil(Math.min(to, s.endMs));
}

/** A press is the device's own button edge; an arbiter's operation goes to the app as the console's. */
function apply(r: Run, op: Op, t: number): void {
  if (op.op === "press") {
    const b = r.app.sideOf(LEFT) === op.side ? LEFT : RIGHT;
    r.board.edge(b, true, t);
    r.board.edge(b, false, t);
    return;
  }
  r.app.apply(op, t);
  r.app.refresh();
}

export class Rehearsal {
  app: App | null = null;
  board: WebBoard | null = null;
  private run_: Run | null = null;
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
    this.text = () => text.value;
    on("run1", () => self.run(1));
    on("run10", () => self.run(10));
    on("instant", () => self.run(Infinity));
    on("step", () => self.step());
    on("stop", () => self.stop());
  }

  private text: () => string;

  private say(text: string): void {
    this.status.textContent = text;
  }

  /** A fresh copy of the clock at time 0 with the script's set-up applied, or why not. */
  private setup(text: string, voice: Voice, contextTime: (t: number) => number | null): Run | string {
    const parsed = parseScript(text);
    if (Array.isArray(parsed)) return parsed.map((e) => "line " + e.line + ": " + e.error).join("\n");
    const time = new VirtualTime();
    const board = new WebBoard(time, new MemoryStore(), voice, contextTime);
    board.shown = false;
    const app = startApp(board);
    if (this.live) app.changeSettings(Object.assign({}, this.live.settings));
    for (const op of parsed.setup) {
      for (const o of app.clock.apply(op, 0)) if (o.kind === "refused") return "set-up refused: " + o.reason;
    }
    app.armed = true;
    return { time: time, board: board, app: app, script: parsed, next: 0 };
  }

  /** Parses the script and shows a fresh rehearsal clock at its time 0; false if refused. */
  load(text: string): boolean {
    const phase = this.live ? this.live.clock.game.phase : "setup";
    if (phase === "running") {
      this.say("the clock is running: pause the game before a rehearsal");
      return false;
    }
    const self = this;
    const run = this.setup(text, this.voice, (t) => self.contextTime(t));
    if (typeof run === "string") {
      this.say(run);
      return false;
    }
    this.halt();
    this.run_ = run;
    this.app = run.app;
    this.board = run.board;
    this.root.classList.add("active");
    this.onSwitch(run.board, run.app);
    run.app.refresh();
    this.progress();
    return true;
  }

  /** The script's calls rendered by the same voice code into an OfflineAudioContext (mono, `rate`
   *  Hz, from time 0 to its end and 3 s more for the last calls): what a rehearsal at 1× plays. */
  async render(text: string, rate: number): Promise<Float32Array> {
    const probe = parseScript(text);
    if (Array.isArray(probe)) throw new Error(probe.map((e) => "line " + e.line + ": " + e.error).join("; "));
    const ctx = new OfflineAudioContext(1, Math.ceil(((probe.endMs + 3000) / 1000) * rate), rate);
    const voice = this.voice.share();
    voice.attach(ctx);
    const run = this.setup(text, voice, (t) => t / 1000);
    if (typeof run === "string") throw new Error(run);
    advance(run, run.script.endMs);
    return (await ctx.startRendering()).getChannelData(0);
  }

  /** Where a call of the rehearsal sounds: only at 1×, on the real timeline the rehearsal keeps. */
  private contextTime(t: number): number | null {
    const ctx = this.audio();
    if (!ctx || this.speed !== 1) return null;
    return contextTimeAt(ctx, this.p0 + (t - this.v0));
  }

  private advance(to: number): void {
    advance(this.run_!, to);
    this.progress();
  }

  run(speed: number): void {
    if (!this.run_ && !this.load(this.text())) return;
    this.pauseTimer();
    const s = this.run_!.script;
    if (speed === Infinity) return this.advance(s.endMs);
    this.speed = speed;
    this.v0 = this.run_!.time.now();
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
    if (!this.run_ && !this.load(this.text())) return;
    this.pauseTimer();
    const r = this.run_!;
    this.advance(r.next < r.script.events.length ? r.script.events[r.next].tMs : r.script.endMs);
  }

  private pauseTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    this.speed = 0;
  }

  private progress(): void {
    const r = this.run_;
    if (!r) return;
    const s = r.script;
    const t = r.time.now();
    const nextEv = r.next < s.events.length ? "next: line " + s.events[r.next].line + " at " + (s.events[r.next].tMs / 1000).toFixed(3) + " s" : "no events left";
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
    this.run_ = null;
    this.root.classList.remove("active");
    this.say("");
    this.onSwitch(null, null);
  }
}
