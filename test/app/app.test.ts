// The device app (TypeScript sources) on the desktop board, on virtual time. The built bundle on the
// Espruino double is tested in device.test.ts; this is the fast loop for the app's behaviour.
import { describe, it, expect } from "vitest";
import { makeConsole } from "../../firmware/link/console";
import { LEFT, RIGHT, MENU } from "../../firmware/board";
import { VirtualTime } from "../../sim/board";
import { type Device, device, lateDevice, faceShows } from "./desk";
import { logLines } from "../../firmware/record/readlog";
import { resultText } from "../../firmware/face";

/** What the app shows on the face's bottom line: its message, or once the game is over its result. */
function bottom(d: Device): string {
  return d.app.message || resultText(d.app.clock.game);
}

describe("the device app's display", () => {
  it("a press shows the other side running at once, and its release draws nothing", () => {
    const d = device("10m");
    d.start(); // Black's clock runs from 2 s
    d.at(5300);
    const frames = d.board.frames;
    d.board.edge(LEFT, true, 5300); // Black ends the move
    expect(d.board.frames).toBe(frames + 1);
    expect(d.app.clock.game.toMove).toBe("white");
    expect(faceShows(d, "")).toBe(true); // White's bar lit, Black's move counted, at the press itself
    // the bars (rows 0-8) alone: Black's countdown still reads 9:57
    expect(d.board.windows[d.board.windows.length - 1]).toEqual({ x1: 0, y1: 0, x2: 127, y2: 8 });
    d.board.edge(LEFT, false, 5380);
    expect(d.board.frames).toBe(frames + 1);
  });

  it("while a clock runs, a second's redraw is the running countdown's changed digit alone", () => {
    const d = device("10m");
    d.start();
    d.at(6100);
    const before = d.board.windows.length;
    d.at(9100);
    const seconds = d.board.windows.slice(before);
    // Black on the left shows 9:56, 9:55, 9:54: the last digit's 10 columns, of the countdown's 63
    expect(seconds).toEqual([0, 1, 2].map(() => ({ x1: 39, y1: 9, x2: 48, y2: 39 })));
  });

  it("second by second, through main time, byoyomi periods and a flag, the face is the one a whole redraw gives", () => {
    const d = device("5s+2x3s");
    d.start(); // Black's clock runs from 2 s: 5 s, then two periods of 3 s
    for (let t = 2000; t < 21000; t += 250) {
      d.at(t);
      expect(faceShows(d, bottom(d)), "at " + t).toBe(true);
      if (t === 8000) d.tap(LEFT, t); // Black moves in its first period; White's main time runs
    }
    expect(d.app.clock.game.phase).toBe("flagged");
  });

  it("second by second through 10 s periods (a count each second, n/10 in the last), the face is the one a whole redraw gives", () => {
    const d = device("3s+3x10s");
    d.start(); // Black's clock runs from 2 s: 3 s, then three periods of 10 s; a move in the second
    for (let t = 2000; t < 38000; t += 250) {
      d.at(t);
      expect(faceShows(d, bottom(d)), "at " + t).toBe(true);
      if (t === 20500) d.tap(LEFT, t); // Black moves in its second period; White's main time runs
      if (t === 30000) d.tap(RIGHT, t); // White moves in its first period; Black's second period again
    }
  });

  for (const control of ["5s+2x3s", "4s+C3/4s", "3s+F2s", "3s+D2s", "6s", "4s(2x3s)"]) {
    it(control + ": after each player's press the face is the one a whole redraw gives, to the flag", () => {
      const d = device(control);
      d.start(); // Black's clock runs from 2 s
      // moves of uneven length, some over a second's boundary, some into the next period
      for (let i = 0, t = 2000; d.app.clock.game.phase === "running" && i < 40; i++) {
        t += 300 + ((i * 977) % 2600);
        d.at(t);
        d.board.edge(d.app.clock.game.toMove === "black" ? LEFT : RIGHT, true, t);
        // the press shows the bars at once, the pressing side's time (a new period, an increment) in
        // the wake that follows it at once
        d.at(t);
        expect(faceShows(d, bottom(d)), "press at " + t).toBe(true);
        d.at(t + 80);
        d.board.edge(d.app.clock.game.toMove === "black" ? RIGHT : LEFT, false, t + 80);
      }
    });
  }

  it("a menu step draws the menu once, on the press; the release draws nothing", () => {
    const d = device();
    d.tap(MENU, 1000); // the set-up menu opens
    const frames = d.board.frames;
    d.at(1500);
    d.board.edge(LEFT, true, 1500);
    expect(d.board.frames).toBe(frames + 1);
    d.board.edge(LEFT, false, 1580);
    d.board.edge(MENU, true, 1700);
    expect(d.board.frames).toBe(frames + 1);
  });
});

