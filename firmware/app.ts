// The clock as a product, on any Board: buttons in, frames and clips out, a record after every
// accepted operation. The core decides what happens and when; the app only sleeps until then.
//
// Buttons during a game: a player's button ends that player's move. MENU short = the side to move
// asks for its time (16.2); MENU held 2 s = pause (to call the arbiter); held again while paused =
// the arbiter menu, behind the PIN. With no game running, MENU opens the set-up menu; a game starts
// only after the set-up was confirmed ("Ready") and then White's press (Black's with a handicap).

import { type Board, LEFT, RIGHT, MENU } from "./board";
import {
  Clock, newGame, parseControl, isParseError, defaultCallOptions, isLate, isAway, isArbiterOp,
  type Game, type Op, type Output, type Side, type TimeControl, type CallOptions, type Call, type Speech,
} from "./core/index";
import { Recorder } from "./record/recorder";
import { loadBoot } from "./record/boot";
import { type Settings, encodeSettings, settingChanges, isDefaultPin, isOldPinHash, withPin } from "./record/settings";
import { Access } from "./access";
import type { Menu, MenuDrawn, Menus } from "./menu";
import { menuButton, menuInput, menuLong } from "./menukeys";
import { callPhrases, clipsFor, withTradition, speechOf } from "./voice";
import { type Drawn, drawFace, drawCountdown, countdownCell, drawStretch, drawTurn, drawTurnBars, faceView, resultText } from "./face";
import { Broadcast } from "./link/broadcast";
import { Power, WARN_PERCENT, EMPTY_PERCENT } from "./power";

export const LONG_MS = 2000; // a deliberate hold: no player hits it by accident while pressing a move
export const MENU_LONG_MS = 1500; // "back" inside a menu
const REPEAT_AFTER_MS = 600; // LEFT/RIGHT held in a menu: big steps from then on,
const REPEAT_MS = 250; // one each this often
const MESSAGE_MS = 4000;
const IDLE_MS = 10000; // wake now and then when nothing happens: watchdog, battery, display retry
/** Wake this early before a call and give the speaker its exact start time. Sized by the board's
 *  interpreter work (counted, ESPRUINO.md's calibration): preparing a call (ahead(): peek, clip
 *  names, Storage look-ups, the first clip scaled at volume 1-9, Waveform set up) about 150 ms,
 *  plus a timer that fires late by the record flushed or a wake that ran just before (about 50 ms).
 *  An idle board's longest task before it is the previous second's redraw, which ends well before. */
export const LEAD_MS = 250;
/** Room a record's write needs (formatting and flash, counted: about 40 ms) before a call's lead. */
const FLUSH_MS = 100;
/** A new game's calls' lengths are worked out this long after its set-up is shown (a wake of their
 *  own: about 0.3 s of the board's CPU for five periods, more than a step of the menu may take). */
const PRIME_AFTER_MS = 100;
const GRACE_MS = 20; // a call made later than this after its instant counts as dropped (or late)
const SETTINGS = "clock.set";
/** A query, a link's hello or a setting from a link is recorded at most this often per kind: a
 *  flood from a cable must not fill the records' flash (it is answered all the same). */
const AUDIT_EVERY_MS = 10000;
/** A line closed this long has gone: the unlock made over it and a prompt on it end. */
const LINE_GONE_MS = 10000;

function control(text: string): TimeControl {
  const c = parseControl(text);
  return isParseError(c) ? { kind: "byoyomi", mainMs: 7200000, periods: 5, periodMs: 60000, reserved: false, zeroWritten: false } : c;
}

