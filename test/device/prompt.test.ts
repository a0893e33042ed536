// Who gets a JavaScript prompt on the built bundle (dist/clock.js on the board double): nobody on
// USB or Bluetooth at boot, in set-up, in a game or after it, unless the arbiter opens it with the
// PIN (goclock repl's request, the set-up menu), and then only until the next game starts or the
// line closes; the documented console API `clock` works there. Right after a flash, 3 s for the CLI.
import { describe, it, expect } from "vitest";
import { firmware, ClockRig, voiceFiles } from "../double/rig";
import { HostLink, findReply, frame } from "../double/link";

async function booted(ms = 3500): Promise<ClockRig> {
  const rig = new ClockRig(await firmware()).start();
  rig.runUntil(ms);
  return rig;
}

/** Text typed on a line; what the board sent back. */
function type(rig: ClockRig, line: "USB" | "Bluetooth", text: string): string {
  rig.dev.take(line);
  rig.dev.send(line, text);
  rig.dev.advance(100);
  return rig.dev.take(line);
}

function reached(rig: ClockRig): boolean {
  return rig.console("typeof global.probe") !== "undefined";
}

describe("during a game no line gives a prompt", () => {
  it("USB: JavaScript typed is not run, a Ctrl-C opens nothing; the protocol still answers", async () => {
    const rig = await booted();
    rig.setUp("10m+3x30s", 3600);
    rig.press("white", 5000);
    rig.runUntil(6000);
    expect(rig.dev.consoleState()).toMatchObject({ console: null, forced: true });
    expect(type(rig, "USB", "global.probe = 1\n")).toBe("");
    expect(type(rig, "USB", "\x03\x03echo(1)\nglobal.probe = 2\n")).toBe("");
    expect(type(rig, "USB", "\x03")).toBe("");
    expect(type(rig, "USB", "\x10global.probe = 3\n")).toBe("");
    expect(reached(rig)).toBe(false);
    expect(rig.dev.consoleState().console).toBeNull();
    expect(new HostLink(rig.dev).ok("hello")).toMatchObject({ clock: "voiced-go-clock" });
  });

  it("Bluetooth: the radio is off, nothing connects, from power-on and through the game", async () => {
    const rig = await booted(10);
    expect(rig.dev.consoleState().radio).toMatchObject({ awake: false, uart: false, connected: false });
    expect(rig.dev.bleConnect()).toMatch(/nothing is advertising/);
    rig.runUntil(3500);
    rig.setUp("10m", 3600);
    rig.press("white", 5000);
    rig.runUntil(6000);
    expect(rig.dev.bleConnect()).toMatch(/nothing is advertising/);
    expect(type(rig, "Bluetooth", "global.probe = 1\n")).toBe("");
    expect(reached(rig)).toBe(false);
  });

  it("a game restored after a power cut boots with every prompt shut at once", async () => {
    const rig = await booted();
    rig.setUp("10m", 3600);
    rig.press("white", 5000);
    rig.dev.powerCut(8000, 500);
    rig.runUntil(8600);
    expect(rig.status().phase).toBe("paused");
    expect(rig.dev.consoleState()).toMatchObject({ console: null, forced: true, radio: { awake: false } });
    expect(type(rig, "USB", "\x03global.probe = 1\n")).toBe("");
    expect(reached(rig)).toBe(false);
  });
});

describe("at power-on and between games no line gives a prompt without the PIN", () => {
  it("right after power-on: JavaScript and a Ctrl-C on USB run nothing; the protocol answers", async () => {
    const rig = await booted(10);
    expect(rig.dev.consoleState()).toMatchObject({ console: null, forced: true });
    expect(type(rig, "USB", "global.probe = 1\n")).toBe("");
    expect(type(rig, "USB", "\x03\x03global.probe = 2\n")).toBe("");
    rig.runUntil(3500);
    expect(type(rig, "USB", "\x03global.probe = 3\n")).toBe("");
    expect(reached(rig)).toBe(false);
    expect(new HostLink(rig.dev).ok("hello")).toMatchObject({ clock: "voiced-go-clock" });
  });

  it("after a game: a Ctrl-C is ignored there too, and the set-up menu offers the prompt only behind the PIN", async () => {
    const rig = await booted();
    rig.setUp("1x10s", 4000);
    rig.press("white", 6000);
    rig.runUntil(20000); // Black's only period ran out
    expect(rig.status().phase).toBe("flagged");
    expect(type(rig, "USB", "\x03global.probe = 1\n")).toBe("");
    expect(reached(rig)).toBe(false);
  });
});

