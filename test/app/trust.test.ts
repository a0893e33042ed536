// What an arbiter must be able to trust, on the device app (desktop board, virtual time): the
// arbiter's unlock ends with the arbiter's business, wrong PINs lock out for longer each time and
// across a reboot, the factory PIN is never silent, the tournament lock keeps set-up behind the PIN,
// the record keeps the audit trail (22.9) without a flood filling it, and the previous game stays
// for a dispute until the store needs the room, never the current one.
import { describe, it, expect } from "vitest";
import { makeConsole, type RecordPage } from "../../firmware/link/console";
import { crc32 } from "../../firmware/record/slots";
import { logLines, readLog, receivedLog, receiveRecords } from "../../firmware/record/readlog";
import { LEFT, RIGHT, MENU } from "../../firmware/board";
import { MemoryStore, VirtualTime } from "../../sim/board";
import { encodeSettings, defaultSettings, withPin } from "../../firmware/record/settings";
import { answerRequest } from "../../firmware/link/protocol";
import { device, faceShows } from "./desk";

const MIN = 60000;

describe("the arbiter's unlock ends with the arbiter's business", () => {
  it("after 3 minutes without an arbiter operation, with a lock entry at that instant", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    expect(c.unlock("0000")).toBe("ok: unlocked");
    d.at(3000);
    expect(c.op("pause")).toBe("ok: pause"); // an operation: 3 more minutes from here
    d.at(3000 + 3 * MIN - 1);
    expect(d.app.unlocked).toBe(true);
    d.at(3000 + 3 * MIN + 10);
    expect(d.app.unlocked).toBe(false);
    expect(c.op("resume")).toBe("error: a game is on: clock.unlock(PIN) first");
    expect(logLines(d.app, 1)[0]).toMatch(/^0:03:01\.000  lock: the arbiter's access ends \(idle\)/);
  });

  it("at a resume and at a game's start; a pause by a player's hold then needs the PIN again", () => {
    const d = device();
    const c = makeConsole(d.app);
    c.unlock("0000"); // in set-up
    d.start(); // the game starts: locked
    expect(d.app.unlocked).toBe(false);
    c.unlock("0000");
    c.op("pause");
    c.op("resume");
    expect(d.app.unlocked).toBe(false);
    expect(c.op("pause")).toMatch(/unlock/);
    const locks = logLines(d.app).filter((l) => / lock: /.test(l)).map((l) => /\((\w+)\)/.exec(l)![1]);
    expect(locks).toEqual(["start", "resume"]);
  });
});

describe("wrong PINs", () => {
  it("lock out for 1 min, then 2, then 4 after each further 3 wrong tries; a right PIN starts the count afresh", () => {
    const d = device();
    const c = makeConsole(d.app);
    const three = () => ["1111", "2222", "3333"].map((p) => c.unlock(p));
    expect(three()).toEqual(["error: wrong PIN (2 left)", "error: wrong PIN (1 left)", "error: wrong PIN: blocked for 60 s"]);
    expect(c.unlock("0000")).toBe("error: too many wrong PINs: wait 60 s");
    d.at(MIN);
    expect(three()[2]).toBe("error: wrong PIN: blocked for 120 s");
    d.at(3 * MIN);
    expect(three()[2]).toBe("error: wrong PIN: blocked for 240 s");
    d.at(7 * MIN);
    expect(c.unlock("0000")).toBe("ok: unlocked");
    c.lock();
    expect(three()[2]).toBe("error: wrong PIN: blocked for 60 s");
    // every try and lock-out is in the record
    expect(logLines(d.app).filter((l) => / PIN: link: /.test(l)).length).toBe(12);
  });

  it("a lock-out survives a reboot: the clock switched off and on is still blocked, the whole time again", () => {
    const d = device();
    const c = makeConsole(d.app);
    for (const p of ["1111", "2222", "3333"]) c.unlock(p);
    d.at(30000); // half of it gone, then the power
    const again = device("1m+3x60s", d.store, new VirtualTime());
    const c2 = makeConsole(again.app);
    expect(c2.unlock("0000")).toBe("error: too many wrong PINs: wait 60 s");
    again.at(MIN);
    expect(c2.unlock("0000")).toBe("ok: unlocked");
    // and once over, a reboot does not start it again
    const third = device("1m+3x60s", again.store, new VirtualTime());
    expect(makeConsole(third.app).unlock("0000")).toBe("ok: unlocked");
  });

  it("the clock's own buttons are never blocked by tries over a link, and the other way round", () => {
    const d = device();
    const c = makeConsole(d.app);
    d.start();
    for (const p of ["1111", "2222", "3333"]) c.unlock(p);
    d.callArbiter(5000);
    d.pin0000(11000);
    expect(d.app.menu!.screen).toBe("list");
  });
});

describe("the factory PIN is never silent", () => {
  it("the set-up face says PIN 0000 until it is changed; status says so", () => {
    const d = device();
    d.at(5000); // after the boot's fingerprint
    expect(faceShows(d, "MENU: set up PIN 0000")).toBe(true);
    expect(makeConsole(d.app).status().defaultPin).toBe(true);
    const store = new MemoryStore();
    store.set("clock.set", encodeSettings(withPin(defaultSettings(), "4271")));
    const e = device("2h+5x60s", store);
    e.at(5000);
    expect(faceShows(e, "MENU: set up")).toBe(true);
    expect(makeConsole(e.app).status().defaultPin).toBe(false);
  });

  it("the face shows the program's fingerprint at boot", () => {
    const d = device();
    d.at(1000);
    expect(faceShows(d, "firmware simulator")).toBe(true);
  });
});

