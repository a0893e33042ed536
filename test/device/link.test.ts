// The clock's link on the built bundle (dist/clock.js on the board double): the framed protocol on
// USB as the desktop tool speaks it, the console API at the REPL between games, and no JavaScript
// prompt for anyone on USB or Bluetooth during a game.
import { describe, it, expect, beforeEach } from "vitest";
import { crc32 as zcrc } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { HostLink, frame, findReply } from "../double/link";
import { PAGE_CHARS, type ClockStatus, type RecordPage } from "../../firmware/link/console";
import { logItem, receivedLog, receiveRecords } from "../../firmware/record/readlog";
import { crc32 } from "../../firmware/record/slots";
import { LEAD_MS } from "../../firmware/app";
import { WAIT_MS } from "../../firmware/link/line";
import { CARRY, HEAD, TAIL } from "../../firmware/link/reads";

/** A clock past its boot (the USB prompt it leaves for the espruino CLI has closed). */
async function clock(volume?: number): Promise<{ rig: ClockRig; link: HostLink }> {
  const files = volume === undefined ? undefined : { ...voiceFiles("zh"), "clock.set": encodeSettings({ ...defaultSettings(), volume }) };
  const rig = new ClockRig(await firmware(), files ? { files } : {}).start();
  rig.runUntil(3500);
  return { rig, link: new HostLink(rig.dev) };
}

/** Set up and started on the buttons: White pressed at 5 s, Black's clock runs. */
async function inGame(): Promise<{ rig: ClockRig; link: HostLink }> {
  const c = await clock();
  c.rig.setUp("10m+3x30s", 3600);
  c.rig.press("white", 5000);
  c.rig.runUntil(6000);
  return c;
}

/** Is anything of the board's JavaScript reachable: did `probe` get set by text sent on the line? */
function ranOnBoard(rig: ClockRig): boolean {
  return rig.console("typeof global.probe") !== "undefined";
}

