// The link as an arbiter meets it when something is wrong: noise on the line is never read as a
// status, a lost or damaged reply is asked for again, and a silent port, another device, a busy port
// and a locked clock each get their own message and exit status, with nothing half-applied.
// Against a fake clock on a pseudo-terminal pair: the real firmware cannot be made to misbehave.

import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { SerialPort } from "serialport";
import { ptyPair, fakeClock, goclock, replyFrame, type PtyPair } from "./tool-pty";
import { parseLine, encodeRequest } from "../../hw/tool/frame";

const HELLO = { clock: "voiced-go-clock", version: "0.1.0-test", proto: 1 };
const SIDE = { control: "2h+5x60s", mainMs: 5000000, periodsLeft: 5, periodMs: 60000, blockMs: 0, movesLeft: 0, moves: 12, out: false, usedMs: 2200000 };
const STATUS = {
  phase: "running", toMove: "white", armed: true, unlocked: false, locked: true,
  black: SIDE, white: Object.assign({}, SIDE, { mainMs: 0, periodsLeft: 3, periodMs: 42000, moves: 11, usedMs: 7320000 }),
  handicap: 0, whiteOnRight: true, lang: "zh", volume: 7, lateLimitMs: 3600000, battery: 80, faults: [],
};

let pty: PtyPair;
beforeEach(async () => {
  pty = await ptyPair();
});
afterEach(() => pty.close());

describe("frames", () => {
  it("a reply is taken only with its CRC right; a request frame or a broken tail is not a reply", () => {
    const good = replyFrame(7, { ok: 1 }).trimEnd();
    expect(parseLine(good)).toEqual({ kind: "reply", seq: 7, body: { ok: 1 } });
    expect(parseLine(good + "\r")).toEqual({ kind: "reply", seq: 7, body: { ok: 1 } });
    expect(parseLine(good.replace('"ok":1', '"ok":2'))).toEqual({ kind: "damaged", seq: 7 });
    expect(parseLine(good.slice(0, 12))).toEqual({ kind: "damaged", seq: 7 });
    expect(parseLine(encodeRequest(7, { c: "status" }).trimEnd())).toEqual({ kind: "other" });
    expect(parseLine('> clock.status()')).toEqual({ kind: "other" });
    expect(parseLine("=7 [1,2]*" + "0".repeat(8))).toEqual({ kind: "other" });
  });

  it("requests are printable ASCII: a non-ASCII value is escaped", () => {
    expect(encodeRequest(1, { c: "op", words: "é" })).toMatch(/^#1 \{"c":"op","words":"\\u00e9"\}\*[0-9a-f]{8}\n$/);
  });
});

describe("noise is never a reading", { timeout: 120000 }, () => {
  it("echo, prompt, stray prints, half lines, a wrong seq and a damaged reply come first: the status read is the clock's", async () => {
    let damagedOnce = false;
    const fake = await fakeClock(pty.clock, (r) => {
      const noise = [r.line + "\n", ">\n", "=99 {\"ok\":{\"phase\":\"ended\"}}*00000000\n", "clock.status()\n", "=1", "\r\n", "Uncaught Error: x\n", replyFrame(r.seq + 1, { ok: { phase: "bogus" } })];
      if (r.c === "hello") return noise.concat([replyFrame(r.seq, { ok: HELLO })]);
      if (!damagedOnce) {
        damagedOnce = true;
        return noise.concat([replyFrame(r.seq, { ok: STATUS }).replace('"phase":"running"', '"phase":"setup"')]);
      }
      return noise.concat([replyFrame(r.seq, { ok: STATUS })]);
    });
    const run = await goclock(["status", "--port", pty.tool, "--json"]);
    await fake.close();
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.status).toEqual(STATUS);
    expect(out.version).toBe("0.1.0-test");
    // the damaged status was asked for again with the same seq (so a clock acts on it once)
    const statusSeqs = fake.requests.filter((l) => l.indexOf('"c":"status"') > 0).map((l) => l.split(" ")[0]);
    expect(statusSeqs.length).toBe(2);
    expect(statusSeqs[0]).toBe(statusSeqs[1]);
  });

  it("the human status names both sides' times, the turn, periods, moves and battery", async () => {
    const fake = await fakeClock(pty.clock, (r) => [replyFrame(r.seq, { ok: r.c === "hello" ? HELLO : STATUS })]);
    const run = await goclock(["status", "--port", pty.tool]);
    await fake.close();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("running, White to move");
    expect(run.stdout).toMatch(/Black\s+2h\+5x60s\s+1:23:20 main time\s+12 moves\s+used 36:40/);
    expect(run.stdout).toMatch(/White\s+2h\+5x60s\s+byoyomi: 0:42 of the period, 3 periods left\s+11 moves\s+used 2:02:00 <- running/);
    expect(run.stdout).toContain("battery 80 %");
    expect(run.stdout).toContain("firmware 0.1.0-test");
  });
});