export class App {
  board: Board;
  clock: Clock;
  settings: Settings;
  menu: Menu | null = null;
  /** Set-up confirmed: the next press by the side not to move starts the game. */
  armed = false;
  /** Who may do the arbiter's operations: the PIN, its lock-outs, the unlock. */
  access: Access;
  /** The game's record on the board's store. */
  rec: Recorder;
  /** A JavaScript prompt was opened on a link (with the PIN) since boot: the program in RAM may
   *  differ from the one flashed, whatever the fingerprint says. */
  promptOpened = false;
  /** A prompt is open now, on this line ("USB", "Bluetooth"), until the next game starts or the
   *  line closes; "" when none. */
  prompt = "";
  message = "";
  messageUntil = 0;
  /** Peripheral faults, for the console. */
  faults: string[] = [];
  /** What the face keeps showing while it lasts (alertText): the voice pack missing from the board
   *  (a record not saved is the recorder's; the result of a game that is over is the game's own). */
  noVoice = "";
  /** When each kind of rate-limited record was last made (AUDIT_EVERY_MS). */
  private auditAt: { [kind: string]: number } = {};
  /** What the face shows, region by region (null: the display shows something else), and the
   *  game, message and battery state it was last drawn whole for. */
  private drawn: Drawn | null = null;
  private drawnGame: Game | null = null;
  private drawnMessage = "";
  private drawnLow = false;
  /** What the menu shows, row by row (null: the display shows something else). */
  private menuDrawn: MenuDrawn | null = null;
  /** The menus' functions while a menu is open (on the board their code is loaded then: menu.ts). */
  menus: Menus | null = null;
  /** The game a player's press just passed the turn from, that press alone (refresh draws it
   *  partially when the face shows that game), or null. */
  private passed: { game: Game; side: Side } | null = null;
  /** A player's press is being drawn: its wake is scheduled in a wake of its own (draw). */
  private pressed = false;
  /** Until this instant only the running side's countdown changes on that face (NEVER: nothing
   *  does), in this cell (countdownCell). */
  private drawnUntil = 0;
  private drawnCell = -1;
  menuDownAt = -1;
  /** LEFT or RIGHT held down in a menu (-1: none), and when its next big step is due. */
  heldKey = -1;
  repeatAt = 0;
  longDone = false;
  /** The calls due up to this instant are already on the speaker, timed to start exactly: these
   *  clips from aheadAt (a query answered meanwhile is played after them, not over them). */
  private aheadUntil = -1;
  private aheadAt = -1;
  private aheadClips: string[] = [];
  /** The calls handed (the plan's, as peekCalls gave them): advance() makes them again, and must
   *  not replay them. */
  private handed: Call[] = [];
  /** When the line of a link's unlock or a prompt was first seen closed (-1: open). */
  private lineClosedAt = -1;
  /** A new game's set-up: the store tidies itself at the first idle wake (the device may compact
   *  its flash then, and reboot), unless the game has started by then. */
  private tidy = false;
  /** The voice's lengths, for the pack they were made for (callOptions). */
  private speech: Speech | null = null;
  private speechLang = "";
  /** A game being set up whose calls' lengths the voice has not been asked for yet (Clock.prime):
   *  at a wake PRIME_AFTER_MS after the set-up is shown, not in a byoyomi period's first second. */
  private unprimed = false;
  /** The wake loop's callback, made once (schedule() hands it over every second). */
  private wakeFn: () => void;
  /** The lead's callback, made once, and the instant of the calls it hands over. */
  private aheadFn: () => void;
  private aheadFor = -1;
  /** The hall's broadcast (firmware/link/broadcast.ts): nothing on the air at home. */
  hall = new Broadcast();
  /** The board's shorter checkpoint interval: a wake sooner after the last record asks no more. */
  private checkpointMinMs: number;
  /** The lamps and the display's level (power.ts). */
  private power: Power;
  /** The battery as last read, and whether this game's warning is logged. */
  battery = -1;
  private warned = false;
  /** The cell is nearly empty: the game was paused and saved, and nothing more is written until
   *  the supply is back (a record torn by the brown-out would be a corrupt one). */
  empty = false;

  constructor(board: Board) {
    this.board = board;
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    this.wakeFn = () => self.wake();
    this.aheadFn = () => self.ahead(self.aheadFor);
    this.power = new Power(board);
    const ck = board.checkpoint;
    this.checkpointMinMs = ck.mainMs < ck.overtimeMs ? ck.mainMs : ck.overtimeMs;
    // the power-on code (on the board a Storage file, let go once the app has started)
    let boot = loadBoot();
    if (typeof boot === "string") throw new Error(boot);
    const loaded = boot.decodeSettings(board.store.get(SETTINGS));
    this.settings = loaded.settings;
    if (loaded.error) this.fault("settings: " + loaded.error);
    if (loaded.rewrite && !board.store.set(SETTINGS, encodeSettings(this.settings))) this.fault("settings not saved");
    this.rec = new Recorder(board.store, () => self.settings.whiteOnRight, board.firmware);
    this.access = new Access(board.store, board.now(), (t, what, info) => self.queue(self.clock.game, t, what, null, info));
    this.clock = this.freshClock();
    const now = board.now();
    const back = boot.restoreInto(this.rec, now); // the game as the store left it (null: none)
    boot = ""; // let go: this constructor's scope lives on in its closures (wakeFn), and would keep the file's code
    if (back) {
      this.clock = this.clockOf(back.game);
      this.armed = true;
      if (back.running) {
        // the power went while a clock ran: its last known instant, then the game paused there; the
        // time after it until the cut is not known (at most a checkpoint's interval)
        const cut = Object.assign({}, back.game);
        cut.phase = "running";
        this.queue(cut, now, "cut", null, "");
      }
      const every = back.game.phase === "running" || back.running ? this.checkpointEvery(back.game, now) : 0;
      const phase = this.clock.game.phase; // paused, or still flagged or ended
      this.queue(this.clock.game, now, "restore", null, (back.running ? every : 0) + " " + phase); // no calls were made across it
      this.say("restored: " + phase, now);
      if (back.skipped > 0) this.fault(back.skipped + " damaged records skipped");
      // a side still absent past the lateness limit lost during the power cut: the core ends the game
      // at its first wake (core/plan.ts forfeitDue)
    }
    // every boot is in the record, with the program it ran (a changed program shows here)
    this.queue(this.clock.game, now, "boot", null, board.firmware);
    if (!back) this.say("firmware " + board.firmware, now);
  }