describe("every protocol command, on the built bundle", () => {
  it("hello names the clock, its firmware version and fingerprint, the protocol, and a factory PIN", async () => {
    const { rig, link } = await clock();
    // the fingerprint of the files in Storage: the program (.bootcde), the fonts', the menus', the link's, the power-on code's and the read requests', the arbiter's menu's
    const crc = (name: string) => { const f = rig.dev.flash.read(name); return (f ? zcrc(Buffer.from(f)) : 0).toString(16).padStart(8, "0"); };
    const named = (re: RegExp) => [...rig.dev.flash.files.keys()].filter((n) => re.test(n));
    const files = [".bootcde"].concat(named(/^gfx\./), named(/^menu\./), named(/^link\./), named(/^boot\./), named(/^reads\./), named(/^arbiter\./));
    expect(files.length).toBe(7);
    const fp = zcrc(Buffer.from(files.map(crc).join(""))).toString(16).padStart(8, "0");
    expect(link.ok("hello")).toEqual({ clock: "voiced-go-clock", version: "0.1.0", proto: 1, firmware: fp, defaultPin: true });
  });

  it("status carries both sides, turn, periods, moves, flags, lateness, battery, faults, version", async () => {
    const { link } = await inGame();
    const st = link.ok<ClockStatus>("status");
    expect(st.phase).toBe("running");
    expect(st.toMove).toBe("black");
    expect(st.locked).toBe(true);
    expect([st.black.mainMs, st.black.periodsLeft, st.black.periodMs, st.black.moves, st.black.out]).toEqual([599000, 3, 30000, 0, false]);
    expect([st.white.mainMs, st.white.control]).toEqual([600000, "10m+3x30s"]);
    expect(st.flagged).toBeNull();
    expect(st.late).toEqual({ black: { absent: false, lateMs: 0 }, white: { absent: false, lateMs: 0 } });
    expect(st.forfeit).toBe("");
    expect(st.battery).toBeGreaterThanOrEqual(0);
    expect(st.faults).toEqual([]);
    expect(st.version).toBe("0.1.0");
  });

  it("set changes every field at once before a game, and answers the settings after it", async () => {
    const { link } = await clock();
    const after = link.ok("set", { black: "1h+5x30s", white: "90m", handicap: 2, whiteOnRight: false, lang: "en", tradition: "nihon-kiin", volume: 3, lateLimitMs: 900000, board: 17 });
    expect(after).toEqual({ tournament: false, black: "1h+5x30s", white: "90m", handicap: 2, whiteOnRight: false, lang: "en", tradition: "nihon-kiin", volume: 3, lateLimitMs: 900000, board: 17 });
    const st = link.ok<ClockStatus>("status");
    expect([st.black.control, st.white.control, st.handicap, st.whiteOnRight, st.lang, st.volume, st.lateLimitMs, st.toMove, st.board]).toEqual(["1h+5x30s", "90m", 2, false, "en", 3, 900000, "white", 17]);
    expect(link.ok("set", { control: "5x20s" })).toMatchObject({ black: "5x20s", white: "5x20s" });
  });

  it("a refused set changes nothing: one bad field and the good ones are not applied either", async () => {
    const { link } = await clock();
    const before = link.ok<ClockStatus>("status");
    for (const bad of [{ black: "1h", white: "2h+" }, { volume: 11, lang: "en" }, { handicap: 1 }, { lang: "xx" }, { colour: "red", volume: 2 }, {}, { pin: "12345" }, { board: 1000, volume: 2 }, { board: -1 }, { board: "12" }, { board: 2.5 }]) {
      const r = link.ask("set", bad);
      expect(r && r.err, JSON.stringify(bad)).toBeTruthy();
    }
    expect(link.ask("set", { black: "2h+5x60" })!.err).toBe("black '2h+5x60': expected a unit h, m or s after 60 at character 8");
    expect(link.ok<ClockStatus>("status")).toEqual(before);
  });

  it("says which field of a set is wrong and why (the link's file holds those checks: record/valid.ts)", async () => {
    const { link } = await clock();
    expect(link.ask("set", { tradition: "xx" })!.err).toBe("tradition 'xx' is not known");
    expect(link.ask("set", { lang: "xx" })!.err).toBe("lang 'xx' is not a voice pack of this clock");
    expect(link.ask("set", { volume: 2.5 })!.err).toBe("volume is a whole number 0 to 10");
    expect(link.ask("set", { handicap: 10 })!.err).toBe("handicap is 0 (even) or 2 to 9 stones");
    expect(link.ask("set", { board: 1000 })!.err).toBe("board is a whole number 1 to 999 (0: none)");
    expect(link.ok("set", { tradition: "nihon-kiin", lang: "en", volume: 0, board: 999 })).toMatchObject({ tradition: "nihon-kiin", lang: "en", volume: 0, board: 999 });
  });

  it("op start starts the game (the call the build once broke: Function \"Pe\" not found)", async () => {
    const { rig, link } = await clock();
    expect(link.ok("op", { words: "start" })).toBe("ok: start");
    expect(rig.status().phase).toBe("running");
    expect(rig.dev.errors).toEqual([]);
  });

  it("unlock, the arbiter's operations, lock: pause, correct, rescale, split, resume, query, end", async () => {
    const { rig, link } = await inGame();
    expect(link.ask("unlock", { pin: "1234" })!.err).toMatch(/^wrong PIN/);
    expect(link.ok("unlock", { pin: "0000" })).toBe("ok: unlocked");
    expect(link.ok("op", { words: "pause" })).toBe("ok: pause");
    expect(link.ok("op", { words: "correct black main 5m" })).toBe("ok: correct black main 5m");
    expect(link.ok<ClockStatus>("status").black.mainMs).toBe(300000);
    expect(link.ok("op", { words: "rescale 4s" })).toBe("ok: rescale 4s");
    expect(link.ok("op", { words: "split 2s" })).toBe("ok: split 2s");
    expect(link.ok<ClockStatus>("status").black.usedMs).toBe(1000);
    expect(link.ok("op", { words: "correct black main 5m" })).toBe("ok: correct black main 5m");
    expect(link.ask("op", { words: "pause" })!.err).toMatch(/^refused: /);
    expect(link.ask("op", { words: "fly away" })!.err).toBe("unknown command 'fly'");
    expect(link.ask("op", { words: "press white" })!.err).toMatch(/player's button/);
    expect(link.ok("op", { words: "resume" })).toBe("ok: resume");
    expect(link.ok("op", { words: "query" })).toBe("ok: query"); // the players' question needs no PIN
    // resuming ends the unlock: the next operation needs the PIN again
    expect(link.ask("op", { words: "pause" })!.err).toMatch(/unlock/);
    expect(link.ok("unlock", { pin: "0000" })).toBe("ok: unlocked");
    expect(link.ok("lock")).toBe("ok: locked");
    expect(link.ask("op", { words: "end" })!.err).toMatch(/unlock/);
    expect(link.ok("unlock", { pin: "0000" })).toBe("ok: unlocked");
    expect(link.ok("op", { words: "end" })).toBe("ok: end");
    expect(rig.status().phase).toBe("ended");
  });

  it("absent and arrive (22.1) and pass (22.5) go through the link as well", async () => {
    const { link } = await inGame();
    link.ok("unlock", { pin: "0000" });
    expect(link.ok("op", { words: "absent white" })).toBe("ok: absent white");
    expect(link.ok<ClockStatus>("status").late.white.absent).toBe(true);
    expect(link.ok("op", { words: "arrive white" })).toBe("ok: arrive white");
    expect(link.ok<ClockStatus>("status").late.white.absent).toBe(false);
    expect(link.ask("op", { words: "pass" })!.err).toBe("refused: no side has run out of time");
  });

  it("records pages through the game's records as stored, from which the tool makes the log: the console's lines, each slot's seal good", async () => {
    const { rig, link } = await inGame();
    for (let i = 0; i < 30; i++) rig.press(i % 2 ? "white" : "black", 7000 + i * 1000);
    rig.runUntil(38000);
    const readAll = () => {
      const pages: RecordPage[] = [];
      const got = receiveRecords((from) => {
        const p = link.ok<RecordPage>("records", { from: from });
        pages.push(p);
        return p;
      }, crc32);
      const log = receivedLog(got, 0);
      const start = rig.status().startedAt;
      return { pages, got, all: log.entries.map((e) => logItem(e, start)) };
    };
    const { pages, got, all } = readAll();
    // the set-up comes first (the boot, the settings), then the game from White's starting press
    expect(all.slice(0, 2).map((e) => e.what)).toEqual(["boot", "set"]);
    expect(all.find((e) => e.what === "press")).toMatchObject({ side: "white", t: 5000 });
    expect(all.filter((e) => e.what === "press").length).toBe(31);
    // the same lines as the console's log, none twice; the same records as the console lists
    expect(all.map((e) => e.text)).toEqual(rig.logLines());
    const bodies: string[] = [];
    for (let i = 0; i < got.count(); i++) {
      const r = got.record(i);
      expect(r).not.toBeNull(); // every seal checked good
      if (r) bodies.push(r);
    }
    expect(bodies).toEqual(rig.console("clock.records()"));
    // several replies, each a run of whole slots as they lie on flash, none longer than a page
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.slot === 80 && p.text.length % 80 === 0 && p.text.length > 0 && p.text.length <= PAGE_CHARS && p.count === got.count())).toBe(true);
    expect(link.ok<RecordPage>("records", { from: got.count() }).text).toBe("");
    // read again from the start, and again after more moves: the same entries, the new ones after them
    expect(readAll().all.map((e) => e.text)).toEqual(all.map((e) => e.text));
    rig.press("black", 39000);
    rig.runUntil(40000);
    const more = readAll().all;
    expect(more.length).toBe(all.length + 1);
    expect(more[more.length - 1]).toMatchObject({ what: "press", side: "black" });
    // a new game: its records, not the old game's
    link.ok("unlock", { pin: "0000" });
    link.ok("op", { words: "end" });
    link.ok("newgame");
    expect(readAll().all.map((e) => e.what)).toEqual(["new"]);
    expect(link.ask("records", { from: -1 })!.err).toMatch(/from/);
    expect(link.ask("records", { game: 2 })!.err).toMatch(/game is 0/);
  });

  it("newgame needs the PIN once a game has started, then discards it", async () => {
    const { rig, link } = await inGame();
    expect(link.ask("newgame")!.err).toMatch(/unlock/);
    expect(rig.status().phase).toBe("running");
    link.ok("unlock", { pin: "0000" });
    expect(link.ok("newgame")).toBe("ok: new game in set-up");
    expect(rig.status().phase).toBe("setup");
  });
});