describe("the tournament lock keeps set-up behind the PIN", () => {
  function locked() {
    const store = new MemoryStore();
    store.set("clock.set", encodeSettings({ ...defaultSettings(), tournament: true }));
    return device("2h+5x60s", store);
  }

  it("MENU opens the PIN screen, not the set-up; with the PIN the set-up is there", () => {
    const d = locked();
    d.tap(MENU, 1000);
    expect(d.app.menu!.screen).toBe("pin");
    d.pin0000(1500);
    expect(d.app.menu!.screen).toBe("list");
  });

  it("a link's set and the console's control are refused without the PIN, and go with it", () => {
    const d = locked();
    const c = makeConsole(d.app);
    expect(c.control("90m")).toBe("error: set-up is locked (tournament): clock.unlock(PIN) first");
    expect(answerRequest(d.app, c, JSON.stringify({ c: "set", control: "90m" }))).toEqual({ err: "set-up is locked (tournament): unlock with the PIN first" });
    expect(d.app.settings.black).toBe("2h+5x60s");
    c.unlock("0000");
    expect(c.control("90m")).toBe("ok: black 90m, white 90m");
  });

  it("switching it on needs no PIN (it locks); switching it off does", () => {
    const d = device();
    const c = makeConsole(d.app);
    expect(answerRequest(d.app, c, JSON.stringify({ c: "set", tournament: true }))).toMatchObject({ ok: { tournament: true } });
    expect(answerRequest(d.app, c, JSON.stringify({ c: "set", tournament: false })).err).toMatch(/locked \(tournament\)/);
  });
});

describe("the record keeps the audit trail, and a flood cannot fill it", () => {
  it("unlock, lock, a wrong PIN, a setting, a boot with its fingerprint, a link: each with its time", () => {
    const d = device();
    const c = makeConsole(d.app);
    answerRequest(d.app, c, JSON.stringify({ c: "hello" }));
    c.unlock("9999");
    c.unlock("0000");
    c.control("90m");
    c.lock();
    const log = logLines(d.app).map((l) => l.split("  | ")[0].split("  ")[1]);
    expect(log).toEqual(["boot: firmware simulator", "link: hello", "PIN: link: wrong PIN (2 left)", "unlock: the arbiter entered the PIN (link)",
      "set: link black 90m", "set: link white 90m", "lock: the arbiter's access ends (arbiter)"]);
  });

  it("queries are all answered, but recorded at most once a side each 10 s", () => {
    const d = device("0+3x60s");
    const c = makeConsole(d.app);
    d.start();
    for (let t = 3000; t < 63000; t += 250) {
      d.at(t);
      c.op("query");
    }
    // each answer is a play of its own (还剩3分, or 3分 short before a call), said once, one after
    // another: a question while an answer is still to come is answered by it
    const answers = d.board.played.filter((p) => p.clips.join(" ") === "zh/haisheng zh/3 zh/fen" || p.clips.join(" ") === "zh/3 zh/fen");
    expect(answers.length).toBeGreaterThanOrEqual(40); // ~1.2 s each, between the count's calls
    for (let i = 1; i < answers.length; i++) expect(answers[i].t - answers[i - 1].t).toBeGreaterThan(900);
    expect(logLines(d.app).filter((l) => / query: /.test(l)).length).toBe(6);
  });

  it("a store full for records drops the previous game, never the current one", () => {
    const store = new MemoryStore();
    const d = device("10m", store);
    const c = makeConsole(d.app);
    d.start();
    for (let i = 0; i < 20; i++) d.tap(i % 2 ? RIGHT : LEFT, 3000 + i * 1000);
    c.unlock("0000");
    c.op("end");
    c.newGame();
    expect(store.count(1)).toBeGreaterThan(20); // the last game, kept for a dispute
    store.capacity = store.games.reduce((n, g) => n + g.reduce((m, r) => m + r.length, 0), 0) + 1500;
    d.ready(40000);
    for (let i = 0; i < 40; i++) d.tap(i % 2 ? LEFT : RIGHT, 41000 + i * 1000); // the new game outgrows the room
    expect(store.count(1)).toBe(0); // the previous game went
    expect(faceShows(d, "")).toBe(true); // no NOT SAVED: the current game's records all went in
    expect(store.count()).toBeGreaterThan(40);
    // with the previous game gone, a current game that outgrows the room says so
    store.capacity = 0;
    d.tap(RIGHT, 90000); // White moves: a press whose record does not go in
    d.at(92000);
    expect(faceShows(d, "! NOT SAVED")).toBe(true);
  });

  it("the log reads the previous game on request", () => {
    const d = device("10m");
    const c = makeConsole(d.app);
    d.start();
    d.tap(LEFT, 5000);
    c.unlock("0000");
    c.op("end");
    c.newGame();
    // as the tool reads it: the records over the link, the log made from them
    const page = (from: number) => (answerRequest(d.app, c, JSON.stringify({ c: "records", from: from, game: 1 })) as { ok: RecordPage }).ok;
    const prev = receivedLog(receiveRecords(page, crc32), 1);
    expect(prev.game).toMatchObject({ black: "10m", firmware: "simulator" });
    expect(prev.entries.map((e) => e.what)).toEqual(expect.arrayContaining(["press", "end", "lock"]));
    expect(readLog(d.app, 0, 100, undefined, 1).entries.map((e) => e.what)).toEqual(prev.entries.map((e) => e.what));
    expect(readLog(d.app, 0, 100).entries.map((e) => e.what)).toEqual(["new"]);
    expect(answerRequest(d.app, c, JSON.stringify({ c: "records", game: 2 })).err).toMatch(/game is 0/);
  });
});
