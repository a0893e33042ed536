// Rehearsal in Chromium: a script in the simulator's format played on the page's copy of the
// firmware, instantly, at 10× and event by event, ending where the core says it ends; and its calls
// rendered through the page's own voice code into an OfflineAudioContext, each heard within 10 ms of
// its instant, as the WAV test checks the desktop timeline.

import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { parseScript } from "../../sim/script";
import { runScript } from "../../sim/run";
import { outputLine } from "../../sim/transcript";
import { loadPack } from "../../sim/wav";
import { withTradition } from "../../firmware/voice";
import { defaultCallOptions } from "../../firmware/core/index";
import { onsets, firstLoud } from "../sim/onsets";
import { browserRig, openClock, shot } from "./harness";

const rig = browserRig(); // `npm run sim` and Chromium, for the whole file

const GAME = "control 1m+3x60s\nat 0 press white\nat 70 press black\nat 250 press white\nat 260 pause\nat 262 resume\nrun 500\n";

async function readings(page: Page) {
  return JSON.parse((await page.evaluate(`(() => {
    const a = window.__goclock.rehearsal.app, t = window.__goclock.rehearsal.board.now();
    const r = (s) => { const x = a.clock.reading(s, t); return [x.mainMs, x.periodsLeft, x.periodMs, x.moves, x.out]; };
    return JSON.stringify({ t: t, phase: a.clock.game.phase, toMove: a.clock.game.toMove, black: r("black"), white: r("white") });
  })()`)) as string);
}

function expected(text: string, atMs?: number, tradition = "cn") {
  const s = parseScript(text);
  if (Array.isArray(s)) throw new Error(JSON.stringify(s));
  const r = runScript(atMs === undefined ? s : { ...s, events: s.events.filter((e) => e.tMs <= atMs), endMs: atMs }, 20, null, withTradition(defaultCallOptions(), tradition));
  const t = r.endMs;
  const x = (side: "black" | "white") => {
    const v = r.clock.reading(side, t);
    return [v.mainMs, v.periodsLeft, v.periodMs, v.moves, v.out];
  };
  return { t: t, phase: r.clock.game.phase, toMove: r.clock.game.toMove, black: x("black"), white: x("white"), outputs: r.outputs };
}