  /** The event's calls, and the voice's lengths, which decide where each is said (core/place.ts):
   *  kept while the pack stays, so that a new game or a setting changed keeps the lengths it knows. */
  private callOptions(): CallOptions {
    const o = withTradition(defaultCallOptions(), this.settings.tradition);
    const lang = this.settings.lang;
    if (this.speechLang !== lang) {
      this.speech = speechOf(lang);
      this.speechLang = lang;
    }
    o.speech = this.speech;
    return o;
  }

  /** A clock that keeps no log in RAM: every entry of a game becomes a record (or, for a call made
   *  on time, is made again from the records when the log is read: flashlog.ts). */
  private clockOf(g: Game): Clock {
    const k = new Clock(g, this.callOptions(), GRACE_MS, 0);
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    k.logsCalls = false; // a call made on time is made again from the records when the log is read
    k.onLog = (t, what, side, info) => {
      if (what === "call" || what === "refused") return;
      // a call the speaker already had at its instant was heard on time, though the wake at that
      // instant came late: not dropped nor late (the log makes it again as a call made on time)
      if (what === "dropped" && self.onSpeaker(t, info)) return;
      if (what === "late") {
        const w = info.split(" due "); // "count:3 due 68000"
        if (self.onSpeaker(parseInt(w[1], 10), w[0])) return;
      }
      // a flood of questions is answered, but recorded at most once a side each AUDIT_EVERY_MS
      if (what === "query" && !self.due("query " + (side || k.game.toMove), t)) return;
      self.queue(k.game, t, what, side, info);
    };
    return k;
  }

  /** The game the settings set up; the set-up record (G) says all of it, so its steps make none.
   *  The voice's lengths of its calls are worked out at a wake of its own, once the set-up is shown
   *  (guardAccess). */
  private freshClock(): Clock {
    this.unprimed = true;
    const s = this.settings;
    const k = new Clock(newGame(control(s.black), control(s.white)), this.callOptions(), GRACE_MS, 0);
    k.apply({ op: "handicap", stones: s.handicap }, 0);
    k.apply({ op: "latelimit", ms: s.lateLimitMs }, 0);
    return this.clockOf(k.game);
  }

  /** Which side a player button belongs to. */
  sideOf(button: number): Side {
    return (button === RIGHT) === this.settings.whiteOnRight ? "white" : "black";
  }

  fault(what: string): void {
    if (this.faults.indexOf(what) < 0) this.faults.push(what);
    if (this.faults.length > 8) this.faults.shift();
  }

  say(text: string, now: number): void {
    this.message = text;
    this.messageUntil = now + MESSAGE_MS;
  }

  // --- input ----------------------------------------------------------------------------------------

  button(b: number, down: boolean, t: number): void {
    this.power.touch(t);
    if (this.empty) return this.refresh(); // the last face stays: nothing a button does is saved now
    if (b === MENU) {
      menuButton(this, down, t);
      // MENU down only starts the hold: nothing to draw yet, but the long-hold wake must be set
      if (down) return this.schedule(this.board.now());
    } else if (!down) {
      if (b === this.heldKey) this.heldKey = -1;
      return; // a player's release changes nothing on the face: drawing it again would cost a second
    } else if (b === LEFT || b === RIGHT) {
      if (this.menu) {
        menuInput(this, b, false, t);
        this.heldKey = b;
        this.repeatAt = t + REPEAT_AFTER_MS;
      }
      else if (this.clock.game.phase === "setup" && !this.armed) this.say("MENU: set up", t);
      else this.press(this.sideOf(b), t);
    }
    this.refresh();
  }

