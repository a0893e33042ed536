// The keys: menuKey(menu, key) → a new menu, new settings and the core operations to apply. Nothing
// changes until an item is confirmed: a list item opens its screen, MENU on a choice or on a
// draft's OK line confirms it, MENU held steps back.

import { LEFT, RIGHT, MENU } from "../board";
import type { Settings } from "../record/settings";
import type { Game } from "../core/index";
import { presets, presetIndex } from "../presets";
import { pinMatches, withPin, pinDigits, TRADITIONS, controlOf, readSide, clockText } from "./shared";
import { PACKS } from "../packs"; // a copy in the menus' file (build/cold.ts)
import {
  type Menu, type MenuResult, TRIES, SETUP_ITEMS, arbiterItems, itemsOf, HANDICAPS, LATE_MIN, sideName, clamp, copyMenu,
  copySettings, langName, traditionName, handicapText, lateText, control, isPin, correctable, readingValue,
  readingText, usedTotal, toList, openSub, backKey,
} from "./state";
import { CFIELD_SHORT, cfield, kindOf, draftOf, draftControl, fieldsOf, isFields } from "./fields";
import { lineCount, listMade } from "./text";

function selectSetup(m: Menu, s: Settings, r: MenuResult): void {
  const id = itemsOf(SETUP_ITEMS)[m.item];
  switch (id) {
    case "preset": return openSub(m, "preset", Math.max(0, presetIndex(s.black, s.white)));
    case "black": case "white": {
      m.side = id;
      const c = control(id === "black" ? s.black : s.white);
      m.vals = draftOf(c);
      return openSub(m, "kind", kindOf(c));
    }
    case "same": {
      if (s.white !== s.black) {
        r.settings = copySettings(s);
        r.settings.white = s.black;
      }
      m.note = "White: " + s.black;
      return;
    }
    case "hcp": return openSub(m, "hcp", Math.max(0, HANDICAPS.indexOf(s.handicap)));
    case "wside": return openSub(m, "wside", s.whiteOnRight ? 1 : 0);
    case "lang": {
      let at = 0;
      for (let i = 0; i < PACKS.length; i++) if (PACKS[i].id === s.lang) at = i;
      return openSub(m, "lang", at);
    }
    case "trad": {
      let at = 0;
      for (let i = 0; i < TRADITIONS.length; i++) if (TRADITIONS[i].id === s.tradition) at = i;
      return openSub(m, "trad", at);
    }
    case "vol": {
      m.vals = [s.volume];
      return openSub(m, "vol", 0);
    }
    case "late": {
      const at = LATE_MIN.indexOf(s.lateLimitMs / 60000);
      return openSub(m, "late", at < 0 ? 2 : at);
    }
    case "pin": {
      m.vals = [];
      m.kind = pinDigits(s);
      return m.unlocked ? openSub(m, "pinlen", m.kind === 6 ? 1 : 0) : openSub(m, "oldpin", 0);
    }
    case "tour": return openSub(m, "tour", s.tournament ? 1 : 0);
    case "board": {
      m.vals = [s.board];
      return openSub(m, "board", 0);
    }
    case "bt": case "usb": {
      m.vals = [];
      m.kind = pinDigits(s);
      if (!m.unlocked) return openSub(m, id + "pin", 0);
      if (id === "bt") r.bluetooth = true;
      else r.usb = true;
      return;
    }
  }
  // Ready: the set-up stands; the app waits for the start press.
  r.ready = true;
  r.menu = null;
}

function selectArbiter(m: Menu, game: Game, r: MenuResult): void {
  const id = itemsOf(arbiterItems(game))[m.item];
  switch (id) {
    case "pause":
      if (game.phase === "running") {
        r.ops.push({ op: "pause" });
        m.note = "Paused";
      } else {
        r.ops.push({ op: "resume" });
        r.menu = null;
      }
      return;
    case "cblack": case "cwhite":
      m.side = id === "cblack" ? "black" : "white";
      return openSub(m, "cfield", 0);
    case "rescale": case "split": {
      // both start at what the clock measured: the true elapsed time, or the first half's length
      const used = usedTotal(game);
      m.vals = [used, used];
      return openSub(m, id, 0);
    }
    case "absent": return openSub(m, "absent", 0);
    case "pass":
      r.ops.push({ op: "pass" });
      r.menu = null;
      return;
    case "end": return openSub(m, "end", 0);
    case "new": return openSub(m, "new", 0);
  }
  // Lock
  m.unlocked = false;
  r.menu = null;
  m.note = "Arbiter menu locked";
}

