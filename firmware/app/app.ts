// The app's state and its game: what App holds, the boot (the settings, the records, the game the
// store left), the game's clock, and the operations applied to it, each one a record. The app's other
// rooms are methods of App written onto its prototype in files of their own (core/window.ts says why
// not functions): what comes in (input.ts), the calls said (speaker.ts), the display (draw.ts) and the
// wake loop (../app.ts, which loads them all, after this class). The members they share are public
// for that: TypeScript's `private` ends at this file.

import { type Board, RIGHT } from "../board";
import {
  Clock, newGame, parseControl, isParseError, defaultCallOptions, isArbiterOp,
  type Game, type Op, type Side, type TimeControl, type CallOptions, type Call, type Speech,
} from "../core/index";
import { Recorder } from "../record/recorder";
import { loadBoot } from "../record/boot";
import { type Settings, encodeSettings } from "../record/settings";
import { Access } from "../access";
import type { Menu, MenuDrawn, Menus } from "../menu";
import { withTradition, speechOf } from "../voice";
import type { Drawn } from "../face";
// not used here: loaded before the class, as before the rooms moved out, so that the board's global
// names are made in the same order (a name is found by walking those made before it): boot 1.1 ms
// less, measured on Espruino's interpreter
import "../menukeys";
import "../face";
import { Broadcast } from "../link/broadcast";
import { Power, WARN_PERCENT } from "../power";

export const REPEAT_AFTER_MS = 600; // LEFT/RIGHT held in a menu: big steps from then on,
export const REPEAT_MS = 250; // one each this often
const MESSAGE_MS = 4000;
const GRACE_MS = 20; // a call made later than this after its instant counts as dropped (or late)
export const SETTINGS = "clock.set";

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
  auditAt: { [kind: string]: number } = {};
  /** What the face shows, region by region (null: the display shows something else), and the
   *  game, message and battery state it was last drawn whole for. */
  drawn: Drawn | null = null;
  drawnGame: Game | null = null;
  drawnMessage = "";
  drawnLow = false;
  /** What the menu shows, row by row (null: the display shows something else). */
  menuDrawn: MenuDrawn | null = null;
  /** The menus' functions while a menu is open (on the board their code is loaded then: menu.ts). */
  menus: Menus | null = null;
  /** The game a player's press just passed the turn from, that press alone (refresh draws it
   *  partially when the face shows that game), or null. */
  passed: { game: Game; side: Side } | null = null;
  /** A player's press is being drawn: its wake is scheduled in a wake of its own (draw). */
  pressed = false;
  /** Until this instant only the running side's countdown changes on that face (NEVER: nothing
   *  does), in this cell (countdownCell). */
  drawnUntil = 0;
  drawnCell = -1;
  menuDownAt = -1;
  /** LEFT or RIGHT held down in a menu (-1: none), and when its next big step is due. */
  heldKey = -1;
  repeatAt = 0;
  longDone = false;
  /** The calls due up to this instant are already on the speaker, timed to start exactly: these
   *  clips from aheadAt (a query answered meanwhile is played after them, not over them). */
  aheadUntil = -1;
  aheadAt = -1;
  aheadClips: string[] = [];
  /** The calls handed (the plan's, as peekCalls gave them): advance() makes them again, and must
   *  not replay them. */
  handed: Call[] = [];
  /** When the line of a link's unlock or a prompt was first seen closed (-1: open). */
  lineClosedAt = -1;
  /** A new game's set-up: the store tidies itself at the first idle wake (the device may compact
   *  its flash then, and reboot), unless the game has started by then. */
  tidy = false;
  /** The voice's lengths, for the pack they were made for (callOptions). */
  speech: Speech | null = null;
  speechLang = "";
  /** A game being set up whose calls' lengths the voice has not been asked for yet (Clock.prime):
   *  at a wake PRIME_AFTER_MS after the set-up is shown (app.ts schedule), not in a byoyomi
   *  period's first second. */
  unprimed = false;
  /** The wake loop's callback, made once (schedule() hands it over every second). */
  wakeFn: () => void;
  /** The lead's callback, made once, and the instant of the calls it hands over. */
  aheadFn: () => void;
  aheadFor = -1;
  /** The hall's broadcast (firmware/link/broadcast.ts): nothing on the air at home. */
  hall = new Broadcast();
  /** The board's shorter checkpoint interval: a wake sooner after the last record asks no more. */
  checkpointMinMs: number;
  /** The lamps and the display's level (power.ts). */
  power: Power;
  /** The battery as last read, and whether this game's warning is logged. */
  battery = -1;
  warned = false;
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
  callOptions(): CallOptions {
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
  clockOf(g: Game): Clock {
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
   *  (app.ts guardAccess). */
  freshClock(): Clock {
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

  /** Whether the arbiter is in: the unlock lasts until the arbiter's business is done (access.ts). */
  get unlocked(): boolean {
    return this.access.unlocked;
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
  checkpointEvery(g: Game, now: number): number {
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
}
