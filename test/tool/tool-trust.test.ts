// What an arbiter can trust, through the tool: the firmware's fingerprint (hw/fingerprint.ts) against
// a build's (goclock verify, exit 7 when it is not the build), the clock's prompt opened with the PIN
// (goclock repl: the request, then the terminal joined to the line until Ctrl-]), and the warning
// every command gives while the PIN is the factory 0000. Against the fake clock on a pty pair.

import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fingerprintOf } from "../../hw/fingerprint";
import { clockAnswers, fakeClock, goclock, GOCLOCK, ptyPair, script, type FakeState, type PtyPair } from "./tool-pty";

const GAME = { black: "2h+5x60s", white: "2h+5x60s", handicap: 0, whiteOnRight: true, lateLimitMs: 3600000, firmware: "" };
const state = (o: Partial<FakeState>): FakeState => Object.assign({ pin: "1234", phase: "setup", game: GAME, log: [], prompt: "open", tries: 3 } as FakeState, o);
const sent = (lines: string[]) => lines.map((l) => JSON.parse(l.slice(l.indexOf(" ") + 1, l.lastIndexOf("*"))) as Record<string, unknown>);

/** A build's directory as npm run build leaves it: its manifest and the files it names. */
function build(files: Record<string, string>, manifest: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "goclock-build-"));
  for (const name of Object.keys(files)) writeFileSync(join(dir, name), files[name]);
  writeFileSync(join(dir, "firmware.json"), JSON.stringify(Object.assign({ problems: 0 }, manifest)));
  return dir;
}