/** MENU on a choice. */
function chooseKey(m: Menu, s: Settings, game: Game, t: number, r: MenuResult): void {
  const i = m.sel;
  let n: Settings;
  switch (m.screen) {
    case "preset": {
      const p = presets()[i];
      n = copySettings(s);
      n.black = p.control;
      n.white = p.control;
      r.settings = n;
      m.note = p.label;
      return toList(m);
    }
    case "kind":
      m.kind = i;
      return openSub(m, "ctl", 0);
    case "hcp":
      n = copySettings(s);
      n.handicap = HANDICAPS[i];
      r.settings = n;
      m.note = "Handicap: " + handicapText(n.handicap);
      return toList(m);
    case "wside":
      n = copySettings(s);
      n.whiteOnRight = i === 1;
      r.settings = n;
      m.note = "White on the " + (n.whiteOnRight ? "right" : "left");
      return toList(m);
    case "lang":
      // a pack brings its own counting tradition; the Tradition item can change it afterwards
      n = copySettings(s);
      n.lang = PACKS[i].id;
      n.tradition = PACKS[i].tradition;
      r.settings = n;
      m.note = langName(n.lang) + ", " + traditionName(n.tradition);
      return toList(m);
    case "trad":
      n = copySettings(s);
      n.tradition = TRADITIONS[i].id;
      r.settings = n;
      m.note = "Tradition: " + traditionName(n.tradition);
      return toList(m);
    case "late":
      n = copySettings(s);
      n.lateLimitMs = LATE_MIN[i] * 60000;
      r.settings = n;
      m.note = "Late limit: " + lateText(n.lateLimitMs);
      return toList(m);
    case "tour":
      // off again only with the PIN (the menu asked for it: the lock was on)
      n = copySettings(s);
      n.tournament = i === 1;
      r.settings = n;
      m.note = "Tournament lock " + (n.tournament ? "on" : "off");
      return toList(m);
    case "pinlen":
      m.kind = i === 1 ? 6 : 4;
      m.vals = [];
      return openSub(m, "newpin", 0);
    case "cfield": {
      const f = correctable(controlOf(game, m.side))[i];
      const v = readingValue(readSide(game, m.side, t), f);
      m.kind = f;
      m.vals = [v, v];
      return openSub(m, "cval", 0);
    }
    case "absent":
      r.ops.push({ op: i < 2 ? "absent" : "arrive", side: i % 2 === 0 ? "black" : "white" });
      m.note = (i < 2 ? "Absent: " : "Arrived: ") + (i % 2 === 0 ? "Black" : "White");
      return toList(m);
    case "end":
      if (i === 1) {
        r.ops.push({ op: "end" });
        m.note = "Game ended";
      }
      return toList(m);
    case "new":
      if (i === 1) {
        r.newGame = true;
        r.menu = null;
      }
      return toList(m);
  }
}

function confirmFields(m: Menu, s: Settings, game: Game, r: MenuResult): void {
  if (m.screen === "ctl") {
    const d = draftControl(m.kind, m.vals);
    if (d.error) {
      m.note = d.error;
      return;
    }
    const n = copySettings(s);
    if (m.side === "black") n.black = d.text;
    else n.white = d.text;
    if (n.black !== s.black || n.white !== s.white) r.settings = n;
    m.note = sideName(m.side) + ": " + d.text;
    return toList(m);
  }
  if (m.screen === "vol") {
    if (m.vals[0] !== s.volume) {
      r.settings = copySettings(s);
      r.settings.volume = m.vals[0];
    }
    m.note = "Volume " + m.vals[0];
    return toList(m);
  }
  if (m.screen === "board") {
    if (m.vals[0] !== s.board) {
      r.settings = copySettings(s);
      r.settings.board = m.vals[0];
    }
    m.note = m.vals[0] ? "Board " + m.vals[0] : "No board number";
    return toList(m);
  }
  if (m.screen === "rescale") {
    r.ops.push({ op: "rescale", totalMs: m.vals[0] });
    m.note = "Rescaled to " + clockText(m.vals[0]);
    return toList(m);
  }
  if (m.screen === "split") {
    r.ops.push({ op: "split", totalMs: m.vals[0] });
    m.note = "Split " + clockText(m.vals[0]);
    return toList(m);
  }
  // cval
  r.ops.push({ op: "correct", side: m.side, field: cfield(m.kind), value: m.vals[0] });
  m.note = sideName(m.side) + " " + itemsOf(CFIELD_SHORT)[m.kind] + " " + readingText(m.kind, m.vals[0]);
  openSub(m, "cfield", Math.max(0, correctable(controlOf(game, m.side)).indexOf(m.kind)));
}