describe("rehearsal", { timeout: 60000 }, () => {
  it("run instantly, event by event and at 10×: the page's firmware ends where the core's script run ends", async () => {
    const ctx = await rig.chrome.browser.newContext({ viewport: { width: 1200, height: 860 } });
    const page = await openClock(ctx, rig.sim.url, true);
    await page.fill("#rehearsal textarea", GAME);
    await page.click("[data-do=step]"); // the first event: White's press at 0
    await page.click("[data-do=step]"); // Black's at 70
    const stepped = await readings(page);
    const e70 = expected(GAME, 70000);
    expect(stepped).toEqual({ t: 70000, phase: e70.phase, toMove: e70.toMove, black: e70.black, white: e70.white });
    await page.click("[data-do=instant]");
    const end = expected(GAME);
    expect(await readings(page)).toEqual({ t: 500000, phase: end.phase, toMove: end.toMove, black: end.black, white: end.white });
    expect(await page.textContent("#rehearsal .status")).toContain("done");
    // the panel follows the rehearsal: its time log and its calls with their ids
    const calls = end.outputs.filter((o) => o.kind === "call").map((o) => (o as { say: string }).say);
    const shown = await page.locator("#calls li").allTextContents();
    expect(shown.map((l) => l.split(/\s+/)[2])).toEqual(calls);
    expect(await page.textContent("#log")).toContain("pause");
    await shot(page, "rehearsal");
    // 10×: ten board seconds to each real one, whatever the machine's load
    await page.click("[data-do=load]");
    await page.click("[data-do=run10]");
    const a = (await page.evaluate("[performance.now(), window.__goclock.rehearsal.board.now()]")) as number[];
    await page.waitForTimeout(1500);
    const b = (await page.evaluate("[performance.now(), window.__goclock.rehearsal.board.now()]")) as number[];
    const rate = (b[1] - a[1]) / (b[0] - a[0]); // each reading lags by up to one of the page's 16 ms ticks (more on a busy machine)
    expect(rate).toBeGreaterThan(7);
    expect(rate).toBeLessThan(11);
    await page.click("[data-do=stop]");
    expect(await page.evaluate("window.__goclock.rehearsal.app")).toBe(null);
    expect(await page.evaluate("window.__goclock.app.clock.game.phase")).toBe("setup"); // the live clock untouched
    await ctx.close();
  });

  it("a bad script is refused with its line numbers and nothing runs", async () => {
    const ctx = await rig.chrome.browser.newContext();
    const page = await openClock(ctx, rig.sim.url, true);
    await page.fill("#rehearsal textarea", "control 1h\nat 5 press blue\n");
    await page.click("[data-do=instant]");
    expect(await page.textContent("#rehearsal .status")).toBe("line 2: expected black or white, not 'blue'");
    expect(await page.evaluate("window.__goclock.rehearsal.app")).toBe(null);
    await ctx.close();
  });

  const GAMES: Record<string, string> = {
    "a full last minute of a 60 s byoyomi": "control 0+1x60s\nat 1 press white\nrun 66",
    "a 30 s fast byoyomi through all its periods, with moves": "control 0+3x30s\nat 1 press white\nat 20.5 press black\nat 24 press white\nrun 120",
  };
  const runs: [string, string, string][] = [];
  for (const name of Object.keys(GAMES)) runs.push([name, "zh", "cn"]);
  runs.push(["a full last minute of a 60 s byoyomi", "ja", "nihon-kiin"]); // the menu's language: its pack and tradition
  for (const [name, lang, tradition] of runs) {
    it(name + ", " + lang + ": the OfflineAudioContext rendering has every call's onset within 10 ms of its instant", async () => {
      const ctx = await rig.chrome.browser.newContext();
      const page = await openClock(ctx, rig.sim.url, true);
      await page.waitForFunction(() => Object.keys((globalThis as any).__goclock.voice.manifests).length === 3);
      // volume 10: the samples come out as loadPack gives them
      await page.evaluate("window.__goclock.app.changeSettings(Object.assign({}, window.__goclock.app.settings, { volume: 10, lang: '" + lang + "', tradition: '" + tradition + "' }))");
      const b64 = (await page.evaluate(`window.__goclock.rehearsal.render(${JSON.stringify(GAMES[name])}, 8000).then((f) => {
        let s = "";
        for (let i = 0; i < f.length; i++) s += String.fromCharCode(Math.max(0, Math.min(255, Math.round(f[i] * 128) + 128)));
        return btoa(s);
      })`)) as string;
      await ctx.close();
      const samples = new Uint8Array(Buffer.from(b64, "base64"));
      const pack = loadPack(lang);
      const e = expected(GAMES[name], undefined, tradition);
      const lines = e.outputs.filter((o) => o.kind === "call").map((o) => JSON.parse(outputLine(o)) as { t: number; say: string });
      const instants = [...new Set(lines.map((l) => l.t))];
      expect(lines.length).toBeGreaterThan(10);
      if (tradition === "nihon-kiin") expect(lines.map((l) => l.say)).not.toContain("timeout");
      const found = onsets(samples);
      expect(found.length).toBe(instants.length);
      for (let i = 0; i < instants.length; i++) {
        const first = lines.find((l) => l.t === instants[i])!;
        const heardAt = (found[i] - firstLoud(pack.clips[pack.phrase(first.say)[0]])) / 8000;
        expect(Math.abs(heardAt - instants[i]), first.say + " at " + instants[i]).toBeLessThanOrEqual(0.010);
      }
    });
  }
});
