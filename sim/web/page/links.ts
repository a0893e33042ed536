// A set-up shared as a link: ?control=SPEC (both sides), black=, white=, handicap=, voice=. Applied
// through the console API (the core checks every value and words every refusal) only while the clock
// is in set-up, and all or nothing: on the first refusal the settings before the link are put back.
// After it the clock is ready as after the set-up menu's "Ready": White's press starts Black's clock.
// A link gives nothing more than the set-up menu does: no PIN, no arbiter operation.

import type { App } from "../../../firmware/app";
import type { ClockConsole } from "../../../firmware/link/console";
import { PACKS } from "../../../firmware/voice";

const NAMES = ["control", "black", "white", "handicap", "voice"];

/** What the link did, for the page to show: null if the address has no set-up in it. */
export function applyLink(app: App, con: ClockConsole, query: string): { ok: boolean; text: string } | null {
  // A "+" typed in the address is a plus here, not the form encoding's space: controls are written
  // with it (?control=2h+5x60s) and no value has a space.
  const q = new URLSearchParams(query.replace(/\+/g, "%2B"));
  const given = NAMES.filter((n) => q.has(n));
  if (given.length === 0) return null;
  const unknown: string[] = [];
  q.forEach((_v, k) => {
    if (NAMES.indexOf(k) < 0 && unknown.indexOf(k) < 0) unknown.push(k);
  });
  const before = app.settings;
  const refuse = (why: string) => {
    if (app.settings !== before) {
      app.changeSettings(before);
      app.refresh();
    }
    return { ok: false, text: "link not applied: " + why };
  };
  if (unknown.length) return refuse("unknown parameter " + unknown.join(", ") + " (" + NAMES.join(", ") + ")");
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
  return { ok: true, text: "set up by the link: black " + s.black + ", white " + s.white + ", handicap " + s.handicap + ", voice " + s.lang + "; " + (s.handicap >= 2 ? "Black" : "White") + " presses to start" };
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