describe("the link's code on the board, a Storage file loaded when used (build/cold.ts)", () => {
  it("is loaded for a request or a console call and let go once it has answered: the board's RAM is as before", async () => {
    const { rig, link } = await inGame();
    const before = rig.dev.jsvars(true).total;
    expect(link.ok<{ phase: string }>("status").phase).toBe("running");
    expect((rig.status() as { phase: string }).phase).toBe("running");
    expect(link.ok<RecordPage>("records", { from: 0 }).count).toBeGreaterThan(0);
    rig.runUntil(rig.dev.nowMs() + 100);
    expect(Math.abs(rig.dev.jsvars(true).total - before)).toBeLessThan(20);
  });

  it("without its file the console says so, no request but the read requests is answered, and a game on the buttons runs", async () => {
    const rig = new ClockRig(await firmware(), { link: false }).start();
    rig.runUntil(3500);
    const link = new HostLink(rig.dev);
    // hello, status and records are the read requests' file's (reads.<hash>): answered without the link's
    expect(link.ok<{ clock: string }>("hello").clock).toBe("voiced-go-clock");
    expect(link.ask("unlock", { pin: "0000" })).toBeUndefined();
    expect(link.ask("op", { words: "pause" })).toBeUndefined();
    expect((link.ok<ClockStatus>("status")).faults.join()).toMatch(/no link file link\.[0-9a-f]{8} \(npm run flash uploads it\)/);
    expect(rig.console("clock.status()")).toMatch(/^error: no link file link\.[0-9a-f]{8} \(npm run flash uploads it\)$/);
    // the set-up menu on the buttons: MENU, LEFT to Ready, MENU; White's press starts Black's clock
    rig.tap("menu", 4000);
    rig.tap("left", 4500);
    rig.tap("menu", 5000);
    rig.press("white", 6000);
    rig.press("black", 8000);
    rig.runUntil(9000);
    // its records say so: White's press started it, Black's passed the turn back, the clock runs
    const records = Buffer.from(rig.dev.flash.read("clk0.0")!).toString("latin1");
    expect(records).toMatch(/ press w b r /);
    expect(records).toMatch(/ press b w r /);
    expect(rig.dev.errors).toEqual([]);
  });
});