describe("the arbiter opens the USB prompt with the PIN, until the next game starts or the line closes", () => {
  it("goclock repl's request: a wrong PIN opens nothing; the right one gives the line to the prompt, and the record says so", async () => {
    const rig = await booted();
    const link = new HostLink(rig.dev);
    expect(link.ask("repl", { pin: "1234" })!.err).toBe("wrong PIN (2 left)");
    expect(type(rig, "USB", "global.probe = 1\n")).toBe("");
    expect(link.ask("repl", { pin: "0000" })!.ok).toBe("ok: prompt on this line until the next game starts");
    rig.runUntil(4000);
    expect(rig.dev.consoleState()).toMatchObject({ console: "USB", forced: true });
    expect(type(rig, "USB", "global.probe = 5\n")).toContain("=5");
    // no protocol while the prompt has the line: a frame is JavaScript there (a syntax error)
    expect(findReply(type(rig, "USB", frame(1, { c: "hello" })), 1)).toBeUndefined();
    expect(rig.console("clock.status().promptOpened")).toBe(true);
    expect(rig.logLines()).toEqual(expect.arrayContaining([expect.stringMatching(/ PIN: link: wrong PIN \(2 left\)/), expect.stringMatching(/ link: prompt USB/)]));
    // the next game takes the line back
    rig.setUp("10m", 5000);
    rig.press("white", 7000);
    rig.runUntil(8000);
    expect(rig.dev.consoleState().console).toBeNull();
    expect(type(rig, "USB", "global.probe = 6\n")).toBe("");
    expect(rig.console("global.probe")).toBe(5);
    expect(rig.logLines()).toEqual(expect.arrayContaining([expect.stringMatching(/ link: prompt shut the game starts/)]));
    // during the game not even with the PIN: a prompt left open there would be a player's
    expect(new HostLink(rig.dev).ask("repl", { pin: "0000" })!.err).toBe("a game is on: the prompt opens between games (end it first)");
    expect(type(rig, "USB", "global.probe = 7\n")).toBe("");
    expect(rig.console("global.probe")).toBe(5);
  });

  it("the prompt shuts when the host closes the port", async () => {
    const rig = await booted();
    new HostLink(rig.dev).ok("repl", { pin: "0000" });
    rig.runUntil(4000);
    expect(rig.dev.consoleState().console).toBe("USB");
    // closed for a moment (the flash script hands the port to the espruino CLI): the prompt stays
    rig.dev.usbPort(false);
    rig.runUntil(9000);
    rig.dev.usbPort(true);
    rig.runUntil(30000);
    expect(rig.dev.consoleState().console).toBe("USB");
    // closed for good: within two idle wakes (10 s each) past the 10 s a line may be away
    rig.dev.usbPort(false);
    rig.runUntil(60000);
    expect(rig.dev.consoleState().console).toBeNull();
    rig.dev.usbPort(true);
    expect(type(rig, "USB", "global.probe = 1\n")).toBe("");
    expect(new HostLink(rig.dev).ok("hello")).toMatchObject({ proto: 1 });
  });

  it("the set-up menu's USB REPL, behind the PIN", async () => {
    const rig = await booted();
    let t = 4000;
    for (const b of ["menu", "left", "left", "menu", "menu", "menu", "menu", "menu"] as const) {
      rig.tap(b, t); // set-up, Ready, USB REPL, its PIN 0000
      t += 400;
    }
    rig.runUntil(t);
    expect(rig.dev.consoleState()).toMatchObject({ console: "USB", forced: true });
    expect(type(rig, "USB", "global.probe = 9\n")).toContain("=9");
  });

  it("the console API at that prompt, every call, on the built bundle", async () => {
    const rig = await booted();
    new HostLink(rig.dev).ok("repl", { pin: "0000" });
    rig.runUntil(4000);
    const call = (js: string): unknown => {
      const out = type(rig, "USB", "\x10print(JSON.stringify(" + js + "))\n");
      const line = out.split("\r\n").find((l) => l.length > 0 && l !== ">" && !l.startsWith("="));
      if (line === undefined) throw new Error(js + ": no answer in " + JSON.stringify(out));
      return JSON.parse(line);
    };
    expect(call("clock.help()")).toMatch(/clock\.status\(\)/);
    expect(call("clock.status()")).toMatchObject({ phase: "setup", version: "0.1.0", defaultPin: true, promptOpened: true });
    expect(call('clock.control("1h+5x30s")')).toBe("ok: black 1h+5x30s, white 1h+5x30s");
    expect(call('clock.control("90m", "white")')).toBe("ok: black 1h+5x30s, white 90m");
    expect(call("clock.handicap(2)")).toBe("ok: handicap 2");
    expect(call('clock.unlock("0000")')).toBe("ok: unlocked");
    expect(call("clock.lock()")).toBe("ok: locked");
    expect(call("clock.recordPage(0)")).toMatchObject({ from: 0, slot: 80 });
    expect((call("clock.records()") as string[]).length).toBeGreaterThan(0);
    expect(call("clock.newGame()")).toBe("ok: new game in set-up");
    // the game starts: the prompt closes with it (so the answer is not seen)
    type(rig, "USB", '\x10clock.op("start")\n');
    expect(rig.status().phase).toBe("running");
    expect(rig.dev.consoleState().console).toBeNull();
    expect(rig.logLines(2)).toEqual([expect.stringMatching(/ start /), expect.stringMatching(/ link: prompt shut the game starts /)]);
    expect(rig.dev.errors).toEqual([]);
  });
});