  /** A player's press: the switch, and whether it passed the turn and nothing else (no arrival,
   *  no flag: what the face then redraws is the bars and that side's time, refresh). */
  private press(side: Side, t: number): void {
    const g = this.clock.game;
    this.apply({ op: "press", side: side }, t);
    const n = this.clock.game;
    this.pressed = true;
    const plain = g.phase === "running" && g.toMove === side && !isLate(g, side) && !isAway(g, side);
    this.passed = plain && n.phase === "running" && n.toMove !== side ? { game: g, side: side } : null;
  }

  /** A JavaScript prompt on USB, for the arbiter (the menu or the link asked for the PIN), `pending`
   *  fed to it first; false if this board has none. */
  openPrompt(pending: string, t: number): boolean {
    const ok = this.board.link ? this.board.link.openPrompt(pending) : false;
    if (ok) this.opened("USB", t);
    else if (this.menu && this.menus) this.menu = this.menus.withNote(this.menu, "no JavaScript prompt on this board");
    return ok;
  }

  /** A prompt is open on this line: recorded (the log says the program in RAM may differ now). */
  opened(line: string, t: number): void {
    this.prompt = line;
    this.promptOpened = true;
    this.queue(this.clock.game, t, "link", null, "prompt " + line);
  }

  /** No prompt anywhere any more (a game starts, the line closed). */
  shutPrompt(t: number, why: string): void {
    if (this.board.link) this.board.link.shut();
    this.hall.slept(); // the radio slept with it: the next redraw wakes it with the advertisement again
    if (!this.prompt) return;
    this.queue(this.clock.game, t, "link", null, "prompt shut " + why);
    this.prompt = "";
  }

  /** New settings, from the menu, a link or the page ("menu", "link"); each change is recorded
   *  (a link's at most once each AUDIT_EVERY_MS: a flood must not fill the flash). */
  changeSettings(s: Settings, via?: string): void {
    const t = this.board.now();
    const changes = settingChanges(this.settings, s);
    this.settings = s;
    if (!this.board.store.set(SETTINGS, encodeSettings(s))) this.fault("settings not saved");
    this.board.setVolume(s.volume);
    this.power.forget(); // White's side may have changed
    this.noVoice = ""; // the next call finds out again
    if (this.clock.game.phase === "setup") this.clock = this.freshClock();
    const by = via || "menu";
    for (const c of changes) if (by !== "link" || this.due("set " + c.split(" ")[0], t)) this.queue(this.clock.game, t, "set", null, by + " " + c);
  }

  /** Whether a rate-limited record of this kind may be made at t (and notes that it is). */
  due(kind: string, t: number): boolean {
    const last = this.auditAt[kind];
    if (last !== undefined && t - last < AUDIT_EVERY_MS) return false;
    this.auditAt[kind] = t;
    return true;
  }

  /** Whether the arbiter is in: the unlock lasts until the arbiter's business is done (access.ts). */
  get unlocked(): boolean {
    return this.access.unlocked;
  }

  /** A PIN entered on the menu ("menu") or over a link ("link"): null if right, else why not. Wrong
   *  ones are counted per source (access.ts). An older clock's PIN hash is stored anew, stretched. */
  checkPin(pin: string, t: number, source: string): string | null {
    const why = this.access.check(this.settings, pin, t, source);
    if (why === null && isOldPinHash(this.settings)) this.changeSettings(withPin(this.settings, pin), source);
    return why;
  }

  /** Back to set-up; the last game's records stay on the store (for a dispute) while it has room. */
  newGame(via?: string): void {
    const t = this.board.now();
    this.access.lock(t, "new game"); // the last game's record ends with it
    this.rec.newGame();
    this.armed = false;
    this.warned = false;
    this.clock = this.freshClock();
    this.queue(this.clock.game, t, "new", null, via || "");
    this.tidy = true;
  }

  // --- the clock ------------------------------------------------------------------------------------

