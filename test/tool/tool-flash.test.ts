// npm run flash (hw/flash.ts) against a clock that speaks only its protocol on USB: the prompt the
// espruino CLI needs is first asked for with the PIN (the protocol's repl request), and the upload's
// first step leaves the one-shot file clock.flashed for the new program's boot. A refused request
// stops the flash before anything is uploaded. The dry run shows every step.

import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { join } from "node:path";
import { clockAnswers, fakeClock, ptyPair, script, type FakeState, type PtyPair } from "./tool-pty";

const FLASH = join(__dirname, "..", "..", "hw", "flash.ts");
const GAME = { black: "90m", white: "90m", handicap: 0, whiteOnRight: true, lateLimitMs: 0, firmware: "" };
const state = (o: Partial<FakeState>): FakeState => Object.assign({ pin: "1234", phase: "setup", game: GAME, log: [], prompt: "open", tries: 3, firmware: "ba0411eb" } as FakeState, o);
const sent = (lines: string[]) => lines.map((l) => JSON.parse(l.slice(l.indexOf(" ") + 1, l.lastIndexOf("*"))) as Record<string, unknown>);

function flash(args: string[], env: Record<string, string> = {}) {
  const r = script(FLASH, args, Object.assign({ GOCLOCK_PIN: "" }, env));
  r.input.end();
  return r.done;
}

describe("npm run flash", { timeout: 120000 }, () => {
  it("--dry-run: the prompt asked for with the PIN first, then the CLI's steps, the first leaving clock.flashed", async () => {
    const r = await flash(["--port", "/dev/ttyACM0", "--pin", "1234", "--no-voice", "--dry-run"]);
    expect(r.code, r.stderr).toBe(0);
    const steps = r.stdout.split("\n").filter((l) => l.startsWith("# the prompt") || l.startsWith("espruino "));
    expect(steps.length).toBe(3);
    expect(steps[0]).toBe("# the prompt: goclock's repl request on /dev/ttyACM0 with the PIN; a board that does not answer the clock's protocol has its prompt open already");
    expect(steps[1]).toContain('S.write("clock.flashed","1")');
    expect(steps[1]).toContain("-e ");
    expect(steps[2]).toContain("SAVE_ON_SEND=1");
    expect(steps[2]).not.toContain("clock.flashed");
    expect(r.stdout).not.toContain("1234");
    const nopin = await flash(["--port", "/dev/ttyACM0", "--no-voice", "--dry-run"]);
    expect(nopin.stdout).toContain("# the prompt: goclock's repl request on /dev/ttyACM0 (no --pin: a clock that answers the protocol refuses)");
    const ble = await flash(["--port", "aa:bb:cc:dd:ee:ff", "--no-voice", "--dry-run"]);
    expect(ble.stdout).toContain("# the prompt: over Bluetooth, open it in the clock's menu (Bluetooth REPL) first");
  });

  describe("on a clock that answers the protocol", () => {
    let pty: PtyPair;
    beforeEach(async () => {
      pty = await ptyPair();
    });
    afterEach(() => pty.close());

    it("a wrong PIN or none: nothing uploaded (1, 2); the PIN from GOCLOCK_PIN is sent as --pin's would be", async () => {
      const fake = await fakeClock(pty.clock, clockAnswers(state({})));
      const wrong = await flash(["--port", pty.tool, "--pin", "1111", "--no-voice"]);
      const none = await flash(["--port", pty.tool, "--no-voice"]);
      const env = await flash(["--port", pty.tool, "--no-voice"], { GOCLOCK_PIN: "2222" });
      const bad = await flash(["--port", pty.tool, "--pin", "12a4", "--no-voice"]);
      await fake.close();
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("flash: the clock did not open its prompt: wrong PIN (2 left); nothing uploaded");
      expect(none.code).toBe(2);
      expect(none.stderr).toContain("flash: the clock on " + pty.tool + " opens its prompt with the arbiter's PIN: --pin PIN (or GOCLOCK_PIN); nothing uploaded");
      expect(env.code).toBe(1);
      expect(env.stderr).toContain("wrong PIN (1 left)");
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("flash: --pin: a PIN is 4 or 6 digits");
      // hello and repl only: the CLI never ran (it would have sent its own bytes, no frames)
      expect(sent(fake.requests)).toEqual([{ c: "hello" }, { c: "repl", pin: "1111" }, { c: "hello" }, { c: "hello" }, { c: "repl", pin: "2222" }]);
      expect(fake.typed).toBe("");
      for (const r of [wrong, none, env]) expect(r.stdout).not.toMatch(/Espruino|Connecting/i);
    });
  });
});