describe("the read requests' own file (hello, status, records: firmware/link/reads.ts)", () => {
  it("without it those requests are not answered and the board says why; the other requests and the console go on through the link's file", async () => {
    const rig = new ClockRig(await firmware(), { reads: false }).start();
    rig.runUntil(3500);
    const link = new HostLink(rig.dev);
    expect(link.ask("hello")).toBeUndefined();
    expect(link.ask("records", { from: 0 })).toBeUndefined();
    expect(link.ok("unlock", { pin: "0000" })).toBe("ok: unlocked");
    const st = rig.console("clock.status()") as ClockStatus;
    expect(st.faults.join()).toMatch(/no reads file reads\.[0-9a-f]{8} \(npm run flash uploads it\)/);
    expect(rig.dev.errors).toEqual([]);
  });

  it("a damaged one is refused the same way: nothing of it runs, and it answers nothing", async () => {
    const rig = new ClockRig(await firmware(), { reads: "$out(readsCode(" }).start();
    rig.runUntil(3500);
    const link = new HostLink(rig.dev);
    expect(link.ask("status")).toBeUndefined();
    const st = rig.console("clock.status()") as ClockStatus;
    expect(st.faults.join()).toMatch(/reads file reads\.[0-9a-f]{8}: /);
    expect(link.ok("lock")).toBe("ok: locked");
  });

  it("answers only hello, status and records: a PIN, an operation or a prompt sent through a line that names a read goes to the link's code and its checks", async () => {
    const { rig, link } = await inGame();
    // the word "status" inside another request: the small file declines it, the link's code refuses it
    expect(link.ask("op", { words: "pause", note: '"c":"status"' })).toEqual({ err: "a game is on: clock.unlock(PIN) first" });
    expect((rig.status() as { phase: string }).phase).toBe("running");
    expect(link.ask("repl", { pin: "1111", x: '"c":"hello"' })).toEqual({ err: expect.stringMatching(/game is on/) });
    expect(ranOnBoard(rig)).toBe(false);
  });
});

