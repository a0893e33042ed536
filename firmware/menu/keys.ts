// The keys: menuKey(menu, key) → a new menu, new settings and the core operations to apply. Nothing
// changes until an item is confirmed: a list item opens its screen, MENU on a choice or on a
// draft's OK line confirms it, MENU held steps back.

import { LEFT, RIGHT, MENU } from "../board";
import type { Settings } from "../record/settings";
import type { Game } from "../core/index";
import { pinMatches, withPin, pinDigits } from "./shared";
import { type Menu, type MenuResult, TRIES, ROOMS, ENTER, FIELDS, withNote } from "./state";
import type { FieldDef } from "./fields";
import { screenLines } from "./text";

/** Whether a PIN is the arbiter's (the app's check also counts wrong ones across menu and console). */
export type PinCheck = (code: string) => boolean;

/** One button event in a menu at t (now). `long`: held (MENU: 1.5 s). A correction starts from the
 *  reading at t, made only then (a reading is dear on the board; a step needs none).
 *  `checkPin`: how an entered PIN is judged (without it: against the settings). */
export function menuKey(m0: Menu, s: Settings, game: Game, t: number, button: number, long: boolean, checkPin?: PinCheck): MenuResult {
  const m = withNote(m0, "");
  const r: MenuResult = { menu: m, settings: s, ops: [], ready: false, unlocked: m.unlocked, newGame: false, bluetooth: false, usb: false, message: "" };
  if (button !== LEFT && button !== RIGHT && button !== MENU) return r;
  // (one function: each of a menu's file is jsvars while the menu is open)
  let back = false; // MENU held on a screen's start: one step back, or the menu closes
  const rm = ROOMS[m.arbiter ? 1 : 0]; // the menu's room
  if ("|pin|oldpin|newpin|btpin|usbpin|.".indexOf("|" + m.screen + "|") >= 0) {
    // a PIN screen: LEFT/RIGHT choose the digit, MENU enters it, MENU held takes one back (or leaves)
    if (button === LEFT) m.sel = (m.sel + 9) % 10;
    else if (button === RIGHT) m.sel = (m.sel + 1) % 10;
    else if (long) {
      if (m.vals.length > 0) {
        m.vals.pop();
        m.sel = 0;
      } else back = true;
    } else {
      m.vals.push(m.sel);
      m.sel = 0;
      if (m.vals.length >= m.kind) {
        const code = m.vals.join("");
        m.vals = [];
        if (m.screen === "newpin") {
          if (!pinMatches(s, code)) r.settings = withPin(s, code);
          m.note = "PIN changed";
          m.kind = 0;
          m.screen = "list";
          m.sel = 0;
        } else if (!(checkPin ? checkPin(code) : pinMatches(s, code))) {
          m.tries++;
          if (m.tries >= TRIES) {
            m.note = "Wrong PIN " + TRIES + " times";
            r.menu = null;
          } else m.note = "Wrong PIN (" + (TRIES - m.tries) + " left)";
        } else {
          m.tries = 0;
          m.kind = 0; // the digits are in: the screens after it use kind for their own
          if (m.screen === "oldpin") {
            m.screen = "pinlen";
            m.sel = pinDigits(s) === 6 ? 1 : 0;
          } else {
            if (m.screen === "btpin") r.bluetooth = true;
            else if (m.screen === "usbpin") r.usb = true;
            else m.item = 0;
            m.unlocked = true;
            m.screen = "list";
            m.sel = 0;
          }
        }
      }
    }
  } else if ("|ctl|vol|board|rescale|split|cval|.".indexOf("|" + m.screen + "|") >= 0) {
    // a draft: LEFT/RIGHT change a field, MENU goes to the next (from the OK line: confirms), held back
    const fields = rm(FIELDS, m, s, game, 0, null) as FieldDef[];
    if (button === MENU) {
      if (!long) {
        if (m.sel < fields.length) m.sel++;
        else rm(ENTER, m, s, game, t, r);
      } else if (m.sel > 0) m.sel--;
      else back = true;
    } else if (m.sel < fields.length) {
      const f = fields[m.sel];
      const step = long ? f.big : f.step;
      const v = m.vals[f.idx] + (button === LEFT ? -step : step);
      m.vals[f.idx] = v < f.min ? f.min : v > f.max ? f.max : v;
    }
  } else if (button === MENU && long) back = true;
  else if (button === MENU) rm(ENTER, m, s, game, t, r);
  else {
    const n = screenLines(m, s, game).n; // a list's count split once
    const d = button === LEFT ? n - 1 : 1;
    if (m.screen === "list") m.item = (m.item + d) % n;
    else m.sel = (m.sel + d) % n;
  }
  if (back) {
    if (m.screen === "list" || m.screen === "pin") r.menu = null;
    else rm(ENTER, m, s, game, t, null);
  }
  r.unlocked = m.unlocked;
  r.message = m.note;
  return r;
}
