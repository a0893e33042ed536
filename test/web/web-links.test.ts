// Links in Chromium as people share and mistype them: every parameter is checked and an unknown one
// named; a refusal is seen, not hidden, at a phone's and a laptop's window size; the address bar
// keeps the link; and a link opened over a stored game offers the new game (one click, through the
// PIN when the tournament lock is on) instead of refusing.

import { describe, expect, it, vi } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browserRig, openClock, advance, shots, soundOn, Mirror, SIZES } from "./harness";

vi.setConfig({ testTimeout: 60000 });

const rig = browserRig(); // `npm run sim` and Chromium, for the whole file

const settings = (page: Page) => page.evaluate("JSON.stringify(window.__goclock.app.settings)") as Promise<string>;
const phase = (page: Page) => page.evaluate("window.__goclock.app.clock.game.phase") as Promise<string>;

/** Whether #note is inside the window and on top where it is (nothing covers its middle). */
async function noteSeen(page: Page): Promise<boolean> {
  return (await page.evaluate(`(() => {
    const n = document.getElementById("note");
    if (n.hidden) return false;
    const r = n.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth || r.height === 0) return false;
    return n.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  })()`)) as boolean;
}

/** A game on the page's clock: the link's control, White's press, Black's move after 5 s. */
async function playSome(ctx: BrowserContext, control: string): Promise<Page> {
  const page = await openClock(ctx, rig.sim.url + "?control=" + encodeURIComponent(control), true);
  await page.keyboard.press("m");
  await advance(page, 5000);
  await page.keyboard.press("z");
  await advance(page, 1000);
  expect(await phase(page)).toBe("running");
  return page;
}