describe("each failure its own message and exit status", { timeout: 120000 }, () => {
  it("nothing on the other end: no answer (3)", async () => {
    const run = await goclock(["status", "--port", pty.tool, "--timeout", "200", "--retries", "1"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("no answer on " + pty.tool);
    expect(run.stdout).toBe("");
  });

  it("an Espruino prompt that echoes and fails: not this clock (4), with the hint to flash", async () => {
    const fake = await fakeClock(pty.clock, (r) => [r.line + "\n", "Uncaught SyntaxError: Got '#' expected EOF\n", " at line 1 col 1\n", ">"]);
    const run = await goclock(["status", "--port", pty.tool, "--timeout", "200", "--retries", "1"]);
    await fake.close();
    expect(run.code).toBe(4);
    expect(run.stderr).toContain("is not a clock of this kind");
    expect(run.stderr).toContain("flash the clock firmware");
  });

  it("garbage bytes on the line: not this clock (4), never a status", async () => {
    const fake = await fakeClock(pty.clock, () => ["\x00\xff=1 {garbage}*zz\n", "=\n", "\x1b[2J noise \n"]);
    const run = await goclock(["status", "--port", pty.tool, "--timeout", "200", "--retries", "1", "--json"]);
    await fake.close();
    expect(run.code).toBe(4);
    expect(JSON.parse(run.stdout)).toMatchObject({ exit: 4 });
  });

  it("a framed answer from another device: not this clock (4)", async () => {
    const fake = await fakeClock(pty.clock, (r) => [replyFrame(r.seq, { ok: { clock: "some-other-timer", version: "9", proto: 1 } })]);
    const run = await goclock(["status", "--port", pty.tool]);
    await fake.close();
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('"some-other-timer", not a voiced-go-clock');
  });

  it("a port another program holds: busy (5); a path that is no port (5)", async () => {
    const holder = new SerialPort({ path: pty.tool, baudRate: 115200, autoOpen: false });
    await new Promise<void>((res, rej) => holder.open((e) => (e ? rej(e) : res())));
    const run = await goclock(["status", "--port", pty.tool]);
    await new Promise((r) => holder.close(r));
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(pty.tool + " is busy: another program has it open");
    const none = await goclock(["status", "--port", pty.tool + "-missing"]);
    expect(none.code).toBe(5);
    expect(none.stderr).toContain("no serial port " + pty.tool + "-missing");
  });

  it("a locked clock refusing: locked (6), told to unlock; with --pin the access is given back after", async () => {
    const seen: string[] = [];
    let unlocked = false;
    const fake = await fakeClock(pty.clock, (r) => {
      seen.push(r.c);
      if (r.c === "hello") return [replyFrame(r.seq, { ok: HELLO })];
      if (r.c === "status") return [replyFrame(r.seq, { ok: Object.assign({}, STATUS, { unlocked: unlocked }) })];
      if (r.c === "unlock") {
        unlocked = r.body.pin === "4321";
        return [replyFrame(r.seq, unlocked ? { ok: "ok: unlocked" } : { err: "wrong PIN (2 left)" })];
      }
      if (r.c === "lock") {
        unlocked = false;
        return [replyFrame(r.seq, { ok: "ok: locked" })];
      }
      return [replyFrame(r.seq, unlocked ? { err: "refused: the clock is not paused" } : { err: "a game is on: unlock with the PIN first" })];
    });
    const locked = await goclock(["correct", "black", "main", "5m", "--port", pty.tool]);
    expect(locked.code).toBe(6);
    expect(locked.stderr).toContain("the clock is locked: a game is on: unlock with the PIN first");
    const wrong = await goclock(["pause", "--port", pty.tool, "--pin", "1111"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("wrong PIN (2 left)");
    const refused = await goclock(["correct", "black", "main", "5m", "--port", pty.tool, "--pin", "4321"]);
    await fake.close();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the clock refused: the clock is not paused; nothing changed");
    expect(unlocked).toBe(false); // locked again after the command
    expect(seen.slice(-4)).toEqual(["status", "unlock", "op", "lock"]);
  });

  it("an operation whose reply is lost is not sent again: the arbiter is told to look (3); a damaged request is", async () => {
    let ops = 0;
    let frames = 0;
    const fake = await fakeClock(pty.clock, (r) => {
      if (r.c === "hello") return [replyFrame(r.seq, { ok: HELLO })];
      if (r.c === "op") ops++;
      if (r.c === "op" && r.body.words === "pause") return [];
      // "resume": the first copy arrived damaged, as the clock says; it acts on the second
      if (r.c === "op" && frames++ === 0) return [replyFrame(r.seq, { err: "bad frame" })];
      return [replyFrame(r.seq, { ok: "ok: " + r.body.words })];
    });
    const lost = await goclock(["pause", "--port", pty.tool, "--timeout", "300"]);
    expect(lost.code).toBe(3);
    expect(lost.stderr).toContain("did not confirm 'pause' (its reply was lost or damaged): it may have done it, so it is not sent again; goclock status shows");
    expect(ops).toBe(1);
    const resumed = await goclock(["resume", "--port", pty.tool]);
    await fake.close();
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout.trim()).toBe("ok: resume");
    expect(ops).toBe(3);
  });

  it("a malformed value is refused before anything is sent (2)", async () => {
    const fake = await fakeClock(pty.clock, (r) => [replyFrame(r.seq, { ok: HELLO })]);
    const run = await goclock(["set", "--port", pty.tool, "--control", "2h+5x60"]);
    await fake.close();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--control '2h+5x60': expected a unit h, m or s after 60 at character 8");
    expect(fake.requests).toEqual([]);
  });
});