function fieldsKey(m: Menu, s: Settings, game: Game, r: MenuResult, button: number, long: boolean): void {
  const fields = fieldsOf(m, game);
  if (button === MENU) {
    if (long) {
      if (m.sel > 0) m.sel--;
      else if (m.screen === "cval") {
        const at = correctable(controlOf(game, m.side)).indexOf(m.kind);
        openSub(m, "cfield", Math.max(0, at));
      } else backKey(m, r);
    } else if (m.sel < fields.length) m.sel++;
    else confirmFields(m, s, game, r);
    return;
  }
  if (m.sel >= fields.length) return; // the OK line
  const f = fields[m.sel];
  const step = long ? f.big : f.step;
  m.vals[f.idx] = clamp(m.vals[f.idx] + (button === LEFT ? -step : step), f.min, f.max);
}

/** Whether a PIN is the arbiter's (the app's check also counts wrong ones across menu and console). */
export type PinCheck = (code: string) => boolean;

function pinKey(m: Menu, s: Settings, r: MenuResult, button: number, long: boolean, checkPin: PinCheck | undefined): void {
  if (button === LEFT) m.sel = (m.sel + 9) % 10;
  else if (button === RIGHT) m.sel = (m.sel + 1) % 10;
  else if (long) {
    if (m.vals.length > 0) {
      m.vals.pop();
      m.sel = 0;
    } else backKey(m, r);
  } else {
    m.vals.push(m.sel);
    m.sel = 0;
    if (m.vals.length < m.kind) return;
    const code = m.vals.join("");
    m.vals = [];
    if (m.screen === "newpin") {
      if (!pinMatches(s, code)) r.settings = withPin(s, code);
      m.note = "PIN changed";
      m.kind = 0;
      return toList(m);
    }
    if (!(checkPin ? checkPin(code) : pinMatches(s, code))) {
      m.tries++;
      if (m.tries >= TRIES) {
        m.note = "Wrong PIN " + TRIES + " times";
        r.menu = null;
      } else m.note = "Wrong PIN (" + (TRIES - m.tries) + " left)";
      return;
    }
    m.tries = 0;
    m.kind = 0; // the digits are in: the screens after it use kind for their own
    if (m.screen === "oldpin") return openSub(m, "pinlen", pinDigits(s) === 6 ? 1 : 0);
    if (m.screen === "btpin" || m.screen === "usbpin") {
      if (m.screen === "btpin") r.bluetooth = true;
      else r.usb = true;
      m.unlocked = true;
      return toList(m);
    }
    m.unlocked = true;
    m.item = 0;
    toList(m);
  }
}

/** One button event in a menu at t (now). `long`: held (MENU: 1.5 s). A correction starts from the
 *  reading at t, made only then (a reading is dear on the board; a step needs none).
 *  `checkPin`: how an entered PIN is judged (without it: against the settings). */
export function menuKey(m0: Menu, s: Settings, game: Game, t: number, button: number, long: boolean, checkPin?: PinCheck): MenuResult {
  const m = copyMenu(m0);
  m.note = "";
  const r: MenuResult = { menu: m, settings: s, ops: [], ready: false, unlocked: m.unlocked, newGame: false, bluetooth: false, usb: false, message: "" };
  if (button !== LEFT && button !== RIGHT && button !== MENU) return r;
  if (isPin(m.screen)) pinKey(m, s, r, button, long, checkPin);
  else if (isFields(m.screen)) fieldsKey(m, s, game, r, button, long);
  else if (button === MENU && long) backKey(m, r);
  else if (button === MENU) {
    if (m.screen !== "list") chooseKey(m, s, game, t, r);
    else if (m.arbiter) selectArbiter(m, game, r);
    else selectSetup(m, s, r);
  } else {
    const n = m.screen === "list" ? listMade(m, s, game).n : lineCount(m, game); // a list's count, split once
    const d = button === LEFT ? n - 1 : 1;
    if (m.screen === "list") m.item = (m.item + d) % n;
    else m.sel = (m.sel + d) % n;
  }
  r.unlocked = m.unlocked;
  r.message = m.note;
  return r;
}
