// The menus as a user walks them: button presses in, settings and core operations out. Screens are
// read through menuView, the text drawMenu draws. Golden frames: run with UPDATE_GOLDEN=1 to rewrite
// test/golden/menu-*.txt on purpose, then look at the diff.

import { describe, it, expect } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { LEFT, RIGHT, MENU } from "../../firmware/board";
import { type Menu, type MenuResult, type MenuDrawn, openSetup, openArbiter, menuKey, menuView, drawMenu, withNote } from "../../firmware/menu";
import { screenLines } from "../../firmware/menu/text";
import { type Settings, defaultSettings, encodeSettings, decodeSettings, pinMatches, pinHash, pinDigits, DEFAULT_PIN_HASH } from "../../firmware/record/settings";
import { presets, presetIndex } from "../../firmware/presets";
import { Clock, newGame, parseControl, isParseError, formatControl, defaultCallOptions, type Game, type Op, type TimeControl } from "../../firmware/core/index";
import { frameToText } from "../../firmware/gfx/frame";
import { PageGraphics } from "../../firmware/gfx/graphics";
import { bundle, checkEspruino } from "../../build";

const PRESETS = presets();

const GOLDEN = fileURLToPath(new URL("../golden/", import.meta.url));

function ctl(text: string): TimeControl {
  const c = parseControl(text);
  if (isParseError(c)) throw new Error(text + ": " + c.error);
  return c;
}

/** A user at the buttons: every key goes through menuKey; what it returns is kept as the app keeps it. */
class User {
  menu: Menu | null;
  settings: Settings;
  clock: Clock;
  t = 0;
  last: MenuResult | null = null;
  ops: Op[] = [];
  unlocked: boolean;

  constructor(menu: Menu, settings: Settings, clock: Clock, unlocked: boolean) {
    this.menu = menu;
    this.settings = settings;
    this.clock = clock;
    this.unlocked = unlocked;
  }

  key(button: number, long = false): MenuResult {
    if (!this.menu) throw new Error("the menu is closed");
    const c = this.clock;
    const r = menuKey(this.menu, this.settings, c.game, this.t, button, long);
    this.last = r;
    this.menu = r.menu;
    this.settings = r.settings;
    this.unlocked = r.unlocked;
    for (const op of r.ops) {
      this.ops.push(op);
      c.apply(op, this.t);
    }
    return r;
  }

  view() {
    if (!this.menu) throw new Error("the menu is closed");
    return menuView(this.menu, this.settings, this.clock.game);
  }

  current(): string {
    const v = this.view();
    return v.lines[v.cursor] ?? "";
  }

  /** RIGHT until the cursor is on the line starting with label. */
  goTo(label: string): void {
    const n = this.view().lines.length;
    for (let i = 0; i <= n; i++) {
      if (this.current().startsWith(label)) return;
      this.key(RIGHT);
    }
    throw new Error("no line '" + label + "' in " + JSON.stringify(this.view().lines));
  }

  /** On a field line: LEFT/RIGHT until it shows target, then MENU to the next line. */
  set(label: string, target: number): void {
    expect(this.current().startsWith(label), "on " + this.current()).toBe(true);
    for (let i = 0; i < 700; i++) {
      const shown = Number(this.current().trim().split(/ +/).pop());
      if (shown === target) {
        this.key(MENU);
        return;
      }
      this.key(shown < target ? RIGHT : LEFT);
    }
    throw new Error(label + " never reached " + target);
  }

  digits(pin: string): void {
    for (const d of pin) {
      for (let i = 0; i < Number(d); i++) this.key(RIGHT);
      this.key(MENU);
    }
  }
}

/** In the set-up menu: Black's control, Canadian overtime, 1 h of main time. */
function blackCanadianOneHour(u: User): void {
  u.goTo("Black");
  u.key(MENU);
  u.goTo("Canadian overtime");
  u.key(MENU);
  u.set("Hours", 1);
  u.set("Minutes", 0);
  u.set("Seconds", 0);
}

/** In the set-up menu: White's control, the given system, its fields set in order; not confirmed. */
function whiteDraft(u: User, kind: string, fields: [string, number][]): void {
  u.goTo("White");
  u.key(MENU);
  u.goTo(kind);
  u.key(MENU);
  for (const [label, v] of fields) u.set(label, v);
}

/** The notation at the right of the line under the cursor. */
function shown(u: User): string {
  return u.current().trim().split(/ +/).pop() ?? "";
}

function setupUser(settings = defaultSettings()): User {
  const c = ctl(settings.black);
  return new User(openSetup(settings), settings, new Clock(newGame(c, ctl(settings.white)), defaultCallOptions(), 250, 1000), false);
}

/** A 1h+5x60s game: White starts it, Black thinks 95 s, White 40 s, Black 30 s into the turn, paused. */
function pausedClock(): Clock {
  const c = ctl("1h+5x60s");
  const k = new Clock(newGame(c, c), defaultCallOptions(), 250, 1000);
  k.apply({ op: "press", side: "white" }, 0);
  k.apply({ op: "press", side: "black" }, 95000);
  k.apply({ op: "press", side: "white" }, 135000);
  k.apply({ op: "pause" }, 165000);
  return k;
}

function arbiterUser(clock: Clock, unlocked: boolean, settings = defaultSettings()): User {
  const u = new User(openArbiter(settings, unlocked), settings, clock, unlocked);
  u.t = 200000;
  return u;
}

