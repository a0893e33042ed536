// Every export states the game it records (issue 17): both sides' controls, handicap, White's side,
// lateness limit and the firmware's fingerprint at the top of the text log, before the CSV's header
// and in the JSON, from the log's own `game` (the status's for an older clock); `--game previous`
// reads the game before, and is refused where the clock keeps none. Against the fake clock.

import { describe, it, expect, beforeEach, afterEach } from "vitest";
import sgf from "@sabaki/sgf";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "../core/helpers";
import type { LogEntry as CoreEntry, Reading } from "../../firmware/core/index";
import type { LogItem } from "../../firmware/link/protocol";
import type { GameInfo } from "../../hw/tool/wire";
import { clockAnswers, fakeClock, goclock, ptyPair, type FakeState, type PtyPair } from "./tool-pty";

/** A simulated game's log as the link carries it. */
function logOf(script: string): LogItem[] {
  const side = (x: Reading) => ({ mainMs: x.mainMs, periodsLeft: x.periodsLeft, periodMs: x.periodMs, movesLeft: x.movesLeft, moves: x.moves, usedMs: x.usedMs, leftMs: x.shownMs });
  return run(script).clock.log.map((e: CoreEntry) => {
    const o: LogItem = { t: e.t, what: e.what, text: "", black: side(e.black), white: side(e.white) };
    if (e.side) o.side = e.side;
    if (e.info) o.info = e.info;
    return o;
  });
}

const ODDS: GameInfo = { black: "1m+3x30s", white: "2m+3x30s", handicap: 2, whiteOnRight: false, lateLimitMs: 900000, firmware: "ba0411eb" };
const EVEN: GameInfo = { black: "5m", white: "5m", handicap: 0, whiteOnRight: true, lateLimitMs: 0, firmware: "ba0411eb" };
const ODDS_LOG = logOf("control black 1m+3x30s\ncontrol white 2m+3x30s\nhandicap 2\nat 0 press black\nat 20 press white\nat 50 press black\nat 95 press white\nrun 100\n");
const EVEN_LOG = logOf("control 5m\nat 0 press white\nat 12 press black\nat 30 press white\nrun 40\n");

const state = (o: Partial<FakeState>): FakeState => Object.assign({ pin: "1234", phase: "running", game: ODDS, log: ODDS_LOG, prompt: "open", tries: 3, firmware: "ba0411eb" } as FakeState, o);
const logRequests = (lines: string[]) => lines.map((l) => JSON.parse(l.slice(l.indexOf(" ") + 1, l.lastIndexOf("*")))).filter((b) => b.c === "log");

let pty: PtyPair;
beforeEach(async () => {
  pty = await ptyPair();
});
afterEach(() => pty.close());

describe("exports state the game", { timeout: 120000 }, () => {
  it("text, CSV, JSON and SGF: the log's game at the top, its times counted from the game's start", async () => {
    const fake = await fakeClock(pty.clock, clockAnswers(state({})));
    const text = await goclock(["log", "--port", pty.tool]);
    const csv = await goclock(["log", "--port", pty.tool, "--csv"]);
    const json = await goclock(["log", "--port", pty.tool, "--json"]);
    const record = await goclock(["sgf", "--port", pty.tool]);
    await fake.close();
    const statement = "game: Black 1m+3x30s, White 2m+3x30s (time odds); handicap 2; White's button left; lateness limit 15:00; firmware ba0411eb";
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(statement);
    expect(lines.length).toBe(1 + ODDS_LOG.length);
    expect(lines[1]).toMatch(/^0:00:00\.000 /);
    expect(csv.stdout.split("\n").slice(0, 7)).toEqual([
      "# black: 1m+3x30s",
      "# white: 2m+3x30s",
      "# handicap: 2",
      "# white's button: left",
      "# lateness limit: 15:00",
      "# firmware: ba0411eb",
      csv.stdout.split("\n")[6],
    ]);
    expect(csv.stdout.split("\n")[6]).toMatch(/^time,event,t_ms,/);
    const out = JSON.parse(json.stdout);
    expect(Object.keys(out)[0]).toBe("game");
    expect(out.game).toEqual(ODDS);
    expect(out.entries.length).toBe(ODDS_LOG.length);
    const root = sgf.parse(record.stdout)[0].data;
    expect(root).toMatchObject({ TM: ["60"], OT: ["3x30 byo-yomi"], HA: ["2"] });
    expect(root.GC).toEqual(["goclock " + statement]);
  });

  it("--game previous reads the game before (its own statement); a clock without one refuses (1); a bad word is a usage error (2)", async () => {
    const s = state({ previous: { game: EVEN, log: EVEN_LOG } });
    const fake = await fakeClock(pty.clock, clockAnswers(s));
    const prev = await goclock(["log", "--port", pty.tool, "--game", "previous"]);
    const prevSgf = await goclock(["sgf", "--port", pty.tool, "--game", "previous"]);
    const asked = logRequests(fake.requests);
    s.previous = undefined;
    const none = await goclock(["log", "--port", pty.tool, "--game", "previous"]);
    const bad = await goclock(["log", "--port", pty.tool, "--game", "last"]);
    await fake.close();
    expect(prev.code, prev.stderr).toBe(0);
    expect(prev.stdout.split("\n")[0]).toBe("game: Black 5m, White 5m; handicap 0 (even game); White's button right; lateness limit off; firmware ba0411eb");
    expect(prev.stdout.trimEnd().split("\n").length).toBe(1 + EVEN_LOG.length);
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) expect(r.game).toBe(1);
    const root = sgf.parse(prevSgf.stdout)[0].data;
    expect(root).toMatchObject({ TM: ["300"] });
    expect(root.OT).toBeUndefined();
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("the clock refused: no previous game on the clock; nothing changed");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--game is current or previous, not 'last'");
  });

  it("an older clock, whose log does not state its game: the status's, the firmware by its version; no previous game to be had", async () => {
    const fake = await fakeClock(pty.clock, clockAnswers(state({ firmware: undefined, previous: { game: EVEN, log: EVEN_LOG } })));
    const text = await goclock(["log", "--port", pty.tool]);
    const prev = await goclock(["log", "--port", pty.tool, "--game", "previous"]);
    await fake.close();
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split("\n")[0]).toBe("game: Black 1m+3x30s, White 2m+3x30s (time odds); handicap 2; White's button left; lateness limit 15:00; firmware no fingerprint (version 0.1.0-test)");
    // it would have answered with the game on the clock: never taken for the previous one
    expect(prev.code).toBe(1);
    expect(prev.stderr).toContain("this clock's firmware keeps no previous game");
    expect(prev.stdout).toBe("");
  });

  it("--into a record that is cut short: refused before the clock is asked (2), nothing written", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "goclock-cut-")), "cut.sgf");
    writeFileSync(file, "(;GM[1]FF[4]SZ[19];B[pd];W[dd];B[pp]");
    const fake = await fakeClock(pty.clock, clockAnswers(state({})));
    const cut = await goclock(["sgf", "--port", pty.tool, "--into", file, "--out", file + ".timed"]);
    await fake.close();
    expect(cut.code).toBe(2);
    expect(cut.stderr).toContain(file + ": the game record is not whole: it ends before its game tree is closed (1 ')' missing: the file is cut short); nothing merged");
    expect(fake.requests).toEqual([]);
    expect(existsSync(file + ".timed")).toBe(false);
  });
});
