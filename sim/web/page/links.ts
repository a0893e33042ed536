// A set-up shared as a link: ?control=SPEC (both sides), black=, white=, handicap=, voice=. Every
// parameter is checked: an unknown name (a typo: ?contol=) or one given twice refuses the link, with
// the name. The values go through the console API (the core checks them and words every refusal),
// all or nothing: on the first refusal the settings before the link are put back. After it the clock
// is ready as after the set-up menu's "Ready": White's press starts Black's clock. A link gives
// nothing more than the set-up menu does: no PIN, no arbiter operation. Over a stored game it is
// tried first on a scratch copy of the clock (tryLink), so the page can offer the new game knowing
// the link is good.

import { startApp, type App } from "../../../firmware/app";
import { makeConsole, type ClockConsole } from "../../../firmware/link/console";
import { PACKS } from "../../../firmware/voice";
import { MemoryStore, SimBoard, VirtualTime } from "../../board";

export const NAMES = ["control", "black", "white", "handicap", "voice"];

export interface LinkResult {
  ok: boolean;
  text: string;
  /** What a link that applies sets up: "black 10m+3x30s, white 10m+3x30s, handicap 0, voice en". */
  setup?: string;
}

/** The address's parameters, or null when it has none. A "+" typed in the address is a plus here,
 *  not the form encoding's space: controls are written with it (?control=2h+5x60s). */
export function linkParams(query: string): URLSearchParams | null {
  const q = new URLSearchParams(query.replace(/\+/g, "%2B"));
  let any = false;
  q.forEach(() => (any = true));
  return any ? q : null;
}

/** Edit distance, for "did you mean" (names of a few letters: the plain table is enough). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

function unknownName(k: string): string {
  const low = k.toLowerCase();
  let best = "";
  let bestD = 3; // two letters off at most
  for (const n of NAMES) {
    const d = distance(low, n);
    if (d < bestD) {
      best = n;
      bestD = d;
    }
  }
  return (k === "" ? "(an empty name)" : k) + (best ? " (did you mean " + best + "?)" : "");
}

/** Why the link's names cannot be used, or null: every name must be known, and given once. */
function namesProblem(q: URLSearchParams): string | null {
  const unknown: string[] = [];
  const twice: string[] = [];
  const seen: string[] = [];
  q.forEach((_v, k) => {
    if (NAMES.indexOf(k) < 0) {
      if (unknown.indexOf(k) < 0) unknown.push(k);
    } else if (seen.indexOf(k) >= 0) {
      if (twice.indexOf(k) < 0) twice.push(k);
    } else seen.push(k);
  });
  if (unknown.length) return "unknown parameter" + (unknown.length > 1 ? "s " : " ") + unknown.map(unknownName).join(", ") + "; a link takes " + NAMES.join(", ");
  if (twice.length) return twice.join(", ") + " given more than once: a link gives each once";
  return null;
}

/** Applies the link to the clock, or refuses it and changes nothing; null if the address has none. */
export function applyLink(app: App, con: ClockConsole, query: string): LinkResult | null {
  const q = linkParams(query);
  if (!q) return null;
  const before = app.settings;
  const refuse = (why: string) => {
    if (app.settings !== before) {
      app.changeSettings(before);
      app.refresh();
    }
    return { ok: false, text: "link not applied: " + why };
  };
  const names = namesProblem(q);
  if (names) return refuse(names);
  if (app.clock.game.phase !== "setup") return refuse("a game is on (the time control is set before the game starts)");
  const steps: [string, () => string][] = [
    ["control", () => con.control(q.get("control"))],
    ["black", () => con.control(q.get("black"), "black")],
    ["white", () => con.control(q.get("white"), "white")],
    ["handicap", () => con.handicap(/^\d+$/.test(q.get("handicap") || "") ? parseInt(q.get("handicap")!, 10) : NaN)],
    ["voice", () => voice(app, q.get("voice") || "")],
  ];
  for (const [name, step] of steps) {
    if (!q.has(name)) continue;
    const r = step();
    if (r.indexOf("ok") !== 0) return refuse(name + ": " + r.replace(/^error: /, ""));
  }
  app.armed = true;
  app.refresh();
  const s = app.settings;
  const setup = "black " + s.black + ", white " + s.white + ", handicap " + s.handicap + ", voice " + s.lang;
  return { ok: true, text: "set up by the link: " + setup + "; " + (s.handicap >= 2 ? "Black" : "White") + " presses to start", setup: setup };
}

/** What the link would do on a clock in set-up with these settings, tried on a scratch copy of the
 *  firmware (its own board and records): the same checks and words, nothing of the live clock touched. */
export function tryLink(settings: App["settings"], query: string): LinkResult | null {
  const scratch = startApp(new SimBoard(new VirtualTime(), new MemoryStore()));
  scratch.changeSettings(Object.assign({}, settings));
  return applyLink(scratch, makeConsole(scratch), query);
}

/** The voice pack and, as the device's menu does, its counting tradition. */
function voice(app: App, id: string): string {
  const p = PACKS.filter((x) => x.id === id)[0];
  if (!p) return "error: no voice pack '" + id + "' (" + PACKS.map((x) => x.id).join(", ") + ")";
  const s = Object.assign({}, app.settings);
  s.lang = p.id;
  s.tradition = p.tradition;
  app.changeSettings(s);
  return "ok";
}

/** The game a link's page played: the address's query and the stored game's first records (its
 *  header and first event, with that event's instant). A reload of that page finds its own game and
 *  is not offered a new one; any other stored game is. Kept in the page's own key of localStorage. */
export class LinkMark {
  private storage: Storage | null;
  private key = "goclock-page.link";
  private marked = "";

  constructor(storage: Storage | null) {
    this.storage = storage;
  }

  private static gameId(app: App): string {
    const st = app.board.store;
    return st.count() >= 2 ? st.record(0) + "\n" + st.record(1) : "";
  }

  /** After a frame: a game under way on the page at this address is that address's game. */
  note(app: App, query: string): void {
    if (!this.storage || app.clock.game.phase === "setup") return;
    const id = LinkMark.gameId(app);
    if (!id || id === this.marked) return;
    this.marked = id;
    try {
      this.storage.setItem(this.key, JSON.stringify({ q: query, game: id }));
    } catch (e) {
      /* no room: a reload then offers the link's new game, nothing worse */
    }
  }

  /** Is the stored game the one this address's page played? */
  isOwn(app: App, query: string): boolean {
    let m: { q?: unknown; game?: unknown } = {};
    try {
      m = JSON.parse((this.storage && this.storage.getItem(this.key)) || "{}") as typeof m;
    } catch (e) {
      return false;
    }
    const id = LinkMark.gameId(app);
    return id !== "" && m.q === query && m.game === id;
  }
}