describe("the set-up menu", () => {
  it("opens on its first item, with both times and the Ready item listed", () => {
    const u = setupUser();
    const v = u.view();
    expect(v.title).toBe("Set-up");
    expect(v.cursor).toBe(0);
    expect(v.lines).toContain("Black        2h+5x60s");
    expect(v.lines[v.lines.length - 1].trim()).toBe("Ready");
  });

  it("walking to Preset and picking Korea 1h+5x40s sets both sides to it", () => {
    const u = setupUser();
    u.key(MENU);
    expect(u.view().title).toBe("Preset");
    u.goTo("Korea 1h+5x40s");
    const r = u.key(MENU);
    expect(r.settings.black).toBe("1h+5x40s");
    expect(r.settings.white).toBe("1h+5x40s");
    expect(r.ops).toEqual([]);
    expect(u.view().title).toBe("Set-up");
    expect(u.view().note).toBe("Korea 1h+5x40s");
  });

  it("free entry gives 1h+C15/10m for Black and 30m+3x30s for White, exactly", () => {
    const u = setupUser();
    blackCanadianOneHour(u);
    u.set("Moves", 15);
    u.set("Block (min)", 10);
    u.set("Block (s)", 0);
    expect(u.current()).toBe(line("OK", "1h+C15/10m"));
    u.key(MENU);
    expect(u.settings.black).toBe("1h+C15/10m");

    u.goTo("White");
    u.key(MENU);
    u.goTo("Byoyomi");
    u.key(MENU);
    u.set("Hours", 0);
    u.set("Minutes", 30);
    u.set("Seconds", 0);
    u.set("Periods", 3);
    u.set("Period (s)", 30);
    u.key(MENU);
    expect(u.settings.white).toBe("30m+3x30s");
    expect(u.settings.black).toBe("1h+C15/10m");
  });

  it("every system of the core can be entered: reserved byoyomi, moves, Fischer, Bronstein, absolute", () => {
    const cases: [string, [string, number][], string][] = [
      ["Byoyomi reserved", [["Hours", 2], ["Minutes", 0], ["Seconds", 0], ["Periods", 5], ["Period (s)", 60]], "2h(5x60s)"],
      ["Moves, carry over", [["Hours", 1], ["Minutes", 0], ["Seconds", 0], ["Moves", 15], ["Block (min)", 10], ["Block (s)", 0]], "1h+15/10m"],
      ["Fischer increment", [["Hours", 0], ["Minutes", 10], ["Seconds", 0], ["Increment (s)", 5]], "10m+F5s"],
      ["Bronstein delay", [["Hours", 0], ["Minutes", 10], ["Seconds", 0], ["Delay (s)", 5]], "10m+D5s"],
      ["Absolute", [["Hours", 1], ["Minutes", 30], ["Seconds", 0]], "90m"],
      ["Byoyomi", [["Hours", 0], ["Minutes", 0], ["Seconds", 0], ["Periods", 5], ["Period (s)", 10]], "5x10s"],
    ];
    for (const [kind, fields, want] of cases) {
      const u = setupUser();
      whiteDraft(u, kind, fields);
      u.key(MENU);
      expect(u.settings.white, kind).toBe(want);
    }
  });

  it("controls to the second and beyond 10 h are entered exactly, the OK line showing them first", () => {
    const cases: [string, [string, number][], string][] = [
      ["Byoyomi", [["Hours", 0], ["Minutes", 1], ["Seconds", 30], ["Periods", 5], ["Period (s)", 30]], "90s+5x30s"],
      ["Byoyomi", [["Hours", 0], ["Minutes", 0], ["Seconds", 30], ["Periods", 3], ["Period (s)", 10]], "30s+3x10s"],
      ["Byoyomi", [["Hours", 0], ["Minutes", 0], ["Seconds", 0], ["Periods", 5], ["Period (s)", 7]], "5x7s"],
      ["Byoyomi reserved", [["Hours", 1], ["Minutes", 0], ["Seconds", 30], ["Periods", 3], ["Period (s)", 20]], "1h30s(3x20s)"],
      ["Moves, carry over", [["Hours", 1], ["Minutes", 0], ["Seconds", 0], ["Moves", 15], ["Block (min)", 1], ["Block (s)", 30]], "1h+15/90s"],
      ["Canadian overtime", [["Hours", 0], ["Minutes", 5], ["Seconds", 0], ["Moves", 40], ["Block (min)", 120], ["Block (s)", 0]], "5m+C40/2h"],
      ["Absolute", [["Hours", 11], ["Minutes", 0], ["Seconds", 0]], "11h"],
      ["Absolute", [["Hours", 0], ["Minutes", 0], ["Seconds", 45]], "45s"],
      ["Fischer increment", [["Hours", 0], ["Minutes", 10], ["Seconds", 0], ["Increment (s)", 5]], "10m+F5s"],
      ["Bronstein delay", [["Hours", 0], ["Minutes", 2], ["Seconds", 5], ["Delay (s)", 300]], "2m5s+D5m"],
    ];
    for (const [kind, fields, want] of cases) {
      const u = setupUser();
      whiteDraft(u, kind, fields);
      expect(shown(u), kind).toBe(want);
      u.key(MENU);
      expect(u.settings.white, kind).toBe(want);
      expect(u.view().note).toBe("White: " + want);
    }
  });

  it("held keys take big steps and every field stops at its bound", () => {
    const u = setupUser();
    whiteDraft(u, "Byoyomi reserved", []);
    u.key(RIGHT, true);
    expect(u.current()).toBe(line("Hours", "12"));
    for (let i = 0; i < 12; i++) u.key(RIGHT, true);
    expect(u.current()).toBe(line("Hours", "99"));
    u.key(MENU);
    for (let i = 0; i < 8; i++) u.key(RIGHT, true);
    expect(u.current()).toBe(line("Minutes", "59"));
    u.key(MENU);
    for (let i = 0; i < 8; i++) u.key(RIGHT, true);
    expect(u.current()).toBe(line("Seconds", "59"));
    u.key(MENU);
    for (let i = 0; i < 25; i++) u.key(RIGHT, true);
    expect(u.current()).toBe(line("Periods", "99"));
    u.key(MENU);
    u.key(RIGHT, true);
    expect(u.current()).toBe(line("Period (s)", "70"));
    for (let i = 0; i < 400; i++) u.key(RIGHT, true);
    expect(u.current()).toBe(line("Period (s)", "3600"));
    u.key(MENU);
    expect(u.current()).toBe(line("", "99h59m59s(99x3600s)")); // too long for "OK": the notation whole
    u.key(MENU, true);
    for (let i = 0; i < 400; i++) u.key(LEFT, true);
    expect(u.current()).toBe(line("Period (s)", "1"));
    u.key(MENU, true);
    for (let i = 0; i < 25; i++) u.key(LEFT, true);
    expect(u.current()).toBe(line("Periods", "1"));
    u.key(MENU);
    u.key(MENU);
    u.key(MENU);
    expect(u.settings.white).toBe("99h59m59s(1x1s)");

    const m = setupUser();
    whiteDraft(m, "Moves, carry over", [["Hours", 0], ["Minutes", 0], ["Seconds", 0]]);
    for (let i = 0; i < 25; i++) m.key(RIGHT, true);
    expect(m.current()).toBe(line("Moves", "99"));
    m.key(MENU);
    for (let i = 0; i < 130; i++) m.key(RIGHT, true);
    expect(m.current()).toBe(line("Block (min)", "599"));
    m.key(MENU);
    for (let i = 0; i < 8; i++) m.key(RIGHT, true);
    expect(m.current()).toBe(line("Block (s)", "59"));
    m.key(MENU);
    m.key(MENU);
    expect(m.settings.white).toBe("0+99/9h59m59s");
  });

  it("every control within the editor's bounds opens as its draft and confirms unchanged", () => {
    const s = fc.integer({ min: 0, max: 359999 });
    const control = fc.oneof(
      fc.integer({ min: 1, max: 359999 }).map((m) => m + "s"),
      fc.tuple(s, fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 3600 }), fc.boolean()).map(([m, n, p, reserved]) =>
        reserved ? Math.max(m, n * p) + "s(" + n + "x" + p + "s)" : (m ? m + "s+" : "") + n + "x" + p + "s"),
      fc.tuple(s, fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 35999 }), fc.boolean()).map(([m, n, b, carry]) =>
        m + "s+" + (carry ? "" : "C") + n + "/" + b + "s"),
      fc.tuple(fc.integer({ min: 1, max: 359999 }), fc.integer({ min: 1, max: 3600 }), fc.constantFrom("F", "D")).map(([m, d, k]) =>
        m + "s+" + k + d + "s"),
    );
    fc.assert(
      fc.property(control, (text) => {
        const want = formatControl(ctl(text));
        const u = setupUser(Object.assign(defaultSettings(), { black: want }));
        u.key(RIGHT); // to Black (a long notation cuts its label)
        u.key(MENU);
        u.key(MENU); // the system under the cursor is the control's own
        for (let i = 0; i < 10 && u.view().title !== "Set-up"; i++) u.key(MENU);
        expect(u.view().note).toBe("Black: " + want);
        expect(u.settings.black).toBe(want);
      }),
      { numRuns: 300 },
    );
  });

  it("an impossible control is refused with a reason and changes nothing", () => {
    const u = setupUser();
    u.goTo("Black");
    u.key(MENU);
    u.goTo("Byoyomi reserved");
    u.key(MENU);
    u.set("Hours", 0);
    u.set("Minutes", 2);
    u.set("Seconds", 0);
    u.set("Periods", 5);
    u.set("Period (s)", 60);
    const r = u.key(MENU);
    expect(r.settings).toBe(u.settings);
    expect(u.settings.black).toBe("2h+5x60s");
    expect(u.view().note).toBe("the periods kept back are longer than the main time");
    expect(u.view().title).toBe("Black: byo. reserved");
  });

  it("a draft the core refuses shows the core's own reason and changes nothing", () => {
    const cases: [string, [string, number][], string][] = [
      ["Absolute", [["Hours", 0], ["Minutes", 0], ["Seconds", 0]], "0"],
      ["Fischer increment", [["Hours", 0], ["Minutes", 0], ["Seconds", 0], ["Increment (s)", 5]], "0+F5s"],
      ["Bronstein delay", [["Hours", 0], ["Minutes", 0], ["Seconds", 0], ["Delay (s)", 5]], "0+D5s"],
      ["Moves, carry over", [["Hours", 1], ["Minutes", 0], ["Seconds", 0], ["Moves", 15], ["Block (min)", 0], ["Block (s)", 0]], "1h+15/0"],
      ["Byoyomi reserved", [["Hours", 0], ["Minutes", 0], ["Seconds", 30], ["Periods", 1], ["Period (s)", 31]], "30s(1x31s)"],
    ];
    for (const [kind, fields, draft] of cases) {
      const refused = parseControl(draft);
      if (!isParseError(refused)) throw new Error(draft + " is a control");
      const u = setupUser();
      const before = u.settings;
      whiteDraft(u, kind, fields);
      expect(shown(u), kind).toBe(draft);
      const r = u.key(MENU);
      expect(r.settings, kind).toBe(before);
      expect(u.view().note, kind).toBe(refused.error);
      expect(u.current(), kind).toBe(line("OK", draft)); // still on the draft, to mend it
    }
  });

  it("nothing changes until an item is confirmed: edits left with a held MENU are dropped", () => {
    const s = defaultSettings();
    const u = setupUser(s);
    const presses: [number, boolean][] = [];
    u.goTo("Black");
    u.key(MENU); // systems
    u.key(RIGHT);
    u.key(MENU); // the fields of "Byoyomi reserved"
    presses.push([LEFT, false], [MENU, false], [RIGHT, false], [MENU, false], [RIGHT, false]);
    for (const [b, l] of presses) expect(u.key(b, l).settings).toBe(s);
    for (let i = 0; i < 4; i++) expect(u.key(MENU, true).settings).toBe(s); // back field by field, then out
    expect(u.view().title).toBe("Set-up");
    u.goTo("Handicap");
    u.key(MENU);
    u.key(RIGHT);
    u.key(RIGHT);
    expect(u.key(MENU, true).settings).toBe(s);
    u.goTo("Volume");
    u.key(MENU);
    u.key(LEFT);
    expect(u.key(MENU, true).settings).toBe(s);
    expect(u.settings).toBe(s);
    expect(u.settings).toEqual(defaultSettings());
  });

  it("Same for both copies Black's control to White", () => {
    const s = defaultSettings();
    s.black = "1h+3x60s";
    const u = setupUser(s);
    u.goTo("Same for both");
    const r = u.key(MENU);
    expect(r.settings.white).toBe("1h+3x60s");
    expect(r.settings.black).toBe("1h+3x60s");
  });

  it("handicap, White's side, volume and the late limit are set by choosing and confirming", () => {
    const u = setupUser();
    u.goTo("Handicap");
    u.key(MENU);
    u.goTo("3 stones");
    u.key(MENU);
    u.goTo("White is");
    u.key(MENU);
    u.goTo("on the left");
    u.key(MENU);
    u.goTo("Volume");
    u.key(MENU);
    u.set("Volume", 10);
    u.key(MENU);
    u.goTo("Late limit");
    u.key(MENU);
    u.goTo("15 min");
    u.key(MENU);
    expect(u.settings.handicap).toBe(3);
    expect(u.settings.whiteOnRight).toBe(false);
    expect(u.settings.volume).toBe(10);
    expect(u.settings.lateLimitMs).toBe(900000);
  });

  it("the board number: shown on its line, set on its own screen (held RIGHT: ten at a time), 0 for none", () => {
    const u = setupUser();
    u.goTo("Board number");
    expect(u.current()).toBe(line("Board number", "none"));
    u.key(MENU);
    expect(u.view().title).toBe("Board number");
    u.key(RIGHT, true);
    u.key(RIGHT, true);
    u.key(RIGHT);
    u.key(RIGHT);
    expect(u.current()).toBe(line("Board (0: none)", "22"));
    expect(u.view().lines).toContain(line("Set to", "22")); // the number, not a time
    expect(u.key(MENU, true).settings.board).toBe(0); // held MENU steps back: nothing changed
    u.key(MENU);
    u.set("Board (0: none)", 12);
    const r = u.key(MENU);
    expect([r.settings.board, r.message]).toEqual([12, "Board 12"]);
    expect(u.current()).toBe(line("Board number", "12"));
    u.key(MENU);
    u.key(LEFT);
    for (let i = 0; i < 12; i++) u.key(LEFT);
    u.key(MENU);
    expect([u.key(MENU).settings.board, u.view().note]).toEqual([0, "No board number"]);
  });

  it("choosing Japanese brings the Nihon Ki-in counting; the tradition can then be changed back", () => {
    const u = setupUser();
    u.goTo("Language");
    u.key(MENU);
    u.goTo("Japanese");
    u.key(MENU);
    expect(u.settings.lang).toBe("ja");
    expect(u.settings.tradition).toBe("nihon-kiin");
    u.goTo("Tradition");
    u.key(MENU);
    u.goTo("China 12.3");
    u.key(MENU);
    expect(u.settings.tradition).toBe("cn");
    expect(u.settings.lang).toBe("ja");
  });

  it("changing the PIN asks for the current one first", () => {
    const u = setupUser();
    u.goTo("Arbiter PIN");
    u.key(MENU);
    expect(u.view().title).toBe("Current PIN");
    u.digits("1111");
    expect(u.view().note).toBe("Wrong PIN (2 left)");
    expect(pinMatches(u.settings, "0000")).toBe(true);
    u.digits("0000");
    expect(u.view().title).toBe("New PIN: how long");
    u.key(MENU); // 4 digits
    expect(u.view().title).toBe("New PIN");
    u.digits("4271");
    expect([pinMatches(u.settings, "4271"), pinMatches(u.settings, "0000")]).toEqual([true, false]);
    expect(encodeSettings(u.settings)).not.toContain("4271");
    expect(u.view().title).toBe("Set-up");
  });

  it("a PIN of six digits: chosen when it is changed, asked for in full from then on", () => {
    const u = setupUser();
    u.goTo("Arbiter PIN");
    u.key(MENU);
    u.digits("0000");
    u.key(RIGHT); // 6 digits
    u.key(MENU);
    expect(u.view().pin).toBe("0-----");
    u.digits("427118");
    expect([pinMatches(u.settings, "427118"), pinMatches(u.settings, "4271")]).toEqual([true, false]);
    expect(pinDigits(u.settings)).toBe(6);
    // the next change asks for the six
    u.goTo("Arbiter PIN");
    u.key(MENU);
    expect(u.view().pin).toBe("0-----");
    u.digits("4271");
    expect(u.view().title).toBe("Current PIN"); // four of six: not yet judged
    u.digits("18");
    expect(u.view().title).toBe("New PIN: how long");
  });

  it("Ready confirms the set-up and closes the menu; nothing starts the game", () => {
    const u = setupUser();
    u.goTo("Ready");
    const r = u.key(MENU);
    expect(r.ready).toBe(true);
    expect(r.menu).toBeNull();
    expect(r.ops).toEqual([]);
    expect(u.clock.game.phase).toBe("setup");
  });

  it("a held MENU on the list leaves without Ready", () => {
    const u = setupUser();
    const r = u.key(MENU, true);
    expect(r.menu).toBeNull();
    expect(r.ready).toBe(false);
  });

  it("no sequence of presses produces a core operation or invalid settings, and only Ready readies", () => {
    const keys = fc.array(fc.record({ b: fc.constantFrom(LEFT, RIGHT, MENU), long: fc.boolean() }), { maxLength: 80 });
    fc.assert(
      fc.property(keys, (presses) => {
        const u = setupUser();
        for (const p of presses) {
          if (!u.menu) break;
          const wasReady = u.menu.screen === "list" && u.current().trim() === "Ready";
          const r = u.key(p.b, p.long);
          expect(r.ops).toEqual([]);
          if (r.ready) expect(wasReady && p.b === MENU && !p.long).toBe(true);
          expect(decodeSettings(encodeSettings(r.settings)).error).toBeNull();
          if (r.menu) {
            drawMenu(PageGraphics.frame(), r.menu, r.settings, u.clock.game);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

function line(left: string, right: string): string {
  return left + " ".repeat(21 - left.length - right.length) + right;
}

describe("the arbiter menu", () => {
  it("asks for the PIN first; a wrong PIN is refused and produces no operation", () => {
    const u = arbiterUser(pausedClock(), false);
    expect(u.view().title).toBe("Arbiter PIN");
    u.digits("123");
    const r = u.key(MENU);
    expect(r.ops).toEqual([]);
    expect(r.unlocked).toBe(false);
    expect(u.view().title).toBe("Arbiter PIN");
    expect(u.view().note).toBe("Wrong PIN (2 left)");
  });

  it("the right PIN opens the arbiter's list and unlocks", () => {
    const u = arbiterUser(pausedClock(), false);
    u.digits("0000");
    expect(u.view().title).toBe("Arbiter");
    expect(u.last!.unlocked).toBe(true);
    expect(u.ops).toEqual([]);
  });

  it("three wrong PINs close the menu, still locked", () => {
    const u = arbiterUser(pausedClock(), false);
    u.digits("1111");
    u.digits("2222");
    u.digits("3333");
    expect(u.menu).toBeNull();
    expect(u.last!.unlocked).toBe(false);
    expect(u.last!.message).toBe("Wrong PIN 3 times");
    expect(u.ops).toEqual([]);
  });

  it("a held MENU backs out of a digit, then leaves the PIN screen", () => {
    const u = arbiterUser(pausedClock(), false);
    u.digits("1");
    expect(u.view().pin).toBe("*0--");
    u.key(MENU, true);
    expect(u.view().pin).toBe("0---");
    u.key(MENU, true);
    expect(u.menu).toBeNull();
  });

  it("correcting Black's main time by +1 min produces one correct op with the new value", () => {
    const clock = pausedClock();
    const before = clock.reading("black", 200000).mainMs; // 1 h - 95 s - 30 s of the paused turn
    expect(before).toBe(3600000 - 95000 - 30000);
    const u = arbiterUser(clock, true);
    u.goTo("Correct Black");
    u.key(MENU);
    u.goTo("Main time");
    u.key(MENU);
    expect(u.view().title).toBe("Black main: 57:55");
    u.key(RIGHT); // +1 min
    expect(u.current()).toBe(line("+/- 1 min", ""));
    u.key(MENU);
    u.key(MENU); // past "+/- 1 s" to the OK line
    expect(u.current()).toBe(line("Set to", "58:55"));
    const r = u.key(MENU);
    expect(r.ops).toEqual([{ op: "correct", side: "black", field: "main", value: before + 60000 }]);
    expect(clock.reading("black", 200000).mainMs).toBe(before + 60000);
    expect(u.view().title).toBe("Correct Black");
  });

  it("corrects White's periods and a side's move count", () => {
    const clock = pausedClock();
    const u = arbiterUser(clock, true);
    u.goTo("Correct White");
    u.key(MENU);
    u.goTo("Periods left");
    u.key(MENU);
    u.set("Periods", 3);
    u.key(MENU);
    u.goTo("Moves made");
    u.key(MENU);
    u.set("Moves made", 4);
    u.key(MENU);
    expect(u.ops).toEqual([
      { op: "correct", side: "white", field: "periods", value: 3 },
      { op: "correct", side: "white", field: "moves", value: 4 },
    ]);
  });

  it("a proportional correction enters the true total elapsed time h:mm:ss", () => {
    const clock = pausedClock();
    const u = arbiterUser(clock, true);
    u.goTo("Proportional");
    u.key(MENU);
    expect(u.view().title).toBe("Measured 2:45"); // 95 s + 40 s + 30 s
    u.key(MENU); // hours stay
    u.key(RIGHT); // +1 min
    u.key(MENU);
    u.key(LEFT, true); // -10 s, a held LEFT
    u.key(MENU);
    expect(u.current()).toBe(line("Set to", "3:35"));
    u.key(MENU);
    expect(u.ops).toEqual([{ op: "rescale", totalMs: 215000 }]);
  });

  it("an equal split (22.9) enters the first half's length h:mm:ss and gives the split op", () => {
    const clock = pausedClock();
    const u = arbiterUser(clock, true);
    u.goTo("Equal split");
    u.key(MENU);
    expect(u.view().title).toBe("First half, split");
    u.key(MENU); // hours stay
    u.key(RIGHT); // +1 min
    u.key(MENU);
    u.key(MENU);
    expect(u.current()).toBe(line("Set to", "3:45"));
    u.key(MENU);
    expect(u.ops).toEqual([{ op: "split", totalMs: 225000 }]);
  });

  it("lateness: Absent and Arrive produce their ops for the chosen side", () => {
    const c = ctl("1h+5x60s");
    const clock = new Clock(newGame(c, c), defaultCallOptions(), 250, 1000);
    const u = arbiterUser(clock, true);
    u.goTo("Lateness");
    u.key(MENU);
    u.goTo("Absent White");
    u.key(MENU);
    u.goTo("Lateness");
    u.key(MENU);
    u.goTo("Arrive Black");
    u.key(MENU);
    expect(u.ops).toEqual([{ op: "absent", side: "white" }, { op: "arrive", side: "black" }]);
  });

  it("Pause, Resume, Timeout -> pass and End game give their ops; End asks first", () => {
    const clock = pausedClock();
    const u = arbiterUser(clock, true);
    u.goTo("End game");
    u.key(MENU);
    expect(u.view().title).toBe("End the game?");
    u.key(MENU); // "No" is under the cursor
    expect(u.ops).toEqual([]);
    u.goTo("Timeout -> pass");
    const r = u.key(MENU); // the app applies it; the core refuses (nobody ran out) and the app says why
    expect(r.ops).toEqual([{ op: "pass" }]);
    expect(r.menu).toBeNull();
    const v = arbiterUser(clock, true);
    v.goTo("Resume");
    expect(v.key(MENU).ops).toEqual([{ op: "resume" }]);
    expect(v.menu).toBeNull();
    const w = arbiterUser(clock, true);
    w.goTo("Pause");
    w.key(MENU);
    w.goTo("End game");
    w.key(MENU);
    w.goTo("Yes, end it");
    w.key(MENU);
    expect(w.ops).toEqual([{ op: "pause" }, { op: "end" }]);
    expect(clock.game.phase).toBe("ended");
  });

  it("Resume sits last: the list opens on Correct Black, and a game that is over offers no Resume", () => {
    const clock = pausedClock();
    const u = arbiterUser(clock, true);
    expect(u.current().startsWith("Correct Black")).toBe(true);
    expect(u.view().lines[u.view().lines.length - 1].trim()).toBe("Resume");
    expect(u.key(MENU).ops).toEqual([]); // one tap too many: the correction's screen, not a resumed game
    expect(u.view().title).toBe("Correct Black");
    // LEFT from the first item wraps round to Resume: two deliberate presses
    const v = arbiterUser(clock, true);
    v.key(LEFT);
    expect(v.current().trim()).toBe("Resume");
    clock.apply({ op: "end" }, clock.game.lastT + 1000);
    expect(clock.game.phase).toBe("ended");
    const w = arbiterUser(clock, true);
    expect(w.view().lines.map((l) => l.trim())).not.toContain("Resume");
    expect(w.view().lines.some((l) => l.startsWith("Pause"))).toBe(false);
  });

  it("New game closes the menu with the newGame flag; Lock closes it locked", () => {
    const u = arbiterUser(pausedClock(), true);
    u.goTo("New game");
    u.key(MENU);
    u.goTo("Yes, new game");
    const r = u.key(MENU);
    expect(r.newGame).toBe(true);
    expect(r.menu).toBeNull();
    expect(r.ops).toEqual([]);
    const l = arbiterUser(pausedClock(), true);
    l.goTo("Lock");
    const k = l.key(MENU);
    expect(k.unlocked).toBe(false);
    expect(k.menu).toBeNull();
  });

  it("no sequence of presses throws, nothing comes out before the PIN, and the core judges every op", () => {
    const keys = fc.array(fc.record({ b: fc.constantFrom(LEFT, RIGHT, MENU), long: fc.boolean() }), { maxLength: 80 });
    fc.assert(
      fc.property(keys, fc.boolean(), (presses, unlocked) => {
        const u = arbiterUser(pausedClock(), unlocked);
        for (const p of presses) {
          if (!u.menu) break;
          const locked = !u.menu.unlocked;
          u.t += 1000;
          const r = u.key(p.b, p.long); // applies the ops to a real clock: a refusal is data, never a throw
          if (locked) expect(r.ops).toEqual([]);
          if (u.menu) drawMenu(PageGraphics.frame(), u.menu, u.settings, u.clock.game);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("withNote shows the core's refusal at the bottom until the next key", () => {
    const u = arbiterUser(pausedClock(), true);
    u.menu = withNote(u.menu!, "a pass for a timeout is only given in byoyomi (22.5)");
    expect(u.view().note).toContain("22.5");
    u.key(RIGHT);
    expect(u.view().note).toBe("");
  });
});

describe("settings", () => {
  it("default: 2h+5x60s both sides, even, White on the right, zh, cn, volume 7, PIN 0000, 60 min", () => {
    expect(defaultSettings()).toEqual({
      black: "2h+5x60s", white: "2h+5x60s", handicap: 0, whiteOnRight: true, lang: "zh", tradition: "cn",
      volume: 7, pinHash: DEFAULT_PIN_HASH, lateLimitMs: 3600000, tournament: false, board: 0,
    });
    expect(pinMatches(defaultSettings(), "0000")).toBe(true);
    expect(DEFAULT_PIN_HASH).toBe(pinHash("0000", "00000000"));
  });

  it("the PIN is stored salted and hashed: the file never holds it, the same PIN differs between clocks", () => {
    const a = decodeSettings(encodeSettings(Object.assign(defaultSettings(), { pinHash: pinHash("4271", "1a2b3c4d") })));
    expect(a.error).toBeNull();
    expect(pinMatches(a.settings, "4271")).toBe(true);
    expect(pinMatches(a.settings, "4270")).toBe(false);
    expect(encodeSettings(a.settings)).not.toContain("4271");
    expect(pinHash("4271", "1a2b3c4d")).not.toBe(pinHash("4271", "1a2b3c4e"));
  });

  it("a PIN stored by an earlier firmware still matches: the hash's fixed vectors", () => {
    // written by the firmware before the hash's loop was made cheaper: the stored form must not change
    const stored = [
      ["0000", "4.00000000:023e880d359b75fc"], ["4271", "4.1a2b3c4d:74041eaa1ea30ce0"],
      ["123456", "6.ffffffff:6dd29e725084e263"], ["999999", "6.7fffffff:161502de737ac1fa"],
      ["0042", "4.00c0ffee:6f7267dc3f6d2314"],
    ];
    for (const [pin, h] of stored) {
      expect(pinHash(pin, h.slice(2, 10))).toBe(h);
      const s = Object.assign(defaultSettings(), { pinHash: h });
      expect(pinMatches(s, pin)).toBe(true);
      expect(pinMatches(s, pin.slice(0, -1) + (pin.slice(-1) === "9" ? "8" : "9"))).toBe(false);
    }
  });

  it("an older clock's one-round PIN hash still matches: its fixed vectors", () => {
    // written by the firmware before the hash's loop was made cheaper
    const stored = [["0042", "00c0ffee:3cbc266102909b3b"], ["9876", "ffffffff:137f31ff524ab71e"], ["0000", "00000000:581a78ef21acaf32"]];
    for (const [pin, h] of stored) {
      const s = Object.assign(defaultSettings(), { pinHash: h });
      expect(pinMatches(s, pin)).toBe(true);
      expect(pinMatches(s, pin.slice(0, -1) + (pin.slice(-1) === "9" ? "8" : "9"))).toBe(false);
    }
  });

  it("an older clock's plain PIN is taken over as a hash, and the file is to be written again", () => {
    const old = JSON.parse(encodeSettings(defaultSettings()));
    delete old.pinHash;
    old.pin = "0042";
    const r = decodeSettings(JSON.stringify(old));
    expect(r.error).toBeNull();
    expect(r.rewrite).toBe(true);
    expect(pinMatches(r.settings, "0042")).toBe(true);
    expect(encodeSettings(r.settings)).not.toContain("0042");
  });

  it("round-trip through the stored text; nothing stored yet is not an error", () => {
    const s = defaultSettings();
    s.black = "1h+C15/10m";
    s.pinHash = pinHash("0042", "00c0ffee");
    expect(decodeSettings(encodeSettings(s))).toEqual({ settings: s, error: null, rewrite: false });
    expect(decodeSettings(null)).toEqual({ settings: defaultSettings(), error: null });
  });

  it.each([
    ["not JSON", "{black: 2h", /not JSON/],
    ["an array", "[1,2]", /not a settings object/],
    ["null", "null", /not a settings object/],
    ["a string", '"2h"', /not a settings object/],
    ["empty text", "", /not JSON/],
  ])("corrupt text (%s) gives the defaults and an error", (_what, text, why) => {
    const r = decodeSettings(text);
    expect(r.settings).toEqual(defaultSettings());
    expect(r.error).toMatch(why);
  });

  it("bad fields fall back to their defaults, each named in the error; good ones are kept", () => {
    const good = JSON.parse(encodeSettings(defaultSettings()));
    const text = JSON.stringify(Object.assign(good, {
      black: "2h+", white: "1h+5x60s", handicap: 1, whiteOnRight: "yes", lang: "xx", tradition: 3, volume: 11, pinHash: "12a4", lateLimitMs: -5,
    }));
    const r = decodeSettings(text);
    expect(r.settings).toEqual(Object.assign(defaultSettings(), { white: "1h+5x60s" }));
    expect(r.error).toBe("bad black, handicap, whiteOnRight, lang, tradition, volume, pin, lateLimitMs: defaults used for them");
  });

  it("a damaged PIN hash alone: the default PIN and an error", () => {
    const r = decodeSettings(encodeSettings(Object.assign(defaultSettings(), { pinHash: "12a4" })));
    expect(r.settings).toEqual(defaultSettings());
    expect(r.error).toBe("bad pin: defaults used for it");
  });

  it("stores controls in their canonical notation", () => {
    const r = decodeSettings(encodeSettings(Object.assign(defaultSettings(), { black: "1h30m+5x60s", white: "0+3x30s" })));
    expect(r.settings.black).toBe("90m+5x60s");
    expect(r.settings.white).toBe("0+3x30s");
  });

  it("hostile text: prototype keys, huge numbers, a huge file; never throws", () => {
    expect(decodeSettings('{"__proto__": {"pin": "9999"}, "constructor": 1}').settings.pinHash).toBe(DEFAULT_PIN_HASH);
    expect(decodeSettings(JSON.stringify(Object.assign(defaultSettings(), { volume: 1e308 }))).settings.volume).toBe(7);
    expect(decodeSettings("{" + " ".repeat(5000) + "}").error).toMatch(/defaults used/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ black: v, pin: v, volume: v }))), (text) => {
        const r = decodeSettings(text);
        expect(decodeSettings(encodeSettings(r.settings)).error).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

describe("presets", () => {
  it("every preset parses, fits a menu line and ends with its notation as the core prints it", () => {
    for (const p of PRESETS) {
      const c = ctl(p.control);
      expect(p.label.length, p.label).toBeLessThanOrEqual(21);
      expect(formatControl(c)).toBe(p.control);
      expect(p.label.endsWith(" " + p.control), p.label).toBe(true);
    }
  });

  it("covers Chinese, Japanese, Korean, AGA and fast play, with the controls the issue names", () => {
    const labels = PRESETS.map((p) => p.label).join("|");
    for (const group of ["China", "Japan", "Korea", "AGA", "Fast"]) expect(labels).toContain(group);
    const controls = PRESETS.map((p) => p.control);
    for (const c of ["2h(5x60s)", "1h+5x60s", "30m+3x30s", "5x20s", "5x10s", "10m+F10s", "30m"]) expect(controls).toContain(c);
    expect(controls.some((c) => c.includes("+C"))).toBe(true);
    expect(new Set(controls).size).toBe(controls.length);
  });

  it("the preset both sides are set to is found, a split one is not", () => {
    expect(presetIndex("1h+5x60s", "1h+5x60s")).toBe(PRESETS.findIndex((p) => p.control === "1h+5x60s"));
    expect(presetIndex("1h+5x60s", "2h(5x60s)")).toBe(-1);
  });
});

describe("the menu code on Espruino", () => {
  it("bundles and passes the Espruino check", async () => {
    const { code } = await bundle(
      `import * as m from "./firmware/menu";\nimport * as s from "./firmware/record/settings";\nmodule.exports = [m, s];\n`,
      false,
    );
    expect(checkEspruino(code)).toEqual([]);
  }, 30_000);
});

// --- drawing step by step ---------------------------------------------------------------------------

describe("a menu redrawn step by step", () => {
  const keys = fc.array(fc.record({ b: fc.constantFrom(LEFT, RIGHT, MENU), long: fc.boolean() }), { maxLength: 60 });
  /** Walks the menu, drawing each step over the last as the app does; every frame must be the one a
   *  whole redraw gives, and the count of lines the one menuView shows. */
  const walk = (u: User, presses: { b: number; long: boolean }[]): boolean => {
    const g = PageGraphics.frame();
    let drawn: MenuDrawn | null = null;
    for (const p of presses) {
      if (!u.menu) break;
      u.t += 1000;
      u.key(p.b, p.long);
      if (!u.menu) break;
      if (screenLines(u.menu, u.settings, u.clock.game).n !== menuView(u.menu, u.settings, u.clock.game).lines.length) return false;
      drawn = drawMenu(g, u.menu, u.settings, u.clock.game, drawn);
      const whole = PageGraphics.frame();
      drawMenu(whole, u.menu, u.settings, u.clock.game);
      if (frameToText(g.frame) !== frameToText(whole.frame)) return false;
    }
    return true;
  };

  it("the set-up menu shows, after every key, the very frame a whole redraw gives", () => {
    fc.assert(fc.property(keys, (presses) => walk(setupUser(), presses)), { numRuns: 300 });
  });

  it("the arbiter's menu too, over a paused game and with its notes", () => {
    fc.assert(fc.property(keys, fc.boolean(), (presses, unlocked) => walk(arbiterUser(pausedClock(), unlocked), presses)), { numRuns: 300 });
  });

  it("every screen counts the lines it shows", () => {
    const game = pausedClock().game;
    const screens: Partial<Menu>[] = [{ screen: "list" }, { screen: "list", arbiter: true }];
    // each menu's screens on that menu (its room makes them)
    for (const screen of ["preset", "kind", "hcp", "wside", "lang", "trad", "vol", "board", "late", "pin", "oldpin", "newpin", "btpin", "pinlen", "tour", "?"]) screens.push({ screen: screen });
    for (const screen of ["pin", "cfield", "rescale", "split", "absent", "end", "new", "?"]) screens.push({ screen: screen, arbiter: true });
    for (let kind = 0; kind < 7; kind++) screens.push({ screen: "ctl", kind: kind });
    for (let kind = 0; kind < 5; kind++) screens.push({ screen: "cval", kind: kind, arbiter: true });
    for (const x of screens) {
      const m = Object.assign(openSetup(defaultSettings()), { vals: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, x) as Menu;
      expect(screenLines(m, defaultSettings(), game).n, m.screen + " " + m.kind).toBe(menuView(m, defaultSettings(), game).lines.length);
    }
  });

  it("a step down the list redraws two lines and the tag alone: the rows sent are those", () => {
    const u = setupUser();
    const g = PageGraphics.frame();
    let drawn = drawMenu(g, u.menu!, u.settings, u.clock.game, null);
    g.getModified(true);
    u.key(RIGHT);
    drawn = drawMenu(g, u.menu!, u.settings, u.clock.game, drawn);
    expect(g.getModified(true)).toEqual({ x1: 0, y1: 0, x2: 127, y2: 30 }); // the tag, lines 1 and 2
    drawMenu(g, u.menu!, u.settings, u.clock.game, drawn);
    expect(g.getModified(true)).toBeUndefined(); // nothing changed: nothing drawn, nothing to send
  });
});

// --- golden frames ------------------------------------------------------------------------------------

function golden(name: string, menu: Menu, settings: Settings, game: Game): void {
  const g = PageGraphics.frame();
  drawMenu(g, menu, settings, game);
  const text = frameToText(g.frame);
  const path = GOLDEN + "menu-" + name + ".txt";
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(path, text);
  expect(existsSync(path), path + " is missing: run UPDATE_GOLDEN=1 npx vitest run test/app/menu.test.ts and review it").toBe(true);
  expect(text, "if the change is meant, rerun with UPDATE_GOLDEN=1 and review the diff").toBe(readFileSync(path, "utf8"));
}

describe("golden frames of the menu", () => {
  it("the set-up menu's first screen: title, 1/16, Preset inverted, four more items", () => {
    const u = setupUser();
    golden("setup", u.menu!, u.settings, u.clock.game);
  });

  it("the control editor scrolled: Black, Canadian, Seconds to Block (s) inverted, OK line showing 1h+C15/10m", () => {
    const u = setupUser();
    blackCanadianOneHour(u);
    u.key(MENU);
    u.key(MENU);
    expect(u.current()).toBe(line("Block (s)", "0"));
    golden("control", u.menu!, u.settings, u.clock.game);
  });

  it("the PIN screen: one digit entered, the second being chosen (3), an earlier wrong try noted", () => {
    const u = arbiterUser(pausedClock(), false);
    u.digits("9999");
    u.digits("1");
    for (let i = 0; i < 3; i++) u.key(RIGHT);
    expect(u.view().pin).toBe("*3--");
    expect(u.view().note).toBe("Wrong PIN (2 left)");
    golden("pin", u.menu!, u.settings, u.clock.game);
  });

  it("the arbiter's list while paused, with a note", () => {
    const u = arbiterUser(pausedClock(), true);
    u.goTo("Correct Black");
    u.menu = withNote(u.menu!, "pause the clock first");
    golden("arbiter", u.menu!, u.settings, u.clock.game);
  });
});
