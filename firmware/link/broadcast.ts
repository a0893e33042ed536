// The hall's broadcast, the app's side of it: when to pack the advertisement (advert.ts) and hand it
// to the board's radio. Only where the board has a radio and the tournament setting is on, and
// never while a Bluetooth prompt has the radio. Looked at after each face: packed afresh when the
// game or the settings changed, a new stretch of the countdown began, or (while no clock runs) now
// and then for the battery; each second of the same stretch changes the running side's seconds
// alone (tick). Never within a call's lead: the wake at the call's instant packs it then.

import { type App, LEAD_MS } from "../app";
import type { Game } from "../core/index";
import type { Settings } from "../record/settings";
import { packAdvert, fingerprintBytes, withSeconds } from "./advert";
import { WARN_PERCENT } from "../power";

/** Packed again this often while no clock runs (while one runs, each second; at once on a change). */
const IDLE_MS = 10000;
/** Not packed within this much of a call's lead: packing (npm run bench, "the hall's advertisement")
 *  must not delay the call's hand-over. */
const ROOM_MS = 100;

export class Broadcast {
  /** The advertisement as handed to the radio ("": none on the air). */
  data = "";
  /** The game and settings it was packed from, and when it is due again while nothing changes. */
  of: Game | null = null;
  set: Settings | null = null;
  due = 0;
  /** The face's stretch it was packed in, and the running side's seconds in it. */
  until = -1;
  private sec = -1;
  /** The fingerprint's bytes, made once. */
  private fp = "";

  /** After a face whose countdown stretch ends at `drawnUntil`: pack and hand over what changed. */
  look(app: App, now: number, drawnUntil: number): void {
    const s = app.settings;
    const board = app.board;
    if (!s.tournament || app.prompt === "Bluetooth" || !board.advertise) {
      if (this.data) this.silence(app);
      return;
    }
    const clock = app.clock;
    const g = clock.game;
    if (g === this.of && s === this.set && this.data) {
      if (g.phase !== "running" && now < this.due) return;
      if (g.phase === "running" && this.until === drawnUntil && now < this.until) return this.tick(app, this.until - now);
    }
    const callAt = clock.nextWakeAt();
    if (clock.wakeIsCall && callAt > now && callAt - LEAD_MS - now < ROOM_MS) return;
    this.of = g;
    this.set = s;
    this.due = now + IDLE_MS;
    // the stretch the face's countdown is in (after a press the face finds it only at its next
    // whole look: found here, that look's second is a tick)
    this.until = g.phase === "running" ? clock.stretchEndAt(now) : -1;
    if (!this.fp) this.fp = fingerprintBytes(board.firmware);
    const battery = app.battery; // as the face last read it
    const b = clock.reading("black", now);
    const w = clock.reading("white", now);
    this.sec = g.phase === "running" ? ((g.toMove === "white" ? w : b).shownMs + 999) / 1000 | 0 : -1;
    const data = packAdvert(s.board, g, app.armed, b, w, battery, battery >= 0 && battery < WARN_PERCENT, this.fp);
    if (data !== this.data) this.send(app, data);
  }

  /** The same stretch of the running side's countdown, `left` ms of it: a new second is that side's
   *  time changed on the air, nothing else. Its instant is a second of the face's countdown, on which
   *  the calls fall too: never within a call's lead. */
  tick(app: App, left: number): void {
    const sec = (left + 999) / 1000 | 0;
    if (sec === this.sec) return;
    this.sec = sec;
    this.send(app, withSeconds(this.data, app.clock.game.toMove === "white", sec));
  }

  /** A new battery reading: packed afresh at the next face. */
  stale(): void {
    this.until = -1;
    this.due = 0;
  }

  /** The radio slept with a prompt: the next face wakes it with the advertisement again. */
  slept(): void {
    this.data = "";
    this.of = null;
  }

  private send(app: App, data: string): void {
    this.data = data;
    const err = app.board.advertise!(data);
    if (err) app.fault("radio: " + err);
  }

  /** Nothing on the air (the tournament setting off); a Bluetooth prompt's radio is left alone. */
  private silence(app: App): void {
    if (app.prompt !== "Bluetooth") app.board.advertise!(null);
    this.data = "";
  }
}