describe("links", () => {
  it("every parameter is checked: an unknown name is named (with the name it may be a typo of), the link changes nothing, and the address keeps it", async () => {
    const ctx = await rig.chrome.browser.newContext();
    const defaults = JSON.stringify(new Mirror().app.settings);
    let page: Page | null = null;
    for (const [query, said] of [
      ["?foo=bar", "unknown parameter foo; a link takes control, black, white, handicap, voice"],
      ["?contol=2h", "unknown parameter contol (did you mean control?)"],
      ["?control=2h&foo=bar", "unknown parameter foo"],
      ["?Voice=en&hcp=2", "unknown parameters Voice (did you mean voice?), hcp"],
      ["?control=1h&control=2h", "control given more than once"],
    ]) {
      if (!page) page = await openClock(ctx, rig.sim.url + query, true);
      else {
        await page.goto(rig.sim.url + query); // nothing stored by the last: a fresh clock again
        await page.waitForFunction(() => (globalThis as any).__goclock !== undefined && (globalThis as any).__goclock.firstFrameAt() > 0);
      }
      expect(await page.textContent("#note"), query).toContain("link not applied: " + said);
      expect(await page.getAttribute("#note", "class")).toBe("error");
      expect(await settings(page), query).toBe(defaults);
      expect(await page.evaluate("window.__goclock.app.armed")).toBe(false);
      expect(await page.evaluate("location.search")).toBe(query);
    }
    await ctx.close();
  });

  it("a refused link is seen at every window size, above the page and under nothing, also scrolled and with the sound on", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: SIZES[0][0], height: SIZES[0][1] } });
    const page = await openClock(ctx, rig.sim.url + "?control=2h%2B5x60", true);
    expect(await page.textContent("#note")).toContain("link not applied: control: '2h+5x60': expected a unit h, m or s after 60 at character 8");
    await shots(page, "link-refused");
    for (const [w, h] of [[360, 640], ...SIZES, [1920, 1080]]) {
      await page.setViewportSize({ width: w, height: h });
      expect(await noteSeen(page), w + "x" + h).toBe(true);
      expect(await page.isVisible("#sound"), w + "x" + h).toBe(true);
    }
    await page.click(".where"); // the sound on: the bar stays, the note with it
    await soundOn(page);
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      expect(await noteSeen(page), "scrolled, " + w + "x" + h).toBe(true);
    }
    await page.click("#note .dismiss");
    expect(await page.isHidden("#note")).toBe(true);
    await ctx.close();
  });

  it("a link over a stored game offers the new game: one click starts it, set up by the link; the page that played a link's game is not asked again", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: 1280, height: 720 } });
    let page = await playSome(ctx, "1h+5x60s");
    await page.close();
    // the same clock (the context's storage), opened with another link
    page = await openClock(ctx, rig.sim.url + "?control=10m%2B3x30s&voice=en", true);
    expect(await phase(page)).toBe("paused"); // the stored game, restored
    expect(await page.getAttribute("#note", "class")).toBe("ask");
    expect(await page.textContent("#note")).toContain("A game is stored on this clock (paused). This link sets up a new one: black 10m+3x30s, white 10m+3x30s, handicap 0, voice en.");
    expect(await noteSeen(page)).toBe(true);
    await shots(page, "link-over-game");
    await page.click("#note .no"); // keep it: nothing changes
    expect(await page.isHidden("#note")).toBe(true);
    expect(await phase(page)).toBe("paused");
    expect(JSON.parse(await settings(page)).black).toBe("1h+5x60s");
    await page.reload();
    await page.waitForFunction(() => (globalThis as any).__goclock !== undefined && (globalThis as any).__goclock.firstFrameAt() > 0);
    await page.click("#note .yes"); // one click
    expect(await page.textContent("#note")).toContain("set up by the link: black 10m+3x30s, white 10m+3x30s, handicap 0, voice en; White presses to start");
    expect(await phase(page)).toBe("setup");
    expect(await page.evaluate("window.__goclock.app.armed")).toBe(true);
    // the new game's log begins afresh (the old game's records kept as the previous game)
    expect(await page.evaluate("window.__goclock.log(0, 100).entries.map((e) => e.what).filter((w) => w !== 'set').join(' ')")).toBe("new");
    await page.keyboard.press("m");
    await advance(page, 2000);
    expect(await phase(page) + " " + (await page.evaluate("window.__goclock.app.clock.game.toMove"))).toBe("running black");
    // a reload of this page is a power cut of its own game: restored, not offered again
    await advance(page, 1000);
    await page.reload();
    await page.waitForFunction(() => (globalThis as any).__goclock !== undefined && (globalThis as any).__goclock.firstFrameAt() > 0);
    expect(await phase(page)).toBe("paused");
    expect(await page.isHidden("#note")).toBe(true);
    expect(JSON.parse(await settings(page)).black).toBe("10m+3x30s");
    // a link that the clock would refuse is refused over a stored game too, with its reason, not offered
    await page.goto(rig.sim.url + "?control=10m&handicap=1");
    await page.waitForFunction(() => (globalThis as any).__goclock !== undefined && (globalThis as any).__goclock.firstFrameAt() > 0);
    expect(await page.textContent("#note")).toContain("link not applied: handicap: a handicap is 0 (even) or 2 to 9 stones");
    expect(await phase(page)).toBe("paused");
    await ctx.close();
  });

  it("with the tournament lock on, the link's new game needs the arbiter's PIN; a wrong one changes nothing", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
    await (await playSome(ctx, "1h")).close();
    const page = await openClock(ctx, rig.sim.url + "?control=30m", true);
    expect(await page.getAttribute("#note", "class")).toBe("ask");
    // the lock (issue 17's setting) as the arbiter set it
    await page.evaluate("window.__goclock.app.changeSettings(Object.assign({}, window.__goclock.app.settings, { tournament: true }))");
    await page.click("#note .yes");
    expect(await page.isVisible("#note input[type=password]")).toBe(true);
    expect(await page.textContent("#note .why")).toContain("the tournament lock is on");
    await shots(page, "link-over-game-pin");
    await page.fill("#note input[type=password]", "1234");
    await page.click("#note .yes");
    expect(await page.textContent("#note .why")).toContain("wrong PIN");
    expect(await phase(page)).toBe("paused");
    expect(JSON.parse(await settings(page)).black).toBe("1h");
    await page.fill("#note input[type=password]", "0000");
    await page.click("#note .yes");
    expect(await page.textContent("#note")).toContain("set up by the link: black 30m, white 30m");
    expect(await phase(page)).toBe("setup");
    expect(await page.evaluate("window.__goclock.app.unlocked")).toBe(false);
    await ctx.close();
  });
});