describe("the fingerprint", () => {
  it("is the CRC-32 of the files' CRC-32s in the manifest's order, 00000000 for one the build did not make (a known value)", () => {
    // zlib: crc32("123456789") = cbf43926, crc32("abc") = 352441c2, crc32("cbf4392600000000352441c2") = ba0411eb
    const dir = build({ "clock.flash.js": "123456789", "menu.0badcafe": "abc" }, { program: "clock.flash.js", fonts: null, menu: "menu.0badcafe" });
    const fp = fingerprintOf(dir);
    expect(fp.fingerprint).toBe("ba0411eb");
    expect(fp.files).toEqual([
      { name: "clock.flash.js", crc: "cbf43926", missing: false },
      { name: "fonts (none)", crc: "00000000", missing: false },
      { name: "menu.0badcafe", crc: "352441c2", missing: false },
    ]);
    // a file the manifest names but the directory lacks counts as absent, and is said to be missing
    const lacking = fingerprintOf(build({ "clock.flash.js": "123456789", "menu.0badcafe": "abc" }, { program: "clock.flash.js", fonts: "gfx.12345678", menu: "menu.0badcafe" }));
    expect(lacking.fingerprint).toBe("ba0411eb");
    expect(lacking.files[1]).toEqual({ name: "gfx.12345678", crc: "00000000", missing: true });
    // a build with the link's file (build/cold.ts) counts it after the others; one without (older) does not
    // zlib: crc32("def") = 0cc4e161, crc32("cbf4392600000000352441c20cc4e161") = af165ce9
    const linked = fingerprintOf(build({ "clock.flash.js": "123456789", "menu.0badcafe": "abc", "link.0badf00d": "def" }, { program: "clock.flash.js", fonts: null, menu: "menu.0badcafe", link: "link.0badf00d" }));
    expect(linked.fingerprint).toBe("af165ce9");
    expect(linked.files[3]).toEqual({ name: "link.0badf00d", crc: "0cc4e161", missing: false });
    // one byte of the program changed: another fingerprint
    expect(fingerprintOf(build({ "clock.flash.js": "123456780", "menu.0badcafe": "abc" }, { program: "clock.flash.js", fonts: null, menu: "menu.0badcafe" })).fingerprint).not.toBe("ba0411eb");
  });

  it("of the project's own build: 8 hex digits, and the one the build wrote down where it did", () => {
    const dist = join(__dirname, "..", "..", "dist");
    const fp = fingerprintOf(dist);
    expect(fp.fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect(fp.files.map((f) => f.missing)).toEqual([false, false, false, false, false, false, false]); // the program, the fonts', the menus', the link's, the power-on code's, the read requests', the arbiter's menu's
    const manifest = JSON.parse(readFileSync(join(dist, "firmware.json"), "utf8")) as { fingerprint?: string };
    if (manifest.fingerprint !== undefined) expect(manifest.fingerprint).toBe(fp.fingerprint);
  });
});

let pty: PtyPair;
beforeEach(async () => {
  pty = await ptyPair();
});
afterEach(() => pty.close());

describe("goclock verify", { timeout: 120000 }, () => {
  const dir = build({ "clock.flash.js": "123456789", "menu.0badcafe": "abc" }, { program: "clock.flash.js", fonts: null, menu: "menu.0badcafe" });

  it("the clock's fingerprint is the build's: 0; another (a changed program, a simulator, an older firmware): 7", async () => {
    const s = state({ firmware: "ba0411eb" });
    const fake = await fakeClock(pty.clock, clockAnswers(s));
    const same = await goclock(["verify", "--port", pty.tool, "--build", dir]);
    const json = await goclock(["verify", "--port", pty.tool, "--build", dir, "--json"]);
    s.firmware = "ba0411ec";
    const other = await goclock(["verify", "--port", pty.tool, "--build", dir]);
    s.firmware = "sim";
    const sim = await goclock(["verify", "--port", pty.tool, "--build", dir, "--json"]);
    s.firmware = undefined;
    const older = await goclock(["verify", "--port", pty.tool, "--build", dir]);
    await fake.close();
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain("the clock on " + pty.tool + " runs this build: fingerprint ba0411eb (");
    expect(JSON.parse(json.stdout)).toMatchObject({ clock: "ba0411eb", build: "ba0411eb", match: true });
    expect(other.code).toBe(7);
    expect(other.stdout).toContain("the clock's firmware is not this build: the clock on " + pty.tool + " reports ba0411ec, the build in ");
    expect(sim.code).toBe(7);
    expect(JSON.parse(sim.stdout)).toMatchObject({ clock: "sim", build: "ba0411eb", match: false });
    expect(older.code).toBe(7);
    expect(older.stdout).toContain("reports no fingerprint (firmware 0.1.0-test, older than fingerprints)");
  });

  it("no build in --build: a usage error (2), the clock not asked", async () => {
    const fake = await fakeClock(pty.clock, clockAnswers(state({ firmware: "ba0411eb" })));
    const run = await goclock(["verify", "--port", pty.tool, "--build", join(dir, "nowhere")]);
    await fake.close();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no firmware.json in " + join(dir, "nowhere") + ": not a build (npm run build makes dist/)");
    expect(fake.requests).toEqual([]);
  });
});

describe("goclock repl", { timeout: 120000 }, () => {
  it("asks with the PIN, then joins the terminal to the prompt: keys go to the clock, its answers come back, Ctrl-] leaves", async () => {
    const fake = await fakeClock(pty.clock, clockAnswers(state({ firmware: "ba0411eb" })));
    const run = script(GOCLOCK, ["repl", "--port", pty.tool, "--pin", "1234"]);
    run.input.write("1+1\r");
    await run.printed("=ok:1+1");
    run.input.write("clock.status()\r\x1d");
    const r = await run.done;
    await fake.close();
    expect(r.code, r.stderr).toBe(0);
    expect(sent(fake.requests)).toEqual([{ c: "hello" }, { c: "repl", pin: "1234" }]);
    expect(r.stderr).toContain("ok: prompt on this line until the next game starts (Ctrl-] leaves)");
    expect(r.stderr).toContain("left the prompt; the clock shuts it when the next game starts or the port has been closed 10 s");
    // what was typed before the leave key reached the clock; the leave key itself did not
    expect(fake.typed).toBe("1+1\rclock.status()\r");
    expect(r.stdout).toContain("1+1\r\n=ok:1+1\r\n>");
  });

  it("a wrong PIN, a lock-out, a board without a prompt (a simulator): refused (1); no PIN: a usage error (2), nothing sent", async () => {
    const s = state({ firmware: "sim", prompt: "none", tries: 2 });
    const fake = await fakeClock(pty.clock, clockAnswers(s));
    const wrong = await goclock(["repl", "--port", pty.tool, "--pin", "1111"]);
    const out = await goclock(["repl", "--port", pty.tool, "--pin", "1111"]);
    s.tries = 3;
    const none = await goclock(["repl", "--port", pty.tool, "--pin", "1234"]);
    const before = fake.requests.length;
    const nopin = await goclock(["repl", "--port", pty.tool]);
    await fake.close();
    expect([wrong.code, out.code, none.code, nopin.code]).toEqual([1, 1, 1, 2]);
    expect(wrong.stderr).toContain("the clock refused: wrong PIN (1 left); nothing changed");
    expect(out.stderr).toContain("the clock refused: too many wrong PINs: wait 120 s; nothing changed");
    expect(none.stderr).toContain("the clock refused: no JavaScript prompt on this board; nothing changed");
    expect(nopin.stderr).toContain("repl needs --pin PIN (or GOCLOCK_PIN)");
    expect(fake.requests.length).toBe(before);
  });

  it("the port closing under the prompt ends it: said, exit 3", async () => {
    const fake = await fakeClock(pty.clock, clockAnswers(state({ firmware: "ba0411eb" })));
    const run = script(GOCLOCK, ["repl", "--port", pty.tool, "--pin", "1234"]);
    run.input.write("1\r");
    await run.printed("=ok:1");
    await fake.close();
    pty.close();
    const r = await run.done;
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("the port closed (the cable, or the clock restarted)");
  });
});

describe("the factory PIN", { timeout: 120000 }, () => {
  it("every command says so while the clock does: one line on stderr, a field in --json; not once it is changed", async () => {
    const s = state({ firmware: "ba0411eb", defaultPin: true, pin: "0000" });
    const fake = await fakeClock(pty.clock, clockAnswers(s));
    const status = await goclock(["status", "--port", pty.tool]);
    const json = await goclock(["status", "--port", pty.tool, "--json"]);
    const pause = await goclock(["pause", "--port", pty.tool, "--pin", "0000", "--json"]);
    const refused = await goclock(["repl", "--port", pty.tool, "--pin", "1111", "--json"]);
    s.defaultPin = false;
    const changed = await goclock(["status", "--port", pty.tool, "--json"]);
    await fake.close();
    const warning = "the arbiter's PIN is still the factory 0000: change it before the clock goes on a tournament table (goclock set --new-pin PIN --pin 0000)";
    expect(status.code, status.stderr).toBe(0);
    expect(status.stderr.split("\n").filter((l) => l.indexOf("0000") >= 0)).toEqual(["goclock status: warning: " + warning]);
    expect(status.stdout).toContain("trust    the PIN is still the factory 0000; tournament lock off");
    expect(status.stdout).toContain("firmware 0.1.0-test (fingerprint ba0411eb)");
    expect(JSON.parse(json.stdout).warnings).toEqual([warning]);
    expect(JSON.parse(pause.stdout)).toMatchObject({ result: "ok: pause", warnings: [warning] });
    expect(pause.stderr).toContain("goclock pause: warning: " + warning);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ exit: 1, warnings: [warning] });
    expect(changed.stderr).not.toContain("0000");
    expect(JSON.parse(changed.stdout).warnings).toBeUndefined();
  });
});
