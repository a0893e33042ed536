// The browser clock as a user meets it: `npm run sim` (a real process) serves the page, Chromium
// shows it. The page runs the device firmware; every frame it shows must be the very frame the same
// firmware draws on the desktop board for the same button edges at the same instants. The board's
// clock is the test's (virtual) here, so nothing waits on real time.

import { describe, expect, it, vi } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { LEFT, RIGHT, MENU } from "../../firmware/board";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_PORT } from "../../sim/web/server";
import { browserRig, openClock, canvasText, advance, shot, shots, soundOn, Mirror, ROOT, SHOTS } from "./harness";

// a Chromium page per case: about 2.5 s idle, nearly 5 s on a busy two-core machine
vi.setConfig({ testTimeout: 60000 });

const rig = browserRig(); // `npm run sim` and Chromium, for the whole file

async function fresh(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await rig.chrome.browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await openClock(ctx, rig.sim.url, true);
  return { ctx, page };
}

const KEY: Record<number, string> = { [LEFT]: "z", [RIGHT]: "m", [MENU]: "b" };
const ID: Record<number, string> = { [LEFT]: "#left", [RIGHT]: "#right", [MENU]: "#menu" };

describe("the page", { timeout: 60000 }, () => {
  it("is served from the project alone: every request goes to the sim's own address, under a same-origin policy", async () => {
    const ctx = await rig.chrome.browser.newContext();
    const page = await ctx.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    const asked = performance.now();
    const res = await page.goto(rig.sim.url);
    await page.waitForFunction(() => (globalThis as any).document.getElementById("display").getContext("2d").getImageData(0, 0, 128, 64).data.some((v: number, i: number) => i % 4 === 0 && v > 128));
    // from the spawn of `npm run sim` to its address, then from asking for the page to its first frame drawn
    const firstFrameMs = Math.round(rig.sim.startMs + performance.now() - asked);
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, "startup.json"), JSON.stringify({ serverMs: Math.round(rig.sim.startMs), firstFrameMs: firstFrameMs }) + "\n");
    console.log("npm run sim to its address: " + Math.round(rig.sim.startMs) + " ms; to the page's first frame: " + firstFrameMs + " ms");
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain("http://127.0.0.1:" + DEFAULT_PORT + "/");
    expect(res!.status()).toBe(200);
    expect(res!.headers()["content-security-policy"]).toContain("default-src 'self'");
    await page.waitForFunction(() => (globalThis as any).document.getElementById("display").getContext("2d") !== null);
    await page.waitForLoadState("networkidle");
    expect(urls.length).toBeGreaterThan(3); // page, style, script, voice packs
    expect(urls.filter((u) => !u.startsWith(rig.sim.url))).toEqual([]);
    expect(urls.some((u) => u.includes("/voices/zh/manifest.json"))).toBe(true);
    for (const bad of ["../package.json", "voices/zh/../../package.json", "sim/web/server.ts", "voices/xx/manifest.json"]) {
      const r = await page.request.get(rig.sim.url + bad);
      expect(r.status(), bad).toBe(404);
    }
    await ctx.close();
  });

  it("a click elsewhere only turns the sound on; a click on a button presses it and turns the sound on in the same gesture", async () => {
    const { ctx, page } = await fresh();
    const mirror = new Mirror();
    expect(await page.getAttribute("#sound", "data-state")).toBe("off");
    expect(await page.textContent("#sound")).toContain("Sound off");
    await page.click(".where"); // not a button: the sound alone
    await soundOn(page);
    expect(await page.textContent("#sound")).toBe("Sound on");
    expect(await canvasText(page)).toBe(mirror.text());
    expect(await page.evaluate("window.__goclock.app.menu")).toBe(null);
    await page.click("#menu"); // a press
    mirror.tap(MENU);
    expect(await page.evaluate("window.__goclock.app.menu !== null")).toBe(true);
    expect(await canvasText(page)).toBe(mirror.text());
    await ctx.close();
    // a fresh page: its first click, on MENU, both opens the set-up and turns the sound on
    const second = await fresh();
    await second.page.click("#menu");
    await soundOn(second.page);
    expect(await second.page.evaluate("window.__goclock.app.menu !== null")).toBe(true);
    expect(await canvasText(second.page)).toBe(mirror.text());
    await second.ctx.close();
  });

  it("a control set through the menu by clicks, a game started and played with clicks and keys: the canvas shows the firmware's frame at every step", async () => {
    const { ctx, page } = await fresh();
    const mirror = new Mirror();
    await page.click(".where"); // turns the sound on
    const steps: [string, number | number[]][] = [
      ["click", MENU], // set-up menu
      ["click", MENU], // the preset list
      ["click", RIGHT], // China 1h+5x60s
      ["click", MENU], // chosen
      ["click", LEFT], // up to Ready (the list wraps)
      ["click", MENU], // Ready
      ["wait", 1000],
      ["click", RIGHT], // White presses: Black's clock runs
      ["wait", 12345],
      ["key", LEFT], // Black moves
      ["wait", 3000],
      ["key", RIGHT], // White moves
      ["wait", 61000],
      ["click", LEFT],
      ["wait", 500],
    ];
    for (const [what, arg] of steps) {
      if (what === "wait") {
        await advance(page, arg as number);
        mirror.advance(arg as number);
      } else {
        const b = arg as number;
        if (what === "click") await page.click(ID[b]);
        else await page.keyboard.press(KEY[b]);
        mirror.tap(b);
      }
      expect(await canvasText(page), what + " " + arg).toBe(mirror.text());
    }
    expect(await page.evaluate("window.__goclock.app.settings.black")).toBe("1h+5x60s");
    const status = (await page.evaluate("JSON.stringify(window.__goclock.app.clock.game)")) as string;
    expect(JSON.parse(status).toMove).toBe("white");
    await shot(page, "running");
    await ctx.close();
  });

  it("MENU held with the key as long as the key is held: 2 s pauses the game", async () => {
    const { ctx, page } = await fresh();
    const mirror = new Mirror();
    await page.click(".where");
    for (const b of [MENU, LEFT, MENU]) {
      await page.click(ID[b]);
      mirror.tap(b);
    }
    await page.keyboard.press("m"); // White starts Black's clock
    mirror.tap(RIGHT);
    await advance(page, 5000);
    mirror.advance(5000);
    await page.keyboard.down("b");
    mirror.edge(MENU, true);
    await advance(page, 1900);
    mirror.advance(1900);
    expect(await page.evaluate("window.__goclock.app.clock.game.phase")).toBe("running");
    await advance(page, 200);
    mirror.advance(200);
    expect(await page.evaluate("window.__goclock.app.clock.game.phase")).toBe("paused");
    await page.keyboard.up("b");
    mirror.edge(MENU, false);
    expect(await canvasText(page)).toBe(mirror.text());
    await ctx.close();
  });

  it("a link ?control=SPEC sets the game up, ready: White's press starts Black's clock", async () => {
    const ctx = await rig.chrome.browser.newContext();
    const page = await openClock(ctx, rig.sim.url + "?control=10m+3x30s&handicap=0&voice=en", true);
    expect(await page.textContent("#note")).toContain("set up by the link: black 10m+3x30s, white 10m+3x30s, handicap 0, voice en");
    expect(await page.evaluate("location.search")).toBe("?control=10m+3x30s&handicap=0&voice=en"); // the address keeps the link
    await shots(page, "link-applied");
    const mirror = new Mirror();
    await mirror.app.changeSettings(Object.assign({}, mirror.app.settings, { black: "10m+3x30s", white: "10m+3x30s", lang: "en" }));
    mirror.app.armed = true;
    mirror.app.refresh();
    expect(await canvasText(page)).toBe(mirror.text()); // "W presses to start"
    await page.click(".where");
    await page.click("#right");
    mirror.tap(RIGHT);
    await advance(page, 1500);
    mirror.advance(1500);
    expect(await page.evaluate("window.__goclock.app.clock.game.phase + ' ' + window.__goclock.app.clock.game.toMove")).toBe("running black");
    expect(await page.isHidden("#note")).toBe(true); // "White presses to start" is done with
    expect(await canvasText(page)).toBe(mirror.text());
    await ctx.close();
  });

  it("a link the core refuses shows the core's own message and changes nothing", async () => {
    const ctx = await rig.chrome.browser.newContext();
    for (const [query, said] of [
      ["?control=2h+5x60", "control: '2h+5x60': expected a unit h, m or s after 60 at character 8"],
      ["?black=1h&handicap=1", "handicap: a handicap is 0 (even) or 2 to 9 stones"],
      ["?control=1h&voice=de", "voice: no voice pack 'de' (zh, en, ja)"],
      ["?control=1h&pin=1234", "unknown parameter pin"],
    ]) {
      const page = await openClock(ctx, rig.sim.url + query, true);
      expect(await page.textContent("#note"), query).toContain("link not applied: " + said);
      expect(await page.evaluate("JSON.stringify(window.__goclock.app.settings)"), query).toBe(JSON.stringify(new Mirror().app.settings));
      expect(await page.evaluate("window.__goclock.app.armed"), query).toBe(false);
      expect(await canvasText(page)).toBe(new Mirror().text()); // "MENU: set up"
      await page.close();
    }
    await ctx.close();
  });

  it("a reload mid-game is a power cut: the game comes back paused, with its records", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: 1200, height: 860 } });
    const page = await openClock(ctx, rig.sim.url + "?control=1h%2B5x60s", true);
    await page.click(".where");
    await page.click("#right"); // Black's clock runs
    await advance(page, 75000);
    await page.keyboard.press("z"); // Black moves after 1:15
    await advance(page, 20000);
    await page.keyboard.press("m"); // White after 0:20
    await advance(page, 5000);
    await advance(page, 400); // 5.4 s into Black's move
    const before = await page.evaluate("JSON.stringify([window.__goclock.app.clock.reading('black', window.__goclock.board.now()).mainMs, window.__goclock.app.clock.reading('white', window.__goclock.board.now()).mainMs])");
    expect(JSON.parse(before as string)).toEqual([3600000 - 75000 - 5400, 3600000 - 20000]);
    const presses = async () => (await page.locator("#log li").allTextContents()).filter((l) => / press: /.test(l)).map((l) => l.split("  |")[0]);
    const logged = await presses();
    expect(logged.length).toBe(3);
    await page.reload();
    await page.waitForFunction(() => (globalThis as any).__goclock !== undefined && (globalThis as any).__goclock.firstFrameAt() > 0);
    expect(await page.evaluate("window.__goclock.app.clock.game.phase")).toBe("paused");
    // the closing tab wrote a checkpoint: Black's 5.4 s are charged to Black, nothing is given back
    const after = await page.evaluate("JSON.stringify([window.__goclock.app.clock.reading('black', 0).mainMs, window.__goclock.app.clock.reading('white', 0).mainMs, window.__goclock.app.clock.game.toMove])");
    expect(JSON.parse(after as string)).toEqual([3600000 - 75000 - 5400, 3600000 - 20000, "black"]);
    expect(await page.evaluate("window.__goclock.app.message")).toBe("restored: paused");
    // one timeline, shown at once: the presses at the times they had, then the power cut's entries
    expect(await presses()).toEqual(logged);
    const lines = await page.locator("#log li").allTextContents();
    const cut = lines.findIndex((l) => / power lost/.test(l));
    expect(lines[cut].split("  ")[0]).toBe("0:01:40.400");
    expect(lines[cut + 1]).toMatch(/^0:01:40\.400  restored: paused; up to 0:01 /);
    await shot(page, "paused-restored");
    await ctx.close();
  });

  it("screens for review: set-up menu, running, arbiter menu, paused with the log", async () => {
    const { ctx, page } = await fresh();
    await page.click(".where");
    await page.click("#menu");
    await shot(page, "setup");
    for (const b of [LEFT, MENU]) await page.click(ID[b]); // Ready
    await page.keyboard.press("m");
    await advance(page, 63000);
    await page.keyboard.press("z");
    await advance(page, 4000);
    await page.keyboard.press("m");
    await advance(page, 9000);
    await page.click("#menu"); // Black asks for the time left (16.2)
    await advance(page, 300);
    await page.keyboard.down("b"); // held 2 s: pause
    await advance(page, 2100);
    await page.keyboard.up("b");
    expect(await page.evaluate("window.__goclock.app.clock.game.phase")).toBe("paused");
    expect(await page.locator("#log li").count()).toBeGreaterThan(4);
    expect(await page.textContent("#log")).toContain("pause");
    await shot(page, "paused-log");
    await page.keyboard.down("b"); // held again while paused: the arbiter's menu, behind the PIN
    await advance(page, 2100);
    await page.keyboard.up("b");
    for (let i = 0; i < 4; i++) await page.keyboard.press("b"); // the default PIN 0000
    expect(await page.evaluate("window.__goclock.app.unlocked")).toBe(true);
    await shot(page, "arbiter-menu");
    await ctx.close();
  });

  it("on a phone's screen: the buttons are touched, the display fits, the volume setting sets the voice's level", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await openClock(ctx, rig.sim.url, true);
    const mirror = new Mirror();
    await page.tap(".where"); // the sound on
    for (const b of [MENU, RIGHT, LEFT]) {
      await page.tap(ID[b]);
      mirror.tap(b);
      expect(await canvasText(page)).toBe(mirror.text());
    }
    const canvas = (await page.locator("#display").boundingBox())!;
    expect(canvas.x).toBeGreaterThanOrEqual(0);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(390);
    const inner = (await page.evaluate("document.getElementById('display').clientWidth")) as number; // without its bezel
    expect(inner % 128).toBe(0); // a whole number of CSS pixels per device pixel
    expect(inner).toBeGreaterThanOrEqual(256);
    for (const id of ["#left", "#right"]) expect((await page.locator(id).boundingBox())!.height).toBeGreaterThanOrEqual(100);
    await shot(page, "phone");
    // volume: each step 2.5 dB, 0 silent, the clips stored at volume 7's level (as the device's speaker)
    for (const [v, gain] of [[10, Math.pow(10, 7.5 / 20)], [7, 1], [1, Math.pow(10, -15 / 20)], [0, 0]]) {
      await page.evaluate("window.__goclock.app.changeSettings(Object.assign({}, window.__goclock.app.settings, { volume: " + v + " }))");
      // the gain node's value as the audio thread has it: on a busy machine a render quantum computed
      // just before the change can still report the old value for a moment
      await expect.poll(() => page.evaluate("window.__goclock.voice.level()") as Promise<number>, { timeout: 10_000 }).toBeCloseTo(gain, 5);
    }
    await ctx.close();
  });
});
