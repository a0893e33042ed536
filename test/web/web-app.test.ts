// The page as an app people keep open for hours, in Chromium: the first press starts the game and
// the sound with it; the sound bar (mute, volume, voice, a test) works through the device's own
// settings; a new game without the arbiter's menu; the log and the time record downloaded as the
// arbiter's tool writes them; the result in words; the screen kept on while the clock runs, full
// screen, and a question before a tab with a game on is closed.

import { describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import sgf, { type SgfNode } from "@sabaki/sgf";
import { LEFT, RIGHT } from "../../firmware/board";
import { callPhrases } from "../../firmware/voice";
import { logLines } from "../../firmware/record/readlog";
import { browserRig, openClock, advance, canvasText, shots, soundOn, Mirror } from "./harness";

vi.setConfig({ testTimeout: 60000 });

const rig = browserRig(); // `npm run sim` and Chromium, for the whole file

const js = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;
const phase = (page: Page) => js(page, "window.__goclock.app.clock.game.phase") as Promise<string>;

/** A fresh clock (its own storage) at a laptop's size, opened with a link. */
async function clock(query: string, init?: string): Promise<Page> {
  const ctx = await rig.chrome.browser.newContext({ viewport: { width: 1280, height: 720 } });
  if (init) await ctx.addInitScript(init);
  return openClock(ctx, rig.sim.url + query, true);
}

/** The desktop firmware set up as the link sets it up, for the frames the page must show. */
function mirrorOf(control: string): Mirror {
  const m = new Mirror();
  m.app.changeSettings(Object.assign({}, m.app.settings, { black: control, white: control }), "link"); // as the page's link does
  m.app.armed = true;
  m.app.refresh();
  return m;
}

describe("the page as an app", () => {
  it("the first key on ?control=0+3x10s starts the game and turns the sound on: the entry call is scheduled in that gesture", async () => {
    const page = await clock("?control=0%2B3x10s");
    const mirror = mirrorOf("0+3x10s");
    await shots(page, "sound-off");
    await page.keyboard.press("m"); // White's button: Black's byoyomi runs
    mirror.tap(RIGHT);
    expect(await phase(page)).toBe("running");
    expect(await js(page, "window.__goclock.app.clock.game.toMove")).toBe("black");
    await soundOn(page);
    const clips = (await js(page, "window.__goclock.voice.scheduled.map((s) => s.clip)")) as string[];
    expect(clips[0]).toBe("zh/byoyomi"); // 开始读秒, at the press: its clips were handed to the context in the same gesture
    expect(await canvasText(page)).toBe(mirror.text());
    await shots(page, "first-press");
    await page.context().close();
  });

  it("while the voice is still on its way the sound bar says so, not 'Sound on' (a call made then would be silent)", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: 1280, height: 720 } });
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await ctx.route("**/voices/zh/**", async (route) => {
      await held;
      await route.continue();
    });
    const page = await openClock(ctx, rig.sim.url, true);
    await page.click(".where"); // the gesture turns audio on; the zh clips are held back
    await page.waitForSelector("#sound[data-state=loading]", { state: "attached" });
    expect(await page.textContent("#sound")).toMatch(/still loading/);
    release();
    await soundOn(page);
    expect(await page.textContent("#sound")).toBe("Sound on");
    await ctx.close();
  });

  it("the sound bar: mute, volume and voice are the device's settings (both ways), and the test plays a whole phrase", async () => {
    const page = await clock("");
    expect(await page.getAttribute("#sound", "data-state")).toBe("off");
    await page.click(".where");
    await soundOn(page);
    await page.focus("#volume");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowLeft"); // 7 → 3
    expect(await js(page, "window.__goclock.app.settings.volume")).toBe(3);
    expect(await page.textContent("#volume-value")).toBe("3");
    await expect.poll(() => js(page, "window.__goclock.voice.level()"), { timeout: 10_000 }).toBeCloseTo(Math.pow(10, (-(7 - 3) * 2.5) / 20), 5); // 2.5 dB a step, the clips stored at volume 7's level, as the device
    expect(await js(page, "localStorage.getItem('goclock.s.clock.set')")).toContain('"volume":3'); // as the device keeps it
    await page.click("#mute");
    expect(await js(page, "window.__goclock.app.settings.volume")).toBe(0);
    expect(await page.textContent("#sound")).toBe("Sound on, muted (volume 0)");
    expect(await page.textContent("#mute")).toBe("Unmute");
    await page.click("#mute");
    expect(await js(page, "window.__goclock.app.settings.volume")).toBe(3);
    // the device's menu (or the console) changes a setting: the bar shows it
    await js(page, "window.__goclock.app.changeSettings(Object.assign({}, window.__goclock.app.settings, { volume: 9 })), window.__goclock.app.refresh()");
    await expect.poll(() => page.inputValue("#volume")).toBe("9");
    // before a game the voice brings its counting tradition, as the menu's Language item does
    await page.selectOption("#lang", "ja");
    expect(await js(page, "[window.__goclock.app.settings.lang, window.__goclock.app.settings.tradition].join()")).toBe("ja,nihon-kiin");
    await page.selectOption("#lang", "en");
    expect(await js(page, "[window.__goclock.app.settings.lang, window.__goclock.app.settings.tradition].join()")).toBe("en,cn");
    await page.waitForFunction(() => Object.keys((globalThis as any).__goclock.voice.manifests).length === 3);
    const before = (await js(page, "window.__goclock.voice.scheduled.length")) as number;
    await page.click("#test-voice");
    const played = (await js(page, "window.__goclock.voice.scheduled.map((s) => s.clip)")) as string[];
    expect(played.slice(before)).toEqual(callPhrases("en", ["byoyomi", "periods:3"]).flat().map((c) => "en/" + c));
    await shots(page, "sound-bar");
    // during a game: the voice alone changes (the game is counted as it began); no test over the calls
    // the keys are the buttons also while the slider (used last) has the focus
    await page.focus("#volume");
    for (const key of ["b", "z", "b"]) await page.keyboard.press(key); // the set-up menu, up to Ready, Ready
    await page.keyboard.press("m");
    expect(await phase(page)).toBe("running");
    expect(await page.isDisabled("#test-voice")).toBe(true);
    await page.selectOption("#lang", "ja");
    expect(await js(page, "[window.__goclock.app.settings.lang, window.__goclock.app.settings.tradition].join()")).toBe("ja,cn");
    await page.context().close();
  });

  it("New game: for the home player after one question; with the tournament lock on, only with the arbiter's PIN", async () => {
    const page = await clock("?control=1m");
    await page.keyboard.press("m");
    await advance(page, 3000);
    await page.keyboard.press("z");
    await advance(page, 500);
    expect(await page.isEnabled("#newgame")).toBe(true);
    await page.click("#newgame");
    expect(await page.textContent("#newgame-ask")).toContain("Erase this game");
    await shots(page, "new-game-ask");
    await page.click("#newgame-ask .no");
    expect(await phase(page)).toBe("running");
    expect(await page.isVisible("#newgame")).toBe(true);
    await page.click("#newgame");
    await page.click("#newgame-ask .yes");
    expect(await phase(page)).toBe("setup");
    // a game of its own: its log begins afresh; the last one's stays on the clock, for a dispute
    expect(await js(page, "window.__goclock.log(0, 100).entries.map((e) => e.what).join(' ')")).toBe("new");
    expect(await js(page, "window.__goclock.board.store.count(1)")).toBeGreaterThan(2);
    expect(await canvasText(page)).toBe(mirrorOf("1m").text()); // the same set-up, "W presses to start"
    expect(await page.isDisabled("#newgame")).toBe(true); // nothing to erase
    // the lock on: the question asks for the PIN; a wrong one changes nothing
    await js(page, "window.__goclock.app.changeSettings(Object.assign({}, window.__goclock.app.settings, { tournament: true }))");
    await page.keyboard.press("m");
    await advance(page, 1000);
    await page.click("#newgame");
    expect(await page.isVisible("#newgame-ask input[type=password]")).toBe(true);
    await page.fill("#newgame-ask input[type=password]", "9999");
    await page.click("#newgame-ask .yes");
    expect(await page.textContent("#newgame-ask .why")).toContain("wrong PIN");
    expect(await phase(page)).toBe("running");
    await shots(page, "new-game-pin");
    await page.fill("#newgame-ask input[type=password]", "0000");
    await page.click("#newgame-ask .yes");
    expect(await phase(page)).toBe("setup");
    await page.context().close();
  });

  it("the log downloads as text and CSV as `goclock log` gives them, and the time record as SGF that @sabaki/sgf reads", async () => {
    const page = await clock("?control=1m%2B3x30s");
    const mirror = mirrorOf("1m+3x30s");
    for (const [key, wait] of [["m", 12345], ["z", 3000], ["m", 50000], ["z", 40000], ["m", 1000]] as [string, number][]) {
      await page.keyboard.press(key);
      mirror.tap(key === "m" ? RIGHT : LEFT);
      await advance(page, wait);
      mirror.advance(wait);
    }
    const got: Record<string, { name: string; text: string }> = {};
    for (const id of ["dl-text", "dl-csv", "dl-sgf"]) {
      const [dl] = await Promise.all([page.waitForEvent("download"), page.click("#" + id)]);
      got[id] = { name: dl.suggestedFilename(), text: readFileSync((await dl.path())!, "utf8") };
    }
    await page.context().close();
    expect(got["dl-text"].name).toMatch(/^goclock-\d{4}-\d\d-\d\d-\d{4}-log\.txt$/);
    expect(got["dl-csv"].name).toMatch(/-log\.csv$/);
    expect(got["dl-sgf"].name).toMatch(/^goclock-.*\.sgf$/);
    // the text: the device console's own log lines (what `goclock log` prints), of the same game
    const lines = logLines(mirror.app);
    expect(lines.length).toBeGreaterThan(5);
    // after the line that states the game (both controls, handicap, White's side, lateness limit,
    // the firmware: the simulator's own name)
    const text = got["dl-text"].text.split("\n");
    expect(text[0]).toBe("game: Black 1m+3x30s, White 1m+3x30s; handicap 0 (even game); White's button right; lateness limit 1:00:00; firmware simulator");
    expect(text.slice(1).join("\n")).toBe(lines.join("\n") + "\n");
    // the CSV: the game's statement, a header, then one row per entry, its time and words those of the text
    const all = got["dl-csv"].text.trimEnd().split("\n");
    expect(all.filter((l) => l.startsWith("# ")).length).toBe(6);
    const rows = all.filter((l) => !l.startsWith("# "));
    expect(rows[0]).toBe("time,event,t_ms,what,side,info,black_left_ms,black_used_ms,black_main_ms,black_periods_left,black_period_ms,black_moves_left,black_moves,white_left_ms,white_used_ms,white_main_ms,white_periods_left,white_period_ms,white_moves_left,white_moves");
    expect(rows.length).toBe(lines.length + 1);
    expect(rows[2].split(",")[0]).toBe(lines[1].split("  ")[0]);
    // the SGF: the control in the root, each move with the mover's time left after it
    const [root] = sgf.parse(got["dl-sgf"].text);
    expect(root.data.TM).toEqual(["60"]);
    expect(root.data.OT![0]).toContain("3x30 byo-yomi");
    const moves: Record<string, string[]>[] = [];
    for (let n: SgfNode | undefined = root.children[0]; n; n = n.children[0]) moves.push(n.data);
    expect(moves.map((m) => (m.B ? "B " + m.BL + (m.OB ? " " + m.OB : "") : "W " + m.WL))).toEqual(["B 47.655", "W 57", "B 30 3", "W 17"]);
  });

  it("the result in words on the page, from the core: who lost and why", async () => {
    const page = await clock("?control=0%2B1x10s");
    expect(await page.isHidden("#result")).toBe(true);
    await page.keyboard.press("m");
    await advance(page, 9999);
    expect(await page.isHidden("#result")).toBe(true);
    await advance(page, 1); // the 10 at 10 s: the loss on time (12.3)
    expect(await page.textContent("#result")).toBe("Flag: Black lost on time");
    await shots(page, "result");
    expect(await js(page, "window.__goclock.con.unlock('0000') + ' ' + window.__goclock.con.op('end')")).toBe("ok: unlocked ok: end");
    expect(await page.textContent("#result")).toBe("Game over: Black lost on time");
    await page.context().close();
  });

  it("while the clock runs the screen is kept on; a tab with a game on asks before it closes; full screen", async () => {
    const WAKE = `window.__wl = [];
      Object.defineProperty(Navigator.prototype, "wakeLock", { configurable: true, get() { return { request(type) {
        const s = new EventTarget();
        s.release = () => { window.__wl.push("release"); s.dispatchEvent(new Event("release")); return Promise.resolve(); };
        window.__wl.push("request " + type);
        return Promise.resolve(s);
      } }; } });`;
    const page = await clock("?control=1h", WAKE);
    await page.keyboard.press("m");
    await page.waitForFunction(() => (globalThis as any).document.getElementById("wake").textContent !== "");
    expect(await js(page, "window.__wl")).toEqual(["request screen"]);
    expect(await page.textContent("#wake")).toBe("screen kept on while the clock runs");
    await page.keyboard.down("b"); // held 2 s: pause
    await advance(page, 2100);
    await page.keyboard.up("b");
    expect(await phase(page)).toBe("paused");
    expect(await js(page, "window.__wl")).toEqual(["request screen", "release"]);
    expect(await page.textContent("#wake")).toBe("");
    // full screen, and back
    await page.click("#fullscreen");
    await page.waitForFunction(() => (globalThis as any).document.fullscreenElement !== null);
    expect(await page.textContent("#fullscreen")).toBe("Leave full screen");
    await page.click("#fullscreen");
    await page.waitForFunction(() => (globalThis as any).document.fullscreenElement === null);
    // a game on: closing the tab asks first
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(["beforeunload"]);
    expect(page.isClosed()).toBe(false);
    // no game on: it closes without a word
    await page.click("#newgame");
    await page.click("#newgame-ask .yes");
    const closed = new Promise((r) => page.once("close", r));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual(["beforeunload"]);
    await page.context().close();
  });
});
