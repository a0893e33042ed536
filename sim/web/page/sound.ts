// The sound bar, always on screen: whether the page can be heard (browsers keep audio off until a
// gesture), mute, volume and the voice pack, and a test of the voice. Volume and language are the
// device's own settings: they are changed through the app, as its set-up menu changes them, so the
// face, the menu, the console and this bar always agree.

import type { App } from "../../../firmware/app";
import { PACKS, callPhrases } from "../../../firmware/voice";
import { langName } from "../../../firmware/menu/setup";
import type { Voice } from "./audio";

/** What the test plays: the entry into byoyomi, a whole phrase of the pack. */
const TEST_CALLS = ["byoyomi", "periods:3"];
const DEFAULT_VOLUME = 7;
const UNMUTE_KEY = "goclock-page.unmute";

/** "loading": audio is on but the chosen voice's clips are still on their way (a call made now
 *  would be silent): the page says so rather than "on". */
export type SoundState = "none" | "off" | "loading" | "muted" | "on";

export class SoundBar {
  private app: () => App;
  private voice: Voice;
  private audio: () => AudioContext | null;
  private noAudio: () => boolean;
  private status: HTMLElement;
  private mute: HTMLButtonElement;
  private volume: HTMLInputElement;
  private volumeText: HTMLElement;
  private lang: HTMLSelectElement;
  private test: HTMLButtonElement;
  /** What was last shown (update() touches the DOM only when it changed). */
  private shown = "";
  /** The volume to go back to on unmute (the page's own memory, not a device setting). */
  private unmuteTo = DEFAULT_VOLUME;
  private storage: Storage | null;

  constructor(root: HTMLElement, app: () => App, voice: Voice, audio: () => AudioContext | null, noAudio: () => boolean, storage: Storage | null) {
    this.app = app;
    this.voice = voice;
    this.audio = audio;
    this.noAudio = noAudio;
    this.storage = storage;
    const q = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
    this.status = q("#sound");
    this.mute = q("#mute");
    this.volume = q("#volume");
    this.volumeText = q("#volume-value");
    this.lang = q("#lang");
    this.test = q("#test-voice");
    const saved = storage ? parseInt(storage.getItem(UNMUTE_KEY) || "", 10) : NaN;
    if (saved >= 1 && saved <= 10) this.unmuteTo = saved;
    for (const p of PACKS) {
      const o = document.createElement("option");
      o.value = p.id;
      o.textContent = langName(p.id);
      this.lang.appendChild(o);
    }
    const self = this;
    this.volume.addEventListener("input", () => self.setVolume(parseInt(self.volume.value, 10)));
    this.mute.addEventListener("click", () => {
      const v = self.app().settings.volume;
      if (v > 0) self.remember(v);
      self.setVolume(v > 0 ? 0 : self.unmuteTo);
    });
    this.lang.addEventListener("change", () => self.setLang(self.lang.value));
    this.test.addEventListener("click", () => self.testVoice());
  }

  state(): SoundState {
    const ctx = this.audio();
    if (this.noAudio()) return "none";
    if (!ctx || ctx.state !== "running") return "off";
    if (!this.voice.manifests[this.app().settings.lang]) return "loading";
    return this.app().settings.volume === 0 ? "muted" : "on";
  }

  /** Shows the sound's state and the device's settings as they are now (after every frame). */
  update(): void {
    const s = this.app().settings;
    const state = this.state();
    const running = this.app().clock.game.phase === "running";
    const key = state + " " + s.volume + " " + s.lang + " " + running + " " + Object.keys(this.voice.manifests).length;
    if (key === this.shown) return;
    this.shown = key;
    this.status.dataset.state = state;
    this.status.textContent =
      state === "none" ? "No sound: this browser has no Web Audio. The clock works, silent." :
      state === "off" ? "Sound off: click anywhere or press a key to turn it on." :
      state === "loading" ? "Sound on, the voice is still loading: calls are silent until it is here" :
      state === "muted" ? "Sound on, muted (volume 0)" : "Sound on";
    this.mute.textContent = s.volume === 0 ? "Unmute" : "Mute";
    this.mute.setAttribute("aria-pressed", String(s.volume === 0));
    this.volume.value = String(s.volume);
    this.volumeText.textContent = String(s.volume);
    this.lang.value = s.lang;
    for (const o of Array.from(this.lang.options)) {
      const m = this.voice.manifests[o.value];
      o.textContent = langName(o.value) + (m && m.name !== langName(o.value) ? " " + m.name : "");
    }
    this.test.disabled = running || state === "none";
    this.test.title = running ? "the clock is running: its calls have the speaker" : "";
  }

  private remember(v: number): void {
    this.unmuteTo = v;
    if (this.storage) this.storage.setItem(UNMUTE_KEY, String(v));
  }

  /** The device's volume (0 mute … 10), through the app. */
  setVolume(v: number): void {
    const app = this.app();
    if (!(v >= 0 && v <= 10) || v === app.settings.volume) return this.update();
    const s = Object.assign({}, app.settings);
    s.volume = v;
    if (v > 0) this.remember(v);
    app.changeSettings(s);
    app.refresh();
    this.update(); // the face may not change (a frame updates the bar too)
  }

  /** The voice pack, through the app. Before a game, as the set-up menu's Language item: the pack
   *  with its own counting tradition. During one, the voice alone: how the game is counted stays. */
  setLang(id: string): void {
    const app = this.app();
    const p = PACKS.filter((x) => x.id === id)[0];
    if (!p || id === app.settings.lang) return this.update();
    const s = Object.assign({}, app.settings);
    s.lang = p.id;
    if (app.clock.game.phase === "setup") s.tradition = p.tradition;
    app.changeSettings(s);
    app.refresh();
    this.update();
  }

  /** Plays a whole phrase of the pack now, at the device's volume (not while the clock runs). */
  testVoice(): void {
    const ctx = this.audio();
    const app = this.app();
    if (!ctx || app.clock.game.phase === "running") return;
    const lang = app.settings.lang;
    const clips: string[] = [];
    for (const part of callPhrases(lang, TEST_CALLS)) for (const c of part) clips.push(lang + "/" + c);
    this.voice.play(clips, -1, ctx.currentTime + 0.05);
  }
}