describe("right after npm run flash the USB prompt stays 3 s, once", () => {
  it("the flash's mark opens it for the espruino CLI at the new program's first boot, and is gone after", async () => {
    const rig = new ClockRig(await firmware(), { files: Object.assign({ "clock.flashed": "1" }, voiceFiles("zh")) }).start();
    rig.runUntil(500);
    expect(rig.dev.consoleState()).toMatchObject({ console: "USB", forced: true });
    expect(type(rig, "USB", "1+1\n")).toContain("=2");
    rig.runUntil(3500);
    expect(rig.dev.consoleState().console).toBeNull();
    expect(rig.dev.flash.files.has("clock.flashed")).toBe(false);
    rig.dev.powerCut(4000, 500);
    rig.runUntil(5000);
    expect(rig.dev.consoleState().console).toBeNull(); // the next boot is an ordinary one
    expect(type(rig, "USB", "1+1\n")).toBe("");
  });
});

describe("Bluetooth gives a prompt only when the arbiter turns it on, until the next game starts", () => {
  it("set-up menu, Bluetooth REPL, the PIN: a phone pairs with the passkey shown, then the game shuts it", async () => {
    const rig = await booted();
    let t = 4000;
    const tap = (b: "menu" | "left") => {
      rig.tap(b, t);
      t += 400;
    };
    tap("menu"); // the set-up menu
    tap("left"); // Ready (the list wraps)
    tap("left"); // USB REPL
    tap("left"); // Bluetooth REPL
    tap("menu"); // asks for the PIN
    for (let i = 0; i < 4; i++) tap("menu"); // 0000
    rig.runUntil(t);
    const st = rig.dev.consoleState();
    expect(st).toMatchObject({ console: "Bluetooth", forced: true, radio: { awake: true, uart: true } });
    const key = st.radio.passkey!;
    expect(key).toMatch(/^\d{6}$/);
    expect(rig.dev.bleConnect(key === "123456" ? "654321" : "123456")).toMatch(/wrong passkey/);
    expect(rig.dev.bleConnect(key)).toBeNull();
    expect(type(rig, "Bluetooth", "global.probe = 7\n")).toContain("=7");
    // USB still speaks the protocol meanwhile
    expect(new HostLink(rig.dev).ok("hello")).toMatchObject({ proto: 1 });
    rig.tap("menu", t + 500, 1700); // MENU held: out of the menu
    rig.setUp("10m", t + 2500);
    rig.press("white", t + 4500);
    rig.runUntil(t + 5500);
    expect(rig.dev.consoleState()).toMatchObject({ console: null, forced: true, radio: { awake: false, connected: false } });
    expect(rig.dev.bleConnect(key)).toMatch(/nothing is advertising/);
    expect(type(rig, "Bluetooth", "global.probe = 8\n")).toBe("");
    expect(rig.console("global.probe")).toBe(7);
  });

  it("the phone goes away: the prompt shuts with it, and the radio goes off", async () => {
    const rig = await booted();
    let t = 4000;
    for (const b of ["menu", "left", "left", "left", "menu", "menu", "menu", "menu", "menu"] as const) {
      rig.tap(b, t);
      t += 400;
    }
    rig.runUntil(t);
    const key = rig.dev.consoleState().radio.passkey!;
    expect(rig.dev.bleConnect(key)).toBeNull();
    expect(type(rig, "Bluetooth", "global.probe = 7\n")).toContain("=7");
    rig.dev.bleDisconnect();
    rig.runUntil(t + 500);
    expect(rig.dev.consoleState()).toMatchObject({ console: null, radio: { awake: false } });
    expect(rig.dev.bleConnect(key)).toMatch(/nothing is advertising/);
  });

  it("not without the PIN: a wrong one opens nothing", async () => {
    const rig = await booted();
    let t = 4000;
    for (const b of ["menu", "left", "left", "left", "menu", "left", "menu", "menu", "menu", "menu"] as const) {
      rig.tap(b, t);
      t += 400;
    }
    rig.runUntil(t);
    expect(rig.dev.consoleState()).toMatchObject({ console: null, radio: { awake: false } });
  });
});

