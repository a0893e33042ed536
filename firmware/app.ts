// The clock as a product, on any Board: buttons in, frames and clips out, a record after every
// accepted operation. The core decides what happens and when; the app only sleeps until then.
//
// Buttons during a game: a player's button ends that player's move. MENU short = the side to move
// asks for its time (16.2); MENU held 2 s = pause (to call the arbiter); held again while paused =
// the arbiter menu, behind the PIN. With no game running, MENU opens the set-up menu; a game starts
// only after the set-up was confirmed ("Ready") and then White's press (Black's with a handicap).

import { type Board, type Store, LEFT, RIGHT, MENU } from "./board";
import {
  Clock, newGame, parseControl, isParseError, defaultCallOptions, isLate, isAway,
  type Game, type Op, type Output, type Side, type TimeControl, type CallOptions,
} from "./core/index";
import { gameRecord, stateRecord, restore } from "./record/persist";
import { logEntries, type LogPage } from "./record/flashlog";
import { type Settings, decodeSettings, encodeSettings, pinMatches } from "./record/settings";
import { type Menu, type MenuDrawn, type Menus, loadMenus } from "./menu";
import { callPhrases, withTradition, speechOf } from "./voice";
import { type Drawn, drawFace, drawCountdown, countdownCell, drawTurn, faceView, resultText } from "./face";

const LONG_MS = 2000; // a deliberate hold: no player hits it by accident while pressing a move
const MENU_LONG_MS = 1500; // "back" inside a menu
const REPEAT_AFTER_MS = 600; // LEFT/RIGHT held in a menu: big steps from then on,
const REPEAT_MS = 250; // one each this often
const MESSAGE_MS = 4000;
const IDLE_MS = 10000; // wake now and then when nothing happens: watchdog, battery, display retry
const LOW_BATTERY = 15;
/** Wake this early before a call and give the speaker its exact start time. Sized by the board's
 *  interpreter work (counted, ESPRUINO.md's calibration): preparing a call (ahead(): peek, clip
 *  names, Storage look-ups, the first clip scaled at volume 1-9, Waveform set up) about 150 ms,
 *  plus a timer that fires late by the record flushed or a wake that ran just before (about 50 ms).
 *  An idle board's longest task before it is the previous second's redraw, which ends well before. */
