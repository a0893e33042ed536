// The commands that change the clock: set, unlock, lock, newgame, start and the arbiter operations.
// Each is one request, so the clock applies it whole or not at all.

import { parseControl, isParseError, parseDuration } from "../../../firmware/core/index";
import { MAX_BOARD } from "../../../firmware/record/settings";
import { PIN_HELP, PIN_OPTION, PORT_HELP, PORT_OPTIONS, asArbiter, isPinShape, pinOf, usageError, wholeOption, type Command, type Ctx, type Options } from "../command";

function controlOption(v: string | boolean | undefined, name: string): string | undefined {
  if (typeof v !== "string") return undefined;
  const c = parseControl(v);
  if (isParseError(c)) throw usageError("--" + name + " '" + v + "': " + c.error + " at character " + (c.at + 1));
  return v;
}

const SET_OPTIONS: Options = Object.assign(
  {
    control: { type: "string" },
    black: { type: "string" },
    white: { type: "string" },
    handicap: { type: "string" },
    "white-side": { type: "string" },
    lang: { type: "string" },
    tradition: { type: "string" },
    volume: { type: "string" },
    "late-limit": { type: "string" },
    tournament: { type: "string" },
    board: { type: "string" },
    "new-pin": { type: "string" },
  },
  PIN_OPTION,
  PORT_OPTIONS,
);

/** The set request's fields from the options; a malformed one is refused before anything is sent. */
export function settingsFrom(v: Ctx["values"]): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  if (v.control !== undefined && (v.black !== undefined || v.white !== undefined)) throw usageError("--control sets both sides: give it, or --black and --white, not both");
  const both = controlOption(v.control, "control");
  if (both) s.control = both;
  const black = controlOption(v.black, "black");
  if (black) s.black = black;
  const white = controlOption(v.white, "white");
  if (white) s.white = white;
  const h = wholeOption(v, "handicap", 0, 9);
  if (h !== undefined) {
    if (h === 1) throw usageError("--handicap is 0 (even) or 2 to 9 stones");
    s.handicap = h;
  }
  const ws = v["white-side"];
  if (ws !== undefined) {
    if (ws !== "left" && ws !== "right") throw usageError("--white-side is left or right (seen from the display's side)");
    s.whiteOnRight = ws === "right";
  }
  if (typeof v.lang === "string") s.lang = v.lang;
  if (typeof v.tradition === "string") s.tradition = v.tradition;
  const vol = wholeOption(v, "volume", 0, 10);
  if (vol !== undefined) s.volume = vol;
  const late = v["late-limit"];
  if (typeof late === "string") {
    if (late === "off") s.lateLimitMs = 0;
    else {
      const d = parseDuration(late);
      if (isParseError(d)) throw usageError("--late-limit '" + late + "': " + d.error);
      s.lateLimitMs = d;
    }
  }
  const tour = v.tournament;
  if (tour !== undefined) {
    if (tour !== "on" && tour !== "off") throw usageError("--tournament is on or off");
    s.tournament = tour === "on";
  }
  const board = wholeOption(v, "board", 0, MAX_BOARD);
  if (board !== undefined) s.board = board;
  const np = v["new-pin"];
  if (typeof np === "string") {
    if (!isPinShape(np)) throw usageError("--new-pin: a PIN is 4 or 6 digits");
    s.pin = np;
  }
  if (Object.keys(s).length === 0) throw usageError("set what? (goclock set --help)");
  return s;
}

function settingsText(ok: unknown): string {
  if (typeof ok !== "object" || ok === null) return String(ok);
  const o = ok as Record<string, unknown>;
  return Object.keys(o)
    .filter((k) => k !== "pin")
    .map((k) => k + ": " + (typeof o[k] === "string" ? o[k] : JSON.stringify(o[k])))
    .join("\n");
}