  /** Applies an operation that happened at t; returns the refusal reason, or null. */
  apply(op: Op, t: number): string | null {
    const before = this.clock.game;
    const out = this.clock.apply(op, t, this.board.now());
    if (this.clock.game !== before && this.aheadUntil > t) {
      this.board.play([], t); // the turn changed before its next call: that call must not sound
      this.aheadUntil = t;
    }
    this.handle(out);
    let refused: string | null = null;
    for (const o of out) if (o.kind === "refused") refused = o.reason;
    const g = this.clock.game;
    if (refused === null && op.op !== "press" && this.unlocked && isArbiterOp(op.op)) this.access.touch(t);
    // a game starts: whatever prompt was opened (for flashing, Bluetooth) shuts
    if (before.phase === "setup" && g.phase !== "setup") this.shutPrompt(t, "the game starts");
    // play goes on: the arbiter's unlock ends with it, so a player's pause cannot reopen the arbiter
    // menu; a menu left open (the console resumed or started the game) closes with it
    if (g.phase === "running" && before.phase !== "running") {
      this.access.lock(t, before.phase === "setup" ? "start" : "resume");
      this.menu = null;
    }
    return refused;
  }

  /** How often the running side's time is checkpointed now (the board's intervals, main time or
   *  overtime: a period or a block, where a second counts more). */
  private checkpointEvery(g: Game, now: number): number {
    const s = g[g.toMove];
    const e = g.phase === "running" ? now - g.runSince + g.turnMs : g.turnMs;
    return e >= s.mainMs ? this.board.checkpoint.overtimeMs : this.board.checkpoint.mainMs;
  }

  /** A log entry of the game to record (the clock's onLog, the audit trail): the game as of it is
   *  kept, the record is made and written by flush(), after the face is updated. */
  queue(g: Game, t: number, what: string, side: Side | null, info: string): void {
    const p = this.battery;
    if (g.phase !== "setup" && !this.warned && p >= 0 && p < WARN_PERCENT) {
      this.warned = true; // the game is on with a low battery: the log says so first
      this.rec.queue(g, t, "battery", null, "low " + p + "%");
    }
    this.rec.queue(g, t, what, side, info);
  }

  /**
   * Writes the records made since the last flush. Called from the wake that follows a press (the
   * idle loop's next pass), before anything else is handled, and from ahead() once the call is
   * handed over: so the switch and the new face never wait for formatting and flash. A power cut
   * before it loses that press alone: the game comes back as of the newest record or checkpoint
   * before, the pressing side's clock run on to that instant, with every earlier move's times.
   */
  flush(): void {
    if (this.empty) return;
    this.rec.flush();
    if (this.rec.notSaved) this.fault("record not saved");
  }

  /** Whether the call of instant t saying `say` is on the speaker at its instant (handed ahead). */
  onSpeaker(t: number, say: string): boolean {
    return t <= this.aheadUntil && this.handedHas(t, say);
  }

  /** Whether the call of instant t saying `say` was handed to the speaker. */
  private handedHas(t: number, say: string): boolean {
    const h = this.handed;
    for (let i = 0; i < h.length; i++) if (h[i].e === t && h[i].say === say) return true;
    return false;
  }

  /** Plays the calls (those of one instant back to back) and shows refusals and notices. */
  private handle(out: Output[]): void {
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
  }

  /** The calls of one instant, back to back (a time left in two units is one phrase, voice.ts; a
   *  call the core shortened in its short form). */
  private sayCalls(says: string[], short: boolean[], t: number): void {
    // one call (a second's count): its clips alone, as callPhrases would give them
    if (says.length === 1) return this.sayOne(says[0], short[0], t);
    const lang = this.settings.lang;
    const clips: string[] = [];
    const parts = callPhrases(lang, says, short);
    for (let i = 0; i < parts.length; i++) for (let j = 0; j < parts[i].length; j++) clips.push(lang + "/" + parts[i][j]);
    if (clips.length) this.play(clips, t);
  }

  /** One call, its clips named in the array clipsFor makes (Storage names: "zh/3"). */
  private sayOne(say: string, short: boolean, t: number): void {
    const lang = this.settings.lang;
    const clips = clipsFor(lang, say, short);
    for (let j = 0; j < clips.length; j++) clips[j] = lang + "/" + clips[j];
    if (clips.length) this.play(clips, t);
  }

  private play(clips: string[], t: number): void {
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
  }

  /** A long task is about to run (a log page for the link, up to LOG_REPLY_MS on the board): a call
   *  whose lead would fall inside it is handed to the speaker now, with its exact instant, as at its
   *  lead (the same test as schedule()'s); the task then delays no call, only the wake at its instant. */
  beforeLongTask(taskMs: number): void {
    const now = this.board.now();
    const clock = this.clock;
    const callAt = clock.nextWakeAt();
    if (clock.wakeIsCall && callAt > this.aheadUntil && callAt > now && callAt - LEAD_MS < now + taskMs) this.ahead(callAt);
  }