describe("the device app", () => {
  it("at power-on a player's press cannot start a game by surprise", () => {
    const d = device();
    d.tap(RIGHT, 1000);
    d.at(5000);
    expect(d.app.clock.game.phase).toBe("setup");
    expect(d.board.played).toEqual([]);
  });

  it("after the set-up is confirmed, White's button (the right one) starts Black's clock", () => {
    const d = device();
    d.ready(1000);
    expect(d.app.armed).toBe(true);
    d.tap(RIGHT, 2000);
    d.at(12000);
    expect(d.app.clock.game.phase).toBe("running");
    expect(d.app.clock.reading("black", 12000).mainMs).toBe(50000);
  });

  it("plays each call's clips from the pack at the call's exact instant", () => {
    const d = device("0+2x30s");
    d.start();
    d.at(40000);
    expect(d.board.played.slice(0, 3)).toEqual([
      { t: 2000, clips: ["zh/byoyomi", "zh/haisheng", "zh/liang", "zh/ci"] }, // 开始读秒 还剩两次
      { t: 12000, clips: ["zh/e10"] },
      { t: 22000, clips: ["zh/e20"] },
    ]);
  });

  it("a press just before a call that is already on the speaker cuts that call", () => {
    const d = device("0+2x30s");
    d.start();
    d.tap(LEFT, 11980); // Black moves 20 ms before "10秒" was due at 12 s
    d.at(13000);
    const played = d.board.played;
    const e10 = played.findIndex((p) => p.t === 12000 && p.clips[0] === "zh/e10"); // handed over 50 ms early
    const cut = played.findIndex((p) => p.t === 11980 && p.clips.length === 0);
    expect(e10).toBeGreaterThanOrEqual(0);
    expect(cut).toBeGreaterThan(e10);
    expect(played.slice(cut + 1).some((p) => p.clips.indexOf("zh/e10") >= 0)).toBe(false);
  });

  it("a short MENU press during a game answers the side to move (16.2)", () => {
    const d = device("0+3x60s");
    d.start();
    d.tap(MENU, 5000); // a short press counts when released, at 5.08 s
    expect(d.board.played.find((p) => p.t === 5080)?.clips).toEqual(["zh/haisheng", "zh/3", "zh/fen"]);
  });

  it("holding MENU 2 s pauses the game from MENU's down edge; the arbiter menu then needs the PIN", () => {
    const d = device();
    d.start();
    d.tap(MENU, 10000, 2500); // MENU down at 10 s: the hold becomes a pause at 12 s, charged from 10 s
    expect(d.app.clock.game.phase).toBe("paused");
    expect(d.app.clock.reading("black", 30000).mainMs).toBe(52000); // 8 s of Black's minute, not 10
    const pause = logLines(d.app, 1)[0];
    expect(pause).toMatch(/^0:00:08\.000  pause/);
    d.tap(MENU, 31000, 2500);
    expect(d.app.menu).not.toBeNull();
    d.tap(RIGHT, 34000); // a digit of the PIN, not a move
    expect(d.app.clock.game.phase).toBe("paused");
  });

  it("the log says who paused (the side to move, holding MENU) and, at the resume, how long the clock stood", () => {
    const d = device();
    d.start();
    d.tap(MENU, 10000, 2500); // Black, to move, holds MENU: paused from MENU's down edge, at 10 s
    const c = makeConsole(d.app);
    c.unlock("0000");
    d.at(102000);
    expect(c.op("resume")).toBe("ok: resume"); // the arbiter, 90 s later
    const log = logLines(d.app).map((l) => l.split("  | ")[0]).filter((l) => / (pause|resume): /.test(l));
    expect(log).toEqual(["0:00:08.000  pause: Black, the side to move, holds MENU", "0:01:40.000  resume: by the arbiter, after a pause of 1:32"]);
  });

  it("after a power cut the game comes back as of the last checkpoint, paused: the running side gets back under a second", () => {
    const d = device();
    d.start();
    d.tap(LEFT, 12000); // Black used 10 s
    d.tap(RIGHT, 15000); // White used 3 s
    d.at(40500); // power lost 25.5 s into Black's move
    const again = device("1m+3x60s", d.store, new VirtualTime());
    expect(again.app.clock.game.phase).toBe("paused");
    expect(again.app.clock.game.toMove).toBe("black");
    // the desktop board checkpoints every second: Black's move is charged up to 40 s of its 40.5
    expect(again.app.clock.reading("black", 0)).toMatchObject({ mainMs: 25000, moves: 1 });
    expect(again.app.clock.reading("white", 0)).toMatchObject({ mainMs: 57000, moves: 1 });
  });

  it("after a power cut an absent player's lateness still counts from the start (22.1)", () => {
    const d = lateDevice();
    const c = makeConsole(d.app);
    d.start(); // Black's clock runs, Black is not there
    c.unlock("0000");
    c.op("absent black");
    d.at(2000 + 10 * 60000);
    expect(c.op("pause")).toBe("error: a game is on: clock.unlock(PIN) first"); // the unlock idled out after 3 min
    c.unlock("0000");
    expect(c.op("pause")).toBe("ok: pause"); // the arbiter stops the clock 10 min in
    d.at(2000 + 11 * 60000); // and the power is lost
    const again = device("1h", d.store, new VirtualTime());
    const c2 = makeConsole(again.app);
    c2.unlock("0000");
    expect(c2.op("resume")).toBe("ok: resume");
    again.at(4 * 60000); // 14 min of the game's time since its start
    c2.unlock("0000");
    expect(c2.op("arrive black")).toBe("ok: arrive black");
    // 14 min late by the clock's records, charged twice: 28 min off Black's hour
    expect(again.app.clock.reading("black", again.time.now()).mainMs).toBe(3600000 - 2 * 14 * 60000);
    again.at(20 * 60000);
    expect(faceShows(again, "")).toBe(true); // within the limit: no forfeit
  });

  it("a lateness forfeit survives a power cut, though the absent player never pressed", () => {
    const d = lateDevice();
    const c = makeConsole(d.app);
    d.ready(1000);
    c.unlock("0000");
    c.op("absent white");
    c.op("start"); // Black's clock: Black is there
    c.lock();
    d.tap(LEFT, 60000); // Black moves; White's clock runs, White still away
    d.at(17 * 60000);
    expect(faceShows(d, "White lost: late 22.2")).toBe(true);
    const again = device("1h", d.store, new VirtualTime()); // the power was cut
    again.at(5000); // after "restored: paused"
    expect(faceShows(again, "White lost: late 22.2")).toBe(true);
    const c2 = makeConsole(again.app);
    c2.unlock("0000");
    expect(c2.op("arrive white")).toBe("refused: the game is over: white lost by lateness (22.2)");
    expect(c2.status()).toMatchObject({ phase: "ended", result: "white lost by lateness (22.2)" });
  });

  it("a loss on time in the last period can still become a pass (22.5) after a power cut", () => {
    const d = device("1x30s");
    d.start();
    d.at(40000); // Black's only period ran out at 32 s
    expect(d.app.clock.game.phase).toBe("flagged");
    const again = device("1x30s", d.store, new VirtualTime());
    expect(again.app.clock.game.flagged).toBe("black");
    const c = makeConsole(again.app);
    c.unlock("0000");
    expect(c.op("pass")).toBe("ok: pass");
    expect(again.app.clock.game.toMove).toBe("white");
  });

  it("the console accepts only status and the log during a game until the PIN is given", () => {
    const d = device();
    const c = makeConsole(d.app);
    expect(c.control("2h+", undefined)).toBe("error: '2h+': expected the number of periods or moves at character 4");
    expect(c.control("90m", "black")).toBe("ok: black 90m, white 1m+3x60s");
    d.start();
    expect(c.op("pause")).toBe("error: a game is on: clock.unlock(PIN) first");
    expect(c.op(42)).toBe("error: op takes words such as 'pause' or 'correct black main 5m'");
    expect(c.unlock("1234")).toBe("error: wrong PIN (2 left)");
    expect(c.unlock("0000")).toBe("ok: unlocked");
    d.at(3000);
    expect(c.op("pause")).toBe("ok: pause");
    expect(c.op("resume now")).toBe("error: resume takes 0 words after it");
    expect((c.status() as { phase: string }).phase).toBe("paused");
    expect(logLines(d.app, 2).length).toBe(2);
    // 22.9: at the pause the log has both sides' used time, for the arbiter to record
    expect(logLines(d.app, 1)[0]).toMatch(/^0:00:01\.000  pause: by the arbiter  \| Black used 0:01, left .* \| White used 0:00, left /);
    expect((c.status() as { black: { usedMs: number } }).black.usedMs).toBe(1000);
    const recs = c.records();
    // the set-up as it was at boot, then as the console changed it: the controls the game started
    // with, even game, 60 min late limit, White on the right, the program that ran
    expect(recs.filter((r) => r.startsWith("G "))).toEqual(["G 1m+3x60s 1m+3x60s 0 255s0 r simulator", "G 90m 1m+3x60s 0 255s0 r simulator"]);
    // each record: seq, what happened, the side to move and the phase after it; the boot, the
    // setting, the wrong PIN and the unlock are in the record too (22.9)
    expect(recs.filter((r) => r.startsWith("S ")).map((r) => { const w = r.split(" "); return [w[0], w[1], w[3], w[5], w[6]].join(" "); })).toEqual(
      ["S 1 boot b s", "S 2 set b s", "S 3 press b r", "S 4 pin b r", "S 5 unlock b r", "S 6 pause b p"]);
  });

  it("the arbiter's unlock ends when play resumes: a player's pause then asks for the PIN again", () => {
    const d = device();
    d.start();
    d.hold(5000); // a player stops the clock to call the arbiter
    expect(d.app.clock.game.phase).toBe("paused");
    d.hold(8000); // the arbiter: PIN, then Resume (the last item: LEFT wraps round to it)
    expect(d.app.menu!.screen).toBe("pin");
    d.pin0000(11000);
    expect(d.app.menu!.screen).toBe("list");
    d.tap(LEFT, 12500);
    d.tap(MENU, 13000);
    expect(d.app.clock.game.phase).toBe("running");
    d.callArbiter(15000);
    expect(d.app.clock.game.phase).toBe("paused");
    expect(d.app.menu!.screen).toBe("pin"); // not the arbiter's list
    const c = makeConsole(d.app);
    expect(c.unlock("0000")).toBe("ok: unlocked");
    expect(c.op("resume")).toBe("ok: resume");
    expect(c.op("pause")).toBe("error: a game is on: clock.unlock(PIN) first");
  });

  it("a menu left open closes when the console resumes play, and its unlock does not come back", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    d.callArbiter(5000);
    d.pin0000(11000); // the arbiter's menu, unlocked
    expect(d.app.menu!.screen).toBe("list");
    c.unlock("0000");
    expect(c.op("resume")).toBe("ok: resume");
    expect(d.app.menu).toBeNull();
    d.tap(LEFT, 14000); // Black's move, not a menu key
    expect(d.app.clock.game.black.moves).toBe(1);
    expect(d.app.unlocked).toBe(false);
  });

  it("three wrong PINs in a row refuse every PIN for a minute, the right one too", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    expect(c.unlock("1111")).toBe("error: wrong PIN (2 left)");
    expect(c.unlock("2222")).toBe("error: wrong PIN (1 left)");
    const t0 = d.time.now();
    expect(c.unlock("3333")).toBe("error: wrong PIN: blocked for 60 s");
    expect(c.unlock("0000")).toBe("error: too many wrong PINs: wait 60 s");
    d.at(t0 + 59000);
    expect(c.unlock("0000")).toBe("error: too many wrong PINs: wait 1 s");
    d.at(t0 + 60000);
    expect(c.unlock("0000")).toBe("ok: unlocked");
  });

  it("three wrong PINs on the menu block the menu's PIN entry for a minute; the console counts its own", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    d.callArbiter(5000);
    let t = 11000;
    for (let k = 0; k < 3; k++) {
      for (let i = 0; i < 4; i++) {
        d.tap(RIGHT, t); // digit 1: PIN 1111
        d.tap(MENU, t + 200);
        t += 400;
      }
    }
    expect(d.app.menu).toBeNull();
    d.hold(t + 1000);
    expect(d.app.menu).toBeNull(); // not even the PIN screen
    expect(c.unlock("0000")).toBe("ok: unlocked"); // the link has a count of its own
    c.lock();
    d.hold(t + 61000);
    expect(d.app.menu!.screen).toBe("pin");
  });

  it("LEFT or RIGHT held in a menu steps on by big steps until it is let go", () => {
    const d = device("1m+3x60s");
    d.tap(MENU, 1000); // set-up
    d.tap(RIGHT, 1200); // Black
    d.tap(MENU, 1400); // its system: byoyomi
    d.tap(MENU, 1600); // its fields: Hours first
    expect(d.app.menu!.vals[0]).toBe(0);
    d.tap(RIGHT, 2000, 1500); // one step at once, then 10 h at 0.6 s, 0.85 s, 1.1 s and 1.35 s
    expect(d.app.menu!.vals[0]).toBe(41);
    d.at(5000);
    expect(d.app.menu!.vals[0]).toBe(41); // nothing more once let go
  });

  it("wrong PINs on a link never block the arbiter at the clock: the counts are apart", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    for (const pin of ["1111", "2222", "3333"]) c.unlock(pin);
    expect(c.unlock("0000")).toMatch(/^error: too many wrong PINs: wait 60 s$/);
    d.callArbiter(5000);
    d.pin0000(11000);
    expect(d.app.menu!.screen).toBe("list"); // the arbiter is in, at the clock
    expect(d.app.unlocked).toBe(true);
  });

  it("the console refuses a page of records that is not a slot or a game, and a new game after the end without the PIN", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    expect(c.recordPage("x")).toMatch(/^error: /);
    expect(c.recordPage(-3)).toMatch(/^error: /);
    expect(c.recordPage(1.5)).toMatch(/^error: /);
    expect(c.recordPage(0, 2)).toMatch(/^error: game is 0/);
    expect(c.recordPage(0, 1)).toBe("error: no previous game on the clock");
    expect(c.recordPage(0)).toMatchObject({ from: 0, count: d.board.store.count() });
    c.unlock("0000");
    expect(c.op("end")).toBe("ok: end");
    c.lock();
    expect(c.newGame()).toMatch(/^error: .*unlock/);
    expect(c.records().length).toBeGreaterThan(1); // the game just ended is still on flash
  });

  it("a lateness forfeit ends the game: the result stays on the face and in status, and end is refused (22.2)", () => {
    const d = lateDevice();
    const c = makeConsole(d.app);
    d.start();
    c.unlock("0000");
    expect(c.op("absent black")).toBe("ok: absent black");
    c.lock();
    d.at(2000 + 15 * 60000 + 1000);
    expect(faceShows(d, "Black lost: late 22.2")).toBe(true);
    expect(c.status()).toMatchObject({ phase: "ended", result: "black lost by lateness (22.2)" });
    const left = c.status().white.mainMs;
    d.at(2000 + 30 * 60000);
    expect(faceShows(d, "Black lost: late 22.2")).toBe(true);
    expect(c.status().white.mainMs).toBe(left); // both clocks stopped
    c.unlock("0000");
    expect(c.op("end")).toBe("refused: the game is over: black lost by lateness (22.2)");
    d.at(2000 + 31 * 60000); // the refusal's message has gone
    expect(faceShows(d, "Black lost: late 22.2")).toBe(true);
  });

  it("both players late past the limit: the face says both have lost (22.3)", () => {
    const d = lateDevice();
    const c = makeConsole(d.app);
    d.ready(1000);
    c.unlock("0000");
    expect(c.op("absent black")).toBe("ok: absent black");
    expect(c.op("absent white")).toBe("ok: absent white");
    expect(c.op("start")).toBe("ok: start");
    d.at(2000 + 15 * 60000);
    expect(faceShows(d, "Both lost: late 22.3")).toBe(true);
  });

  it("a record that could not be saved stays on the face until one is saved again", () => {
    const d = device();
    d.start();
    d.store.full = true;
    d.tap(LEFT, 4000);
    d.at(4500);
    expect(faceShows(d, "! NOT SAVED")).toBe(true);
    d.at(20000);
    expect(faceShows(d, "! NOT SAVED")).toBe(true);
    d.store.full = false;
    d.tap(RIGHT, 21000);
    expect(faceShows(d, "")).toBe(true);
  });

  it("a language whose voice is not on the board is shown on the face (its calls are beeped)", () => {
    const d = device("1m+3x60s");
    d.board.packs = ["en"];
    d.start();
    d.at(62500); // byoyomi begins: the first call
    expect(faceShows(d, "! NO VOICE zh")).toBe(true);
  });
});