export const set: Command = {
  name: "set",
  summary: "the time control (both or one side), handicap, White's side, voice, volume, lateness limit, tournament, board, PIN",
  usage: "--port PATH [--control SPEC | --black SPEC --white SPEC] [options]",
  help:
    "  --control SPEC    both sides' time control: 2h+5x60s, 90m, 1h+15/10m, 10m+F5s … (README)\n" +
    "  --black SPEC, --white SPEC   one side's (time odds)\n" +
    "  --handicap N      0 (even) or 2 to 9 stones\n" +
    "  --white-side left|right   which button is White's, seen from the display's side\n" +
    "  --lang ID         voice pack: zh, en, ja (the one flashed)\n" +
    "  --tradition ID    counting tradition: cn (rule 12.3) or nihon-kiin (the 10 is the loss)\n" +
    "  --volume N        0 (mute) to 10\n" +
    "  --late-limit DUR  lateness forfeit limit: 60m (22.1), 15m (22.2) or off\n" +
    "  --tournament on|off   the tournament setting: set-up behind the PIN, and the clock's state\n" +
    "                    broadcast to the hall (goclock hall); switching it off needs the PIN\n" +
    "  --board N         the board number the hall shows it under: 1 to " + MAX_BOARD + " (0: none)\n" +
    "  --new-pin PIN     the arbiter's new PIN (4 digits, or 6 where the clock offers them)\n" +
    PIN_HELP + "\n" + PORT_HELP + "\n\n" +
    "All or nothing: if the clock refuses one value, none is changed. During a game the clock\n" +
    "refuses unless unlocked (--pin).",
  port: true,
  options: SET_OPTIONS,
  run: async (ctx) => {
    const fields = settingsFrom(ctx.values);
    pinOf(ctx.values);
    const client = await ctx.open();
    const ok = await asArbiter(client, ctx.values, () => client.request("set", fields));
    if (typeof fields.pin === "string") client.defaultPin = fields.pin === "0000";
    ctx.print(settingsText(ok), { settings: ok });
    return 0;
  },
};

export const unlock: Command = {
  name: "unlock",
  summary: "the arbiter's access during a game, with the PIN (until play resumes, or lock)",
  usage: "--port PATH --pin PIN",
  help: "  --pin PIN         the arbiter's PIN (or GOCLOCK_PIN)\n" + PORT_HELP + "\n\nThree wrong PINs in a row (here or on the clock's menu) block PIN entry for a minute.",
  port: true,
  options: Object.assign({}, PIN_OPTION, PORT_OPTIONS),
  run: async (ctx) => {
    const pin = pinOf(ctx.values);
    if (pin === undefined) throw usageError("unlock needs --pin PIN (or GOCLOCK_PIN)");
    const ok = await (await ctx.open()).request("unlock", { pin: pin });
    ctx.print(String(ok), { result: ok });
    return 0;
  },
};

/** A command that sends one request and prints the clock's answer. */
function simple(name: string, summary: string, request: string): Command {
  return {
    name: name,
    summary: summary,
    usage: "--port PATH" + (request === "newgame" ? " [--pin PIN]" : ""),
    help: (request === "newgame" ? PIN_HELP + "\n" : "") + PORT_HELP,
    port: true,
    options: Object.assign({}, request === "newgame" ? PIN_OPTION : {}, PORT_OPTIONS),
    run: async (ctx) => {
      pinOf(ctx.values);
      const client = await ctx.open();
      const ok = await asArbiter(client, ctx.values, () => client.request(request));
      ctx.print(String(ok), { result: ok });
      return 0;
    },
  };
}

export const lock = simple("lock", "end the arbiter's access now", "lock");
export const newgame = simple("newgame", "back to set-up for the next game (erases the last game's records)", "newgame");

/** An arbiter operation: its words are sent as the clock's op, e.g. "correct black main 5m". */
function op(name: string, args: string, summary: string, words: [number, number]): Command {
  return {
    name: name,
    summary: summary,
    usage: "--port PATH " + (args ? args + " " : "") + "[--pin PIN]",
    help: PIN_HELP + "\n" + PORT_HELP,
    port: true,
    words: words,
    options: Object.assign({}, PIN_OPTION, PORT_OPTIONS),
    run: async (ctx) => {
      pinOf(ctx.values);
      const text = (name === "op" ? [] : [name]).concat(ctx.words).join(" ");
      const client = await ctx.open();
      const ok = await asArbiter(client, ctx.values, () => client.request("op", { words: text }));
      ctx.print(String(ok), { result: ok });
      return 0;
    },
  };
}

export const OPS: Command[] = [
  op("start", "", "start the game (the clock of the side to move runs)", [0, 0]),
  op("pause", "", "stop the clock (14, 22.9)", [0, 0]),
  op("resume", "", "go on after a pause", [0, 0]),
  op("end", "", "the game is over: stop the clock (12.4.4)", [0, 0]),
  op("correct", "SIDE main|periods|block|movesleft|moves VALUE", "set one side's reading, paused (22.8): correct black main 1h5m", [3, 3]),
  op("rescale", "TOTAL", "share the true total elapsed time in proportion to the used times (22.8)", [1, 1]),
  op("split", "TOTAL", "no written record of the first part: each side used half of TOTAL (22.9)", [1, 1]),
  op("absent", "SIDE", "the player is absent at the start: its time runs (22.1-22.4)", [1, 1]),
  op("arrive", "SIDE", "the absent player arrives: the lateness is deducted again", [1, 1]),
  op("pass", "", "turn a loss on time in the last period into a pass (22.5)", [0, 0]),
  op("op", "WORDS…", "any operation in the clock's words, e.g. op query white", [1, 6]),
];