  /** Woken LEAD_MS before calls due at `at`: hands them to the speaker with their exact instant,
   *  then writes what records wait (the call is on the speaker's timer by then). */
  private ahead(at: number): void {
    if (this.board.now() > at) return this.wake(); // woken too late to be early: advance() decides
    this.board.kick();
    // the calls of each instant back to back, as handle() plays peek()'s outputs
    const calls = this.clock.peekCalls(at);
    if (calls.length === 1) {
      // one call (each second of a fast byoyomi): said as it is, with no grouping by instant
      const c = calls[0];
      if (!this.onSpeaker(c.e, c.say)) this.sayOne(c.say, c.short === true, c.e); // without sayCalls' two arrays
    } else {
      for (let i = 0; i < calls.length; ) {
        const t = calls[i].e;
        const says: string[] = [];
        const short: boolean[] = [];
        for (; i < calls.length && calls[i].e === t; i++) {
          if (this.onSpeaker(t, calls[i].say)) continue;
          says.push(calls[i].say);
          short.push(calls[i].short === true);
        }
        if (says.length) this.sayCalls(says, short, t);
      }
    }
    this.handed = calls;
    this.aheadUntil = at;
    if (this.rec.waiting()) this.flush();
    this.board.wakeAt(at, this.wakeFn);
  }

  /** The wake loop: make what is due, draw, sleep until the next change. */
  wake(): void {
    if (this.rec.waiting()) this.flush();
    const now = this.board.now();
    this.board.kick();
    if (this.menuDownAt >= 0 && !this.longDone && now - this.menuDownAt >= (this.menu ? MENU_LONG_MS : LONG_MS)) menuLong(this, now);
    if (this.heldKey >= 0 && this.menu && now >= this.repeatAt) {
      menuInput(this, this.heldKey, true, now);
      this.repeatAt = now + REPEAT_MS;
    }
    const out = this.clock.advance(now);
    if (out.length > 0) {
      // most seconds make nothing, or one call handed to the speaker already (a fast byoyomi's
      // count): then no handle()
      const o = out[0];
      if (out.length > 1 || o.kind !== "call" || o.due !== undefined || !this.onSpeaker(o.t, o.say)) this.handle(out);
    }
    this.guard(now);
    this.draw(now, true);
  }

  /** What a wake looks after beside the game: a checkpoint of the running side's time when one is
   *  due (the next wake may come a second later), the arbiter's unlock when it has idled out, a link
   *  that has closed. */
  private guard(now: number): void {
    const g = this.clock.game;
    // once a second while a clock runs: one comparison, the interval looked up only when it may be due
    const due = now + 1000 - this.rec.durableAt;
    if (g.phase === "running" && due > this.checkpointMinMs && due > this.checkpointEvery(g, now)) this.rec.checkpoint(now);
    if (this.access.via || this.prompt || this.tidy || this.unprimed) this.guardAccess(now, g);
  }

  /** The arbiter's unlock when it has idled out, a new game's store tidied, the line of a link's
   *  unlock or a prompt closed: not a tool's port closed between two of its commands (or the flash
   *  script's, before the espruino CLI opens it again), but closed for LINE_GONE_MS. */
  private guardAccess(now: number, g: Game): void {
    if (this.access.via && now >= this.access.idleUntil) this.access.lock(now, "idle");
    if (this.tidy && g.phase === "setup" && !this.rec.waiting()) this.board.store.tidy();
    this.tidy = false;
    if (this.unprimed && g.phase === "setup") this.clock.prime();
    this.unprimed = false;
    const link = this.board.link;
    const line = this.prompt || (this.access.via === "link" ? "USB" : "");
    if (!link || !line || link.isOpen(line)) this.lineClosedAt = -1;
    else if (this.lineClosedAt < 0) this.lineClosedAt = now;
    else if (now - this.lineClosedAt >= LINE_GONE_MS) {
      this.lineClosedAt = -1;
      if (this.access.via === "link") this.access.lock(now, "link closed");
      if (this.prompt) this.shutPrompt(now, "line closed");
    }
  }

  /** Draws what is shown now and asks the board to wake at the next change. */
  refresh(): void {
    this.board.kick(); // every button and every wake: a busy menu must not look like a hang
    this.draw(this.board.now());
  }

