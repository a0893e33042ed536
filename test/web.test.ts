// The browser clock as a user meets it: `npm run sim` (a real process) serves the page, Chromium
// shows it. The page runs the device firmware; every frame it shows must be the very frame the same
// firmware draws on the desktop board for the same button edges at the same instants. The board's
// clock is the test's (virtual) here, so nothing waits on real time.

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { LEFT, RIGHT, MENU } from "../firmware/board";
import { startSim, startChrome, openClock, canvasText, advance, shot, Mirror, type Sim, type Chrome } from "./web/harness";

// a Chromium page per case: about 2.5 s idle, nearly 5 s on a busy two-core machine
vi.setConfig({ testTimeout: 60000 });

let sim: Sim;
let chrome: Chrome;
beforeAll(async () => {
  [sim, chrome] = await Promise.all([startSim(), startChrome()]);
}, 60000);
afterAll(async () => {
  if (chrome) await chrome.close();
  if (sim) sim.stop();
});

async function fresh(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await chrome.browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await openClock(ctx, sim.url, true);
  return { ctx, page };
}

const KEY: Record<number, string> = { [LEFT]: "z", [RIGHT]: "m", [MENU]: "b" };
const ID: Record<number, string> = { [LEFT]: "#left", [RIGHT]: "#right", [MENU]: "#menu" };

describe("the page", () => {
  it("is served from the project alone: every request goes to the sim's own address, under a same-origin policy", async () => {
    const ctx = await chrome.browser.newContext();
    const page = await ctx.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    const res = await page.goto(sim.url);
    expect(res!.status()).toBe(200);
    expect(res!.headers()["content-security-policy"]).toContain("default-src 'self'");
    await page.waitForFunction("document.getElementById('display').getContext('2d') !== null");
    await page.waitForLoadState("networkidle");
    expect(urls.length).toBeGreaterThan(3); // page, style, script, voice packs
    expect(urls.filter((u) => !u.startsWith(sim.url))).toEqual([]);
    expect(urls.some((u) => u.includes("/voices/zh/manifest.json"))).toBe(true);
    for (const bad of ["../package.json", "voices/zh/../../package.json", "sim/web/server.ts", "voices/xx/manifest.json"]) {
      const r = await page.request.get(sim.url + bad);
      expect(r.status(), bad).toBe(404);
    }
    await ctx.close();
  });

  it("the first click turns the sound on and presses nothing; the page says sound is off until then", async () => {
    const { ctx, page } = await fresh();
    const mirror = new Mirror();
    expect(await page.isVisible("#sound")).toBe(true);
    expect(await page.textContent("#sound")).toContain("Sound is off");
    await page.click("#menu"); // would open the set-up menu, were it a press
    await page.waitForFunction("document.getElementById('sound').hidden");
    expect(await canvasText(page)).toBe(mirror.text());
    expect(await page.evaluate("window.__goclock.app.menu")).toBe(null);
    await page.click("#menu"); // the second is a press
    mirror.tap(MENU);
    expect(await page.evaluate("window.__goclock.app.menu !== null")).toBe(true);
    expect(await canvasText(page)).toBe(mirror.text());
    await ctx.close();
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
});
