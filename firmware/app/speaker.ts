// The calls said: what the core makes, played as clips on the board's speaker, those of one instant
// back to back, and never twice (a call handed to the speaker ahead of its instant: the wake loop's
// ahead(), ../app.ts). Methods of App (app.ts), written onto its prototype as core/window.ts writes
// Clock's: each stays a method, with no global name (no RAM, no slower look-ups); the one
// Object.assign costs the boot about a millisecond.

import type { Output } from "../core/index";
import { callPhrases, clipsFor } from "../voice";
import { App } from "./app";

declare module "./app" {
  interface App {
    /** Whether the call of instant t saying `say` is on the speaker at its instant (handed ahead). */
    onSpeaker(t: number, say: string): boolean;
    /** Whether the call of instant t saying `say` was handed to the speaker. */
    handedHas(t: number, say: string): boolean;
    /** Plays the calls (those of one instant back to back) and shows refusals and notices. */
    handle(out: Output[]): void;
    /** The calls of one instant, back to back (a time left in two units is one phrase, voice.ts; a
     *  call the core shortened in its short form). */
    sayCalls(says: string[], short: boolean[], t: number): void;
    /** One call, its clips named in the array clipsFor makes (Storage names: "zh/3"). */
    sayOne(say: string, short: boolean, t: number): void;
    play(clips: string[], t: number): void;
  }
}

Object.assign(App.prototype, {
  onSpeaker(this: App, t: number, say: string): boolean {
    return t <= this.aheadUntil && this.handedHas(t, say);
  },

  handedHas(this: App, t: number, say: string): boolean {
    const h = this.handed;
    for (let i = 0; i < h.length; i++) if (h[i].e === t && h[i].say === say) return true;
    return false;
  },

  handle(this: App, out: Output[]): void {
    // the arrays only once a call is to be said: most wakes make none, or only calls handed already
    let says: string[] | null = null;
    let short: boolean[] = [];
    let at = -1;
    for (const o of out) {
      if (o.kind === "call") {
        // already on the speaker at its instant: also a count the core makes "late" because the wake
        // at its instant came late (the voice must not say it twice; the log has it as made, clockOf)
        const dueT = o.due === undefined ? o.t : o.due;
        if (this.onSpeaker(dueT, o.say)) continue;
        if (says === null || o.t !== at) {
          if (says !== null) this.sayCalls(says, short, at);
          says = [];
          short = [];
          at = o.t;
        }
        says.push(o.say);
        short.push(o.short === true);
      } else if (o.kind === "refused") {
        if (o.op !== "press") this.say(o.reason, o.t);
      }
    }
    if (says !== null) this.sayCalls(says, short, at);
  },

  sayCalls(this: App, says: string[], short: boolean[], t: number): void {
    // one call (a second's count): its clips alone, as callPhrases would give them
    if (says.length === 1) return this.sayOne(says[0], short[0], t);
    const lang = this.settings.lang;
    const clips: string[] = [];
    const parts = callPhrases(lang, says, short);
    for (let i = 0; i < parts.length; i++) for (let j = 0; j < parts[i].length; j++) clips.push(lang + "/" + parts[i][j]);
    if (clips.length) this.play(clips, t);
  },

  sayOne(this: App, say: string, short: boolean, t: number): void {
    const lang = this.settings.lang;
    const clips = clipsFor(lang, say, short);
    for (let j = 0; j < clips.length; j++) clips[j] = lang + "/" + clips[j];
    if (clips.length) this.play(clips, t);
  },

  play(this: App, clips: string[], t: number): void {
    let at = t;
    if (this.aheadUntil > t) {
      // a query answered while a call is handed to the speaker: the call keeps its instant and the
      // answer follows it, so both are heard
      at = this.aheadAt;
      clips = this.aheadClips.concat(clips);
    }
    this.aheadClips = clips;
    this.aheadAt = at;
    const err = this.board.play(clips, at);
    if (err) {
      this.fault("sound: " + err);
      // a missing clip was beeped instead: the voice pack is not on the board
      if (err.indexOf("clip missing") === 0) this.noVoice = this.settings.lang;
      else this.say("NO SOUND", t);
    }
  },
} satisfies Partial<App>);