  /** refresh() as of now, the watchdog told already. */
  private draw(now: number, woke?: boolean): void {
    if (now >= this.messageUntil) this.message = "";
    const g = this.board.gfx;
    let left = -1; // the running side's countdown, when only it changed
    if (this.menu && this.menus) {
      this.menuDrawn = this.menus.drawMenu(g, this.menu, this.settings, this.clock.game, this.menuDrawn); // the rows that changed
      this.drawn = null;
    } else {
      this.menuDrawn = null;
      this.menus = null; // the menu has closed: its code goes at the next GC (on the board)
      const battery = this.board.battery(now);
      if (battery !== this.battery) this.batteryRead(battery, now);
      const low = battery >= 0 && battery < WARN_PERCENT;
      const game = this.clock.game;
      // a game running with nothing to warn of (every second's case): no alert, no set-up text
      const message = this.message || (game.phase === "running" && !this.empty && !this.noVoice && !this.rec.notSaved ? "" : this.alertText() || this.idleText());
      // once a second nothing but the running side's time has changed: redraw that alone, cheaply
      const kept = this.drawn !== null && message === this.drawnMessage && low === this.drawnLow;
      const p = this.passed;
      this.passed = null;
      if (kept && p !== null && p.game === this.drawnGame && this.pressed && drawTurnBars(g, game, this.settings.whiteOnRight, this.drawn!, p.side)) {
        this.passed = p; // the pressing side's half in the wake that follows (below), by drawTurn
      } else if (kept && p !== null && p.game === this.drawnGame && drawTurn(g, this.clock, now, this.settings.whiteOnRight, this.drawn!, p.side)) {
        this.drawnGame = game;
        this.drawnUntil = 0; // the new turn's countdown cell is found by the next whole look
      } else if (kept && game === this.drawnGame && now < this.drawnUntil) {
        const cell = this.drawnCell;
        const ms = this.drawnUntil - (now > game.runSince ? now : game.runSince);
        drawCountdown(g, cell, ms, this.drawn!);
        if (cell >= 0) left = ms; // a clock runs
      } else {
        // the running side's stretch has ended (main time, a byoyomi period), nothing else changed:
        // its half alone
        const cell = kept && game === this.drawnGame && this.drawnCell >= 0 ? drawStretch(g, this.clock, now, this.settings.whiteOnRight, this.drawn!) : -2;
        if (cell >= 0) this.drawnCell = cell;
        else {
          const view = faceView(this.clock, now, { whiteIsRight: this.settings.whiteOnRight, batteryLow: low, message: message });
          this.drawn = drawFace(g, view, this.drawn); // only the regions that changed
          this.drawnGame = game;
          this.drawnMessage = message;
          this.drawnLow = low;
          this.drawnCell = countdownCell(view);
        }
        this.drawnUntil = this.clock.stretchEndAt(now);
      }
    }
    const err = this.board.show(now); // only the window drawn into (all of it once a lost display is back)
    // after the face: a press shows first; once a second both are one comparison (power.ts)
    const power = this.power;
    const game = this.clock.game;
    if (game !== power.game) power.showGame(game, this.settings.whiteOnRight);
    const dim = power.showLevel(now, this.message !== "");
    if (err || dim) this.fault("display: " + (err || dim));
    // the hall's advertisement: at home (tournament off) this is all it costs
    const hall = this.hall;
    if (hall.data) {
      if (left < 0 || hall.until !== this.drawnUntil || hall.set !== this.settings) hall.look(this, now, this.drawnUntil);
      else hall.tick(this, left);
    } else if (this.settings.tournament) hall.look(this, now, this.drawnUntil);
    if (this.pressed) {
      this.pressed = false;
      // a press: the bars and lamps show the other side running; the rest of its face and the next
      // wake (the new turn's calls placed, about half the press's work) follow in a wake of its own
      const self = this;
      if (this.passed) return this.board.wakeAt(now, () => self.refresh());
    }
    this.schedule(now, woke);
  }