export const LEAD_MS = 250;
/** Room a record's write needs (formatting and flash, counted: about 40 ms) before a call's lead. */
const FLUSH_MS = 100;
const GRACE_MS = 20; // a call made later than this after its instant counts as dropped (or late)
const SETTINGS = "clock.set";
const PIN_TRIES = 3;
const PIN_BLOCK_MS = 60000; // after PIN_TRIES wrong PINs in a row: 4 digits must not be found by trying

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
  /** The arbiter entered the PIN (device menu or console). */
  unlocked = false;
  message = "";
  messageUntil = 0;
  /** Peripheral faults, for the console. */
  faults: string[] = [];
  /** What the face keeps showing while it lasts (alertText): a record not saved, the voice pack
   *  missing from the board (the result of a game that is over is the game's own). */
  private notSaved = false;
  private noVoice = "";
  /** Wrong PINs in a row (menu and console together), and until when PIN entry is refused. */
  private wrongPins = 0;
  private pinBlockedUntil = 0;
  private seq = 0;
  /** What the face shows, region by region (null: the display shows something else), and the
   *  game, message and battery state it was last drawn whole for. */
  private drawn: Drawn | null = null;
  private drawnGame: Game | null = null;
  private drawnMessage = "";
  private drawnLow = false;
  /** What the menu shows, row by row (null: the display shows something else). */
  private menuDrawn: MenuDrawn | null = null;
  /** The menus' functions while a menu is open (on the board their code is loaded then: menu.ts). */
  private menus: Menus | null = null;
  /** The game a player's press just passed the turn from, that press alone (refresh draws it
   *  partially when the face shows that game), or null. */
  private passed: { game: Game; side: Side } | null = null;
  /** Until this instant only the running side's countdown changes on that face (NEVER: nothing
   *  does), in this cell (countdownCell). */
  private drawnUntil = 0;
  private drawnCell = -1;
  private menuDownAt = -1;
  /** LEFT or RIGHT held down in a menu (-1: none), and when its next big step is due. */
  private heldKey = -1;
  private repeatAt = 0;
  private longDone = false;
  /** The calls due up to this instant are already on the speaker, timed to start exactly: these
   *  clips from aheadAt (a query answered meanwhile is played after them, not over them). */
  private aheadUntil = -1;
  private aheadAt = -1;
  private aheadClips: string[] = [];
  /** The calls handed (instant and words): advance() makes them again, and must not replay them. */
  private handed: string[] = [];
  /** Records made but not yet written: the flash write comes after the face (see flush). */
  private pending: { game: Game; t: number; what: string; side: Side | null; info: string }[] = [];
  /** The current game's header record is written or pending. */
  private inGame = false;
  /** Added to the board's instants in records: after a power cut they run on from the last record
   *  (the board's clock restarted), so the log read back from them is one timeline. */
  private shift = 0;
  /** The wake loop's callback, made once (schedule() hands it over every second). */
  private wakeFn: () => void;

  constructor(board: Board) {
    this.board = board;
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    this.wakeFn = () => self.wake();
    const loaded = decodeSettings(board.store.get(SETTINGS));
    this.settings = loaded.settings;
    if (loaded.error) this.fault("settings: " + loaded.error);
    if (loaded.rewrite && !board.store.set(SETTINGS, encodeSettings(this.settings))) this.fault("settings not saved");
    this.clock = this.freshClock();
    const now = board.now();
    const back = restore(board.store, now);
    if (back && back.game.phase !== "setup") {
      this.clock = this.clockOf(back.game);
      this.seq = back.seq;
      this.armed = true;
      this.inGame = true;
      this.shift = back.lastT - now;
      this.queue(this.clock.game, now, "restore", null, ""); // the power cut, in the log: no calls were made across it
      this.say("restored: paused", now);
      if (back.skipped > 0) this.fault(back.skipped + " damaged records skipped");
      // a side still absent past the lateness limit lost during the power cut: the core ends the game
      // at its first wake (Clock.forfeitDue)
    }
  }

  /** The event's calls, and the voice's lengths, which decide where each is said (core/place.ts). */
  private callOptions(): CallOptions {
    const o = withTradition(defaultCallOptions(), this.settings.tradition);
    o.speech = speechOf(this.settings.lang);
    return o;
  }

  /** A clock that keeps no log in RAM: every entry of a game becomes a record (or, for a call made
   *  on time, is made again from the records when the log is read: flashlog.ts). */
  private clockOf(g: Game): Clock {
    const k = new Clock(g, this.callOptions(), GRACE_MS, 0);
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    k.onLog = (t, what, side, info) => {
      if (what !== "call" && what !== "refused") self.queue(k.game, t, what, side, info);
    };
    return k;
  }

  private freshClock(): Clock {
    const s = this.settings;
    const k = this.clockOf(newGame(control(s.black), control(s.white)));
    k.apply({ op: "handicap", stones: s.handicap }, 0);
    k.apply({ op: "latelimit", ms: s.lateLimitMs }, 0);
    return k;
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
    if (b === MENU) {
      this.menuButton(down, t);
      // MENU down only starts the hold: nothing to draw yet, but the long-hold wake must be set
      if (down) return this.schedule(this.board.now());
    } else if (!down) {
      if (b === this.heldKey) this.heldKey = -1;
      return; // a player's release changes nothing on the face: drawing it again would cost a second
    } else if (b === LEFT || b === RIGHT) {
      if (this.menu) {
        this.menuInput(b, false, t);
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
    const plain = g.phase === "running" && g.toMove === side && !isLate(g, side) && !isAway(g, side);
    this.passed = plain && n.phase === "running" && n.toMove !== side ? { game: g, side: side } : null;
  }

  private menuButton(down: boolean, t: number): void {
    if (down) {
      this.menuDownAt = t;
      this.longDone = false;
      return;
    }
    if (this.menuDownAt >= 0 && !this.longDone) this.menuShort(t);
    this.menuDownAt = -1;
  }

  private menuShort(t: number): void {
    const phase = this.clock.game.phase;
    if (this.menu) this.menuInput(MENU, false, t);
    else if (phase === "running" || phase === "paused") this.apply({ op: "query", side: null }, t);
    else if (phase === "setup") {
      const m = this.loaded(t);
      if (m) this.menu = m.openSetup(this.settings, this.unlocked);
    } else this.openArbiter(t);
  }

  /** The menus, loaded if need be; null (and said on the face, kept in the faults) if they cannot be. */
  private loaded(t: number): Menus | null {
    if (this.menus) return this.menus;
    const m = loadMenus();
    if (typeof m === "string") {
      this.fault(m);
      this.say("menu not loaded", t);
      return null;
    }
    this.menus = m;
    return m;
  }

  /** The arbiter menu, behind the PIN; not even the PIN screen while PIN entry is blocked. */
  private openArbiter(t: number): void {
    if (!this.unlocked && t < this.pinBlockedUntil) return this.say(this.blockedText(t), t);
    const m = this.loaded(t);
    if (m) this.menu = m.openArbiter(this.settings, this.clock.game, this.unlocked);
  }

  /** The menu button has been held long enough (called from the wake loop). */
  private menuLong(t: number): void {
    this.longDone = true;
    if (this.menu) return this.menuInput(MENU, true, t);
    // a player stops the clock to call the arbiter: the log says it was the side to move
    if (this.clock.game.phase === "running") this.apply({ op: "pause", side: this.clock.game.toMove }, t);
    else this.openArbiter(t);
  }

  private menuInput(b: number, long: boolean, t: number): void {
    const m = this.menus; // kept: an operation below may close the menu, and a redraw let it go
    if (!this.menu || !m) return;
    const self = this; // no `this` in arrow functions: see build.ts (Espruino)
    const pin = (code: string) => self.checkPin(code, t) === null;
    const r = m.menuKey(this.menu, this.settings, this.clock.game, t, b, long, pin);
    this.menu = r.menu;
    this.unlocked = r.unlocked;
    if (r.message) this.say(r.message, t);
    if (this.menu && (this.menu.screen === "pin" || this.menu.screen === "oldpin") && t < this.pinBlockedUntil) {
      this.menu = null; // the app's count (menu and console together) has blocked PIN entry
      this.say(this.blockedText(t), t);
    }
    if (r.settings !== this.settings) this.changeSettings(r.settings);
    for (const op of r.ops) {
      const why = this.apply(op, t);
      if (why && this.menu) this.menu = m.withNote(this.menu, why);
    }
    if (r.ready) this.armed = true;
    if (r.newGame) this.newGame();
    if (r.bluetooth) this.openBluetooth();
  }

  /** A JavaScript prompt over Bluetooth, for the arbiter between games: paired with a passkey the
   *  menu shows; it shuts when the next game starts (apply). */
  private openBluetooth(): void {
    const key = ("00000" + Math.floor(Math.random() * 1000000)).slice(-6);
    const why = this.board.link ? this.board.link.openBluetooth(key) : "no Bluetooth on this board";
    if (this.menu && this.menus) this.menu = this.menus.withNote(this.menu, why ? why : "Bluetooth REPL on until the game starts. Passkey " + key);
  }

  changeSettings(s: Settings): void {
    this.settings = s;
    if (!this.board.store.set(SETTINGS, encodeSettings(s))) this.fault("settings not saved");
    this.board.setVolume(s.volume);
    this.noVoice = ""; // the next call finds out again
    if (this.clock.game.phase === "setup") this.clock = this.freshClock();
  }

  private blockedText(t: number): string {
    return "PIN blocked: wait " + Math.ceil((this.pinBlockedUntil - t) / 1000) + " s";
  }

  /** A PIN entered on the menu or the console: null if right, else why not. After PIN_TRIES wrong
   *  ones in a row every entry is refused for a while, wherever it comes from. */
  checkPin(pin: string, t: number): string | null {
    if (t < this.pinBlockedUntil) return "too many wrong PINs: wait " + Math.ceil((this.pinBlockedUntil - t) / 1000) + " s";
    if (pinMatches(this.settings, pin)) {
      this.wrongPins = 0;
      return null;
    }
    this.wrongPins++;
    if (this.wrongPins < PIN_TRIES) return "wrong PIN (" + (PIN_TRIES - this.wrongPins) + " left)";
    this.wrongPins = 0;
    this.pinBlockedUntil = t + PIN_BLOCK_MS;
    return "wrong PIN: blocked for " + PIN_BLOCK_MS / 1000 + " s";
  }

  newGame(): void {
    this.flush(); // the last game's last records, before its records are erased
    this.board.store.clear();
    this.inGame = false;
    this.shift = 0;
    this.seq = 0;
    this.armed = false;
    this.unlocked = false;
    this.notSaved = false;
    this.clock = this.freshClock();
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
    // a game starts: whatever prompt was opened between games (for flashing, Bluetooth) shuts
    if (before.phase === "setup" && g.phase !== "setup" && this.board.link) this.board.link.shut();
    // play goes on: the arbiter's unlock ends with it, so a player's pause cannot reopen the arbiter
    // menu; a menu left open (the console resumed or started the game) closes with it
    if (g.phase === "running" && before.phase !== "running") {
      this.unlocked = false;
      this.menu = null;
    }
    return refused;
  }

  /** A log entry of the game to record (the clock's onLog): the game as of it is kept, the record
   *  is made and written by flush(), after the face is updated. */
  private queue(g: Game, t: number, what: string, side: Side | null, info: string): void {
    if (g.phase === "setup") return;
    if (!this.inGame) {
      this.inGame = true;
      this.pending.push({ game: g, t: t, what: "G", side: null, info: "" }); // a new game: its own record files
    }
    this.pending.push({ game: g, t: t, what: what, side: side, info: info });
  }

  /**
   * Writes the records made since the last flush. Called from the wake that follows a press (the
   * idle loop's next pass), before anything else is handled, and from ahead() once the call is
   * handed over: so the switch and the new face never wait for formatting and flash. A power cut
   * before it loses that press alone: the game comes back as of the record before, the pressing
   * side's clock as of its turn's start, with every earlier move's times.
   */
  flush(): void {
    const store: Store = this.board.store;
    while (this.pending.length) {
      const p = this.pending.shift()!;
      let ok: boolean;
      if (p.what === "G") {
        store.clear();
        this.seq = 0;
        ok = store.append(gameRecord(p.game));
      } else {
        this.seq++;
        ok = store.append(stateRecord(p.game, this.seq, p.t, this.shift, p.what, p.side, p.info));
      }
      // a power cut while a record is missing would lose the game: the arbiter must know
      if (!ok) this.notSaved = true;
      else if (p.what !== "G") this.notSaved = false;
      if (!ok) this.fault("record not saved");
    }
  }

  /** Entries [from, from + n) of the game's time log, read back from flash (a negative `from`
   *  counts from the end), and their number in all (-1 when not known: see logEntries, which reads
   *  at most `records` records for a page from the start). */
  log(from: number, n: number, records?: number): LogPage {
    this.flush();
    const page = logEntries(this.board.store, this.clock.options, from, n, this.clock.cursor + this.shift, records === undefined ? 1e9 : records);
    for (const e of page.entries) e.t -= this.shift; // on the board's clock again
    return page;
  }

  /** Plays the calls (those of one instant back to back) and shows refusals and notices. */
  private handle(out: Output[]): void {
    let says: string[] = [];
    let short: boolean[] = [];
    let at = -1;
    for (const o of out) {
      if (o.kind === "call") {
        // already on the speaker at its instant: also a count the core makes "late" because the wake
        // at its instant came late (the log keeps it as late; the voice must not say it twice)
        const dueT = o.due === undefined ? o.t : o.due;
        if (dueT <= this.aheadUntil && this.handed.indexOf(dueT + " " + o.say) >= 0) continue;
        if (o.t !== at && says.length) this.sayCalls(says, short, at);
        if (o.t !== at) {
          says = [];
          short = [];
        }
        at = o.t;
        says.push(o.say);
        short.push(o.short === true);
      } else if (o.kind === "refused") {
        if (o.op !== "press") this.say(o.reason, o.t);
      }
    }
    if (says.length) this.sayCalls(says, short, at);
  }

  /** The calls of one instant, back to back (a time left in two units is one phrase, voice.ts; a
   *  call the core shortened in its short form). */
  private sayCalls(says: string[], short: boolean[], t: number): void {
    const lang = this.settings.lang;
    const clips: string[] = [];
    const parts = callPhrases(lang, says, short);
    for (let i = 0; i < parts.length; i++) for (let j = 0; j < parts[i].length; j++) clips.push(lang + "/" + parts[i][j]); // Storage names: "zh/3"
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
      if (err.indexOf("clip missing") >= 0) this.noVoice = this.settings.lang;
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
    const calls = this.clock.peek(at);
    this.handle(calls);
    this.handed = [];
    for (const c of calls) if (c.kind === "call") this.handed.push(c.t + " " + c.say);
    this.aheadUntil = at;
    this.flush();
    const self = this;
    this.board.wakeAt(at, () => self.wake());
  }

  /** The wake loop: make what is due, draw, sleep until the next change. */
  wake(): void {
    this.flush();
    const now = this.board.now();
    this.board.kick();
    if (this.menuDownAt >= 0 && !this.longDone && now - this.menuDownAt >= (this.menu ? MENU_LONG_MS : LONG_MS)) this.menuLong(now);
    if (this.heldKey >= 0 && this.menu && now >= this.repeatAt) {
      this.menuInput(this.heldKey, true, now);
      this.repeatAt = now + REPEAT_MS;
    }
    this.handle(this.clock.advance(now));
    this.draw(now);
  }

  /** Draws what is shown now and asks the board to wake at the next change. */
  refresh(): void {
    this.board.kick(); // every button and every wake: a busy menu must not look like a hang
    this.draw(this.board.now());
  }

  /** refresh() as of now, the watchdog told already. */
  private draw(now: number): void {
    if (now >= this.messageUntil) this.message = "";
    const g = this.board.gfx;
    if (this.menu && this.menus) {
      this.menuDrawn = this.menus.drawMenu(g, this.menu, this.settings, this.clock.game, this.menuDrawn); // the rows that changed
      this.drawn = null;
    } else {
      this.menuDrawn = null;
      this.menus = null; // the menu has closed: its code goes at the next GC (on the board)
      const battery = this.board.battery(now);
      const low = battery >= 0 && battery < LOW_BATTERY;
      const message = this.message || this.alertText() || this.idleText();
      const game = this.clock.game;
      // once a second nothing but the running side's time has changed: redraw that alone, cheaply
      const kept = this.drawn !== null && message === this.drawnMessage && low === this.drawnLow;
      const p = this.passed;
      this.passed = null;
      if (kept && p !== null && p.game === this.drawnGame && drawTurn(g, this.clock, now, this.settings.whiteOnRight, this.drawn!, p.side)) {
        this.drawnGame = game;
        this.drawnUntil = 0; // the new turn's countdown cell is found by the next whole look
      } else if (kept && game === this.drawnGame && now < this.drawnUntil) {
        drawCountdown(g, this.drawnCell, this.drawnUntil - (now > game.runSince ? now : game.runSince), this.drawn!);
      } else {
        const view = faceView(this.clock, now, { whiteIsRight: this.settings.whiteOnRight, batteryLow: low, message: message });
        this.drawn = drawFace(g, view, this.drawn); // only the regions that changed
        this.drawnGame = game;
        this.drawnMessage = message;
        this.drawnLow = low;
        this.drawnCell = countdownCell(view);
        this.drawnUntil = this.clock.stretchEndAt(now);
      }
    }
    const err = this.board.show(now); // only the window drawn into (all of it once a lost display is back)
    if (err) this.fault("display: " + err);
    this.schedule(now);
  }

  /** Asks the board to wake at the next change: LEAD_MS before a call, to hand it over; at once when
   *  records wait (the idle loop's next pass, after this face is on the display), unless a call's
   *  lead is too near for them: ahead() writes them then, once the call is handed over. */
  private schedule(now: number): void {
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
    const lead = callAt - LEAD_MS;
    if (this.pending.length && lead - now >= FLUSH_MS) return this.board.wakeAt(now, () => self.flushed());
    if (callAt <= next && clock.wakeIsCall && callAt > this.aheadUntil && callAt > now) {
      // within the lead already (a press just before a call): prepare it at once
      return this.board.wakeAt(lead > now ? lead : now, () => self.ahead(callAt));
    }
    this.board.wakeAt(this.pending.length || next < now ? now : next, this.wakeFn);
  }

  /** The wake after a press: its records written, the face redrawn only if one failed. */
  private flushed(): void {
    const was = this.notSaved;
    this.flush();
    if (this.notSaved !== was) return this.refresh();
    this.schedule(this.board.now());
  }

  /** The most serious of what must stay on the face. */
  private alertText(): string {
    if (this.notSaved) return "! NOT SAVED";
    // the game is over: who lost and why (time, lateness 22.1–22.3, the arbiter's end), until a new game
    const r = resultText(this.clock.game);
    if (r) return r;
    return this.noVoice ? "! NO VOICE " + this.noVoice : "";
  }

  private idleText(): string {
    const g = this.clock.game;
    if (g.phase !== "setup") return "";
    if (!this.armed) return "MENU: set up";
    return (g.handicap >= 2 ? "B" : "W") + " presses to start";
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