describe("a page of records sent from flash (firmware/link/reads.ts: no copy of its 2 KB in RAM)", () => {
  /** The reply line to a records request, raw, and its JSON as the tool checks and reads it. */
  function recordsLine(link: HostLink, from: number): { line: string; page: RecordPage } {
    const line = link.raw(frame(++link.seq, { c: "records", from: from }));
    return { line, page: findReply(line, link.seq)!.ok as RecordPage };
  }

  it("its text goes out as it lies in flash, the rest of the page after it, padded; the CRC over the whole is good", async () => {
    const { rig, link } = await inGame();
    for (let i = 0; i < 30; i++) rig.press(i % 2 ? "white" : "black", 7000 + i * 1000);
    rig.runUntil(38000);
    const flash = Buffer.from(rig.dev.flash.read("clk0.0")!).toString("latin1");
    const { line, page } = recordsLine(link, 0);
    expect(line.startsWith("=" + link.seq + ' {"ok":{"text":"')).toBe(true); // findReply checked its CRC
    expect(page.text).toBe(flash.slice(0, PAGE_CHARS));
    expect(page.from).toBe(0);
    expect(page.slot).toBe(80);
    expect(page.count).toBeGreaterThan(PAGE_CHARS / 80);
    // the last page, shorter: whole slots too
    const last = recordsLine(link, page.count - 1);
    expect(last.line).toMatch(/^=\d+ \{"ok":\{"text":"/);
    expect(last.page.text).toBe(flash.slice((page.count - 1) * 80, page.count * 80));
  });

  it("a slot holding a quote or a byte outside printable ASCII (torn, corrupt) goes out escaped as JSON, its bytes as they are", async () => {
    const { rig, link } = await inGame();
    rig.runUntil(8000);
    const bytes = rig.dev.flash.read("clk0.0")!;
    bytes[3] = 0x22; // "
    bytes[5] = 0xff;
    const flash = Buffer.from(bytes).toString("latin1");
    const { line, page } = recordsLine(link, 0);
    expect(line).toMatch(/^=\d+ \{"ok":\{"from":0,/);
    expect(page.text).toBe(flash.slice(0, page.text.length));
    expect(page.text.charAt(3)).toBe('"');
  });

  it("CARRY is crc(HEAD) carried through n slots of zero bytes, n = 1 … 24", () => {
    const crc = (s: string) => zcrc(Buffer.from(s, "latin1"));
    for (let n = 1; n <= PAGE_CHARS / 80; n++) {
      const zeros = "\0".repeat(80 * n);
      expect(CARRY.substr(8 * (n - 1), 8)).toBe(((crc(HEAD + zeros) ^ crc(zeros)) >>> 0).toString(16).padStart(8, "0"));
    }
    expect(CARRY.length).toBe(8 * 24);
    expect(TAIL).toBeGreaterThan(150);
  });
});

describe("the records read while the clock counts", () => {
  // Black in byoyomi from 18 s (10s+3x30s): its period counted, 10 s at 28 s
  async function counting(untilMs: number, volume?: number): Promise<{ rig: ClockRig; link: HostLink }> {
    const c = await clock(volume);
    c.rig.setUp("10s+3x30s", 3600);
    c.rig.press("white", 8000);
    c.rig.runUntil(untilMs);
    return c;
  }

  /** Sends a records request at `asked`; the instant its reply came (the board run in 10 ms steps). */
  function pageAt(rig: ClockRig, link: HostLink, asked: number): { at: number; page: RecordPage } {
    rig.dev.take("USB");
    rig.dev.send("USB", frame(++link.seq, { c: "records", from: 0 }));
    for (let t = asked + 10; t < asked + WAIT_MS + 1000; t += 10) {
      rig.runUntil(t);
      const r = findReply(rig.dev.take("USB"), link.seq);
      if (r) return { at: t, page: r.ok as RecordPage };
    }
    throw new Error("no reply");
  }

  it("at volume 10 a page asked for just before a call's lead waits until the call has been said (its clip, a copy in RAM, and a page are never in RAM together); the calls are as without it", async () => {
    const ref = (await counting(31000, 10)).rig.dev.sounds;
    const call = ref.find((x) => x.startsAt > 25000)!;
    expect(call.inRam).toBe(true);
    const asked = call.startsAt - LEAD_MS - 100; // a reply now would run into the call's lead
    const { rig, link } = await counting(asked, 10);
    const got = pageAt(rig, link, asked);
    expect(got.page.text.length).toBeGreaterThan(0);
    expect(got.at).toBeGreaterThanOrEqual(call.endsAt); // after the call, whole
    expect(got.at).toBeLessThanOrEqual(asked + WAIT_MS + 300);
    rig.runUntil(31000);
    expect(rig.dev.sounds.map((x) => x.startsAt + " " + x.file)).toEqual(ref.map((x) => x.startsAt + " " + x.file)); // the same calls, none lost
  });

  it("at the default volume a page asked for just before a call's lead waits past the call's instant only: the clip plays from flash while the page is sent", async () => {
    const ref = (await counting(31000)).rig.dev.sounds;
    const call = ref.find((x) => x.startsAt > 25000)!;
    expect(call.inRam).toBe(false);
    const asked = call.startsAt - LEAD_MS - 100;
    const { rig, link } = await counting(asked);
    const got = pageAt(rig, link, asked);
    expect(got.page.text.length).toBeGreaterThan(0);
    expect(got.at).toBeGreaterThanOrEqual(call.startsAt); // never inside the call's lead
    expect(got.at).toBeLessThan(call.endsAt); // while the call is said
    rig.runUntil(31000);
    expect(rig.dev.sounds.map((x) => x.startsAt + " " + x.file)).toEqual(ref.map((x) => x.startsAt + " " + x.file));
  });

  it("a page asked for in a 10 s count (a call every second) is answered within WAIT_MS, in a pause of the clips; the calls are as without it", async () => {
    // 10 s periods from 18 s: a call every second of the count
    const tens = async (untilMs: number) => {
      const c = await clock();
      c.rig.setUp("10s+3x10s", 3600);
      c.rig.press("white", 8000);
      c.rig.runUntil(untilMs);
      return c;
    };
    const ref = (await tens(48000)).rig.dev.sounds;
    const asked = 20050;
    const { rig, link } = await tens(asked);
    const got = pageAt(rig, link, asked);
    expect(got.page.text.length).toBeGreaterThan(0);
    expect(got.at).toBeLessThanOrEqual(asked + WAIT_MS + 300);
    rig.runUntil(48000);
    expect(rig.dev.sounds.map((x) => x.startsAt + " " + x.file)).toEqual(ref.map((x) => x.startsAt + " " + x.file));
  });
});

describe("hw/README.md's protocol example", () => {
  it("is what the clock answers, byte for byte", async () => {
    const readme = readFileSync(join(__dirname, "..", "..", "hw", "README.md"), "utf8");
    const req = /^request .*?(#12 \S.*)$/m.exec(readme)![1].trim();
    const rep = /^reply .*?(=12 \S.*)$/m.exec(readme)![1].trim();
    const { link } = await inGame();
    link.ok("unlock", { pin: "0000" });
    expect(link.raw(req + "\n")).toBe(rep + "\n");
  });
});

describe("the framing: nothing but a whole, checked request is answered", () => {
  let rig: ClockRig;
  let link: HostLink;
  beforeEach(async () => {
    ({ rig, link } = await clock());
  });

  it("garbage, prompts, echoes of replies and JavaScript get no answer and change nothing", () => {
    const before = rig.status();
    for (const junk of ["hello\n", "\x00\xff\xfe garbage\n", ">\n", "=1 {\"ok\":1}*00000000\n", "#1 {\"c\":\"status\"}\n", "#1{\"c\":\"status\"}*00000000\n",
      "# {\"c\":\"status\"}*12345678\n", "#1234567 {\"c\":\"status\"}*12345678\n", "global.probe = 1\n", "clock.op(\"start\")\n", "\x10reset()\n"]) {
      expect(link.raw(junk), JSON.stringify(junk)).toBe("");
    }
    expect(ranOnBoard(rig)).toBe(false);
    expect(rig.status()).toEqual(before);
  });

  it("a bad CRC is answered 'bad frame' at once, so that the tool retries; nothing is done", () => {
    const good = frame(7, { c: "op", words: "start" });
    const bad = good.replace('"start"', '"stert"');
    expect(findReply(link.raw(bad), 7)).toEqual({ err: "bad frame" });
    expect(rig.status().phase).toBe("setup");
  });

  it("a frame that is not a request object: a clear error", () => {
    expect(findReply(link.raw(frame(3, [1, 2])), 3)).toEqual({ err: "bad request: not an object" });
    expect(findReply(link.raw(frame(4, { words: "start" })), 4)).toEqual({ err: "bad request: no command c" });
    expect(findReply(link.raw(frame(5, { c: "format" })), 5)).toEqual({ err: "unknown command 'format'" });
    const notJson = "{c:1}";
    expect(findReply(link.raw("#6 " + notJson + "*" + zcrc(notJson).toString(16).padStart(8, "0") + "\n"), 6)).toEqual({ err: "bad request: not JSON" });
  });

  it("a request in pieces is answered once it is whole; two in one piece both; CRLF too", () => {
    const f = frame(11, { c: "hello" });
    expect(link.raw(f.slice(0, 5))).toBe("");
    expect(link.raw(f.slice(5, 20))).toBe("");
    expect(findReply(link.raw(f.slice(20)), 11)).toMatchObject({ ok: { clock: "voiced-go-clock" } });
    const both = link.raw(frame(12, { c: "hello" }) + frame(13, { c: "status" }).replace("\n", "\r\n"));
    expect(findReply(both, 12)).toBeDefined();
    expect(findReply(both, 13)).toBeDefined();
  });

  it("a half line before a request is no part of it; an over-long line is dropped whole", () => {
    expect(link.raw("#9 {\"c\":\"he")).toBe("");
    expect(findReply(link.raw("\n" + frame(14, { c: "hello" })), 14)).toBeDefined();
    const long = frame(15, { c: "status", pad: "x".repeat(1100) });
    expect(link.raw(long.slice(0, 600))).toBe("");
    expect(link.raw(long.slice(600))).toBe("");
    expect(findReply(link.raw(frame(16, { c: "hello" })), 16)).toBeDefined();
  });
});

describe("a locked clock during a game", () => {
  it("refuses set and op without the PIN, and nothing changes (read back)", async () => {
    const { rig, link } = await inGame();
    const before = link.ok<ClockStatus>("status");
    expect(link.ask("set", { volume: 2 })!.err).toMatch(/unlock/);
    expect(link.ask("set", { black: "1h" })!.err).toMatch(/before the game starts/);
    for (const w of ["pause", "end", "correct black main 1h", "rescale 10m", "absent white", "pass"]) expect(link.ask("op", { words: w })!.err, w).toMatch(/unlock/);
    rig.runUntil(7000);
    const after = link.ok<ClockStatus>("status");
    expect([after.phase, after.volume, after.black.control, after.black.mainMs]).toEqual(["running", before.volume, "10m+3x30s", 598000]);
  });

  it("unlocked, only what a game may change: the voice, its tradition, the volume, the PIN", async () => {
    const { link } = await inGame();
    link.ok("unlock", { pin: "0000" });
    expect(link.ask("set", { volume: 2, handicap: 3 })!.err).toMatch(/handicap is set before the game starts/);
    expect(link.ok("set", { volume: 2, lang: "en" })).toMatchObject({ volume: 2, lang: "en" });
  });
});

describe("the PIN is never readable from the clock", () => {
  it("neither the PIN nor its hash is in any reply, and the PIN is nowhere in Storage", async () => {
    const { rig, link } = await clock();
    expect(link.ask("set", { pin: "4271" })!.err).toMatch(/unlock/);
    link.ok("unlock", { pin: "0000" });
    link.ok("set", { pin: "4271" });
    link.ok("lock");
    expect(link.ask("unlock", { pin: "0000" })!.err).toMatch(/wrong PIN/);
    expect(link.ok("unlock", { pin: "4271" })).toBe("ok: unlocked");
    rig.setUp("10m", 4000);
    rig.press("white", 6000);
    rig.runUntil(8000);
    for (const c of ["hello", "status", "records"]) link.ask(c);
    link.ask("set", { volume: 4 });
    const stored = JSON.parse(String(rig.console('require("Storage").read("clock.set")')));
    const hash = stored.pinHash as string;
    expect(hash).toMatch(/^4\.[0-9a-f]{8}:[0-9a-f]{16}$/);
    expect(link.heard).not.toContain(hash.slice(11));
    expect(link.heard).not.toContain(hash.slice(2, 10));
    expect(link.heard).not.toContain("4271");
    expect(link.heard).not.toContain('"pin');
    for (const name of rig.dev.flash.files.keys()) expect(Buffer.from(rig.dev.flash.read(name)!).toString("latin1"), name).not.toContain("4271");
  });

  it("an older clock's plain PIN is replaced by its hash at the first boot, and still opens", async () => {
    const code = await firmware();
    const old = JSON.stringify({ black: "2h+5x60s", white: "2h+5x60s", handicap: 0, whiteOnRight: true, lang: "zh", tradition: "cn", volume: 7, pin: "8642", lateLimitMs: 3600000 });
    const rig = new ClockRig(code, { files: Object.assign({ "clock.set": old }) }).start();
    rig.runUntil(3500);
    const now = String(rig.console('require("Storage").read("clock.set")'));
    expect(now).not.toContain("8642");
    expect(now).toMatch(/"pinHash":"4\.[0-9a-f]{8}:[0-9a-f]{16}"/);
    expect(new HostLink(rig.dev).ok("unlock", { pin: "8642" })).toBe("ok: unlocked");
  });
});