  /** Asks the board to wake at the next change: LEAD_MS before a call, to hand it over. Records that
   *  wait are written unless a call's lead is too near for them (ahead() writes them then, once the
   *  call is handed over): in this wake of the loop (`woke`), after its face; else at once, in the
   *  idle loop's next pass (a press: its face shown first, its wakes with a budget). */
  private schedule(now: number, woke?: boolean): void {
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    const clock = this.clock;
    const callAt = clock.nextWakeAt(); // NEVER (later than any idle wake) when stopped
    // no Math.min: the board finds a built-in only after searching the whole global scope
    let next = now + IDLE_MS;
    if (callAt < next) next = callAt;
    if (this.message && this.messageUntil < next) next = this.messageUntil;
    if (this.menuDownAt >= 0 && !this.longDone) {
      const long = this.menuDownAt + (this.menu ? MENU_LONG_MS : LONG_MS);
      if (long < next) next = long;
    }
    if (this.heldKey >= 0 && this.menu && this.repeatAt < next) next = this.repeatAt;
    if (this.access.via && this.access.idleUntil < next) next = this.access.idleUntil;
    if (this.tidy) next = now; // once the new game's records are written
    if (this.unprimed && now + PRIME_AFTER_MS < next) next = now + PRIME_AFTER_MS;
    const power = this.power;
    if (power.brightUntil > now) {
      const dimAt = power.dimAt(now); // bright for a while after a touch: its end is a wake
      if (dimAt >= 0 && dimAt < next) next = dimAt;
    }
    const lead = callAt - LEAD_MS;
    let waiting = this.rec.waiting();
    if (waiting && lead - now >= FLUSH_MS) {
      if (!woke) return this.board.wakeAt(now, () => self.flushed());
      // a wake of the loop (a checkpoint, once a period of a fast byoyomi): written now, its face
      // shown already, not in a wake of its own that works the next one out again
      const was = this.rec.notSaved;
      this.flush();
      if (this.rec.notSaved !== was) return this.refresh();
      waiting = false;
    }
    if (callAt <= next && clock.wakeIsCall && callAt > this.aheadUntil && callAt > now) {
      // within the lead already (a press just before a call): prepare it at once
      this.aheadFor = callAt;
      return this.board.wakeAt(lead > now ? lead : now, this.aheadFn);
    }
    this.board.wakeAt(waiting || next < now ? now : next, this.wakeFn);
  }

  /** The wake after a press: its records written, the face redrawn only if one failed. */
  private flushed(): void {
    const was = this.rec.notSaved;
    this.flush();
    if (this.rec.notSaved !== was) return this.refresh();
    this.schedule(this.board.now());
  }

  /** A new battery reading: below WARN_PERCENT the warning is logged once a game (the face shows it
   *  while it lasts); at EMPTY_PERCENT a running game is paused and saved, and the app writes no
   *  more until the supply is back (USB, or a charged cell: the game then waits, paused). */
  private batteryRead(percent: number, now: number): void {
    this.battery = percent;
    this.hall.stale(); // the hall's advertisement is packed afresh with it
    if (percent < 0) return;
    const g = this.clock.game;
    if (percent < WARN_PERCENT && !this.warned && g.phase !== "setup") {
      this.warned = true;
      this.queue(g, now, "battery", null, "low " + percent + "%");
    }
    if (percent > EMPTY_PERCENT) {
      this.empty = false;
      return;
    }
    if (this.empty) return;
    if (g.phase === "running") this.apply({ op: "pause", battery: true }, now);
    this.queue(this.clock.game, now, "battery", null, "empty " + percent + "%, saved");
    this.flush();
    this.empty = true;
    this.menu = null;
  }

  /** The most serious of what must stay on the face. */
  private alertText(): string {
    if (this.empty) return "BATTERY EMPTY";
    if (this.rec.notSaved) return "! NOT SAVED";
    // the game is over: who lost and why (time, lateness 22.1–22.3, the arbiter's end), until a new game
    const r = resultText(this.clock.game);
    if (r) return r;
    return this.noVoice ? "! NO VOICE " + this.noVoice : "";
  }

  /** In set-up: what to do next, and while the PIN is the factory 0000, that it is. */
  private idleText(): string {
    const g = this.clock.game;
    if (g.phase !== "setup") return "";
    const pin = isDefaultPin(this.settings);
    if (!this.armed) return pin ? "MENU: set up PIN 0000" : "MENU: set up";
    return (g.handicap >= 2 ? "B" : "W") + (pin ? " starts; PIN 0000" : " presses to start");
  }
}

/** Boots the clock on a board (hw/main.ts on the device, sim/ on the desktop). */
export function startApp(board: Board): App {
  const app = new App(board);
  board.setVolume(app.settings.volume);
  board.onButton((b, down, t) => app.button(b, down, t));
  app.refresh();
  return app;
}
