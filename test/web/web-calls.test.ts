// Every call heard whole, in Chromium and in real time: a 10 s-period byoyomi run through all its
// periods to the flag, where the entry call (开始读秒 还剩三次, about 2 s) and each 还剩N次 meet the
// count of the next seconds. No clip the page starts may be stopped before its buffer's end, and the
// count must still start on its seconds (within 20 ms). The calls expected are the core's own for the
// press as Chromium stamped it, in the clips the app makes of them (callPhrases).

import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseScript } from "../../sim/script";
import { runScript } from "../../sim/run";
import { callPhrases } from "../../firmware/voice";
import { loadPack } from "../../sim/wav";
import { browserRig, openClock, SHOTS, soundOn } from "./harness";
import { WATCH, perfOf, type Start } from "./watch";

const rig = browserRig(); // `npm run sim` and Chromium, for the whole file

interface Call { t: number; say: string; due?: number }

describe("calls heard whole", () => {
  it("a 10 s-period game to the flag: every clip of every call plays to its end, and the count starts on its seconds within 20 ms", async () => {
    const ctx = await rig.chrome.browser.newContext();
    await ctx.addInitScript(WATCH);
    const page = await openClock(ctx, rig.sim.url + "?control=0%2B3x10s", false);
    await page.click(".where"); // the sound on first, so the audio clock runs steadily from the press
    await soundOn(page);
    await page.keyboard.press("m"); // White starts Black's byoyomi: three periods of 10 s
    const flagged = () => (globalThis as any).__goclock.app.clock.game.phase === "flagged";
    await page.waitForFunction(flagged, null, { timeout: 45000, polling: 200 });
    await page.waitForTimeout(2500); // the final 10 and 超时判负
    const w = (await page.evaluate("window.__watch")) as { starts: Start[]; stops: { id: number; when: number }[]; presses: { t: number }[] };
    // what the page's core dropped or made late (a wake-up past its grace on a busy machine): counted, reported
    const missed = JSON.parse((await page.evaluate("JSON.stringify(window.__goclock.app.log(0, 100000).entries.filter((e) => e.what === 'late' || e.what === 'dropped').map((e) => ({ t: e.t, what: e.what, info: e.info })))")) as string) as { t: number; what: string; info: string }[];
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await ctx.close();

    const p0 = Math.floor(w.presses[0].t);
    const script = parseScript("control 0+3x10s\nat 0 press white\nrun 40");
    if (Array.isArray(script)) throw new Error(JSON.stringify(script));
    const calls = (runScript(script, 20, null).outputs.filter((o) => o.kind === "call") as Call[]).slice().sort((a, b) => a.t - b.t);
    // the calls of one instant are one phrase, as the app says them
    const groups: { t: number; says: string[] }[] = [];
    for (const c of calls) {
      const g = groups[groups.length - 1];
      if (g && g.t === c.t) g.says.push(c.say);
      else groups.push({ t: c.t, says: [c.say] });
    }
    const pack = loadPack("zh");
    const seconds = (clip: string) => pack.clips[clip].length / 8000;
    const onsets: number[] = [];
    const notes: string[] = [];
    const late: string[] = [];
    const named = new Map<number, string>(); // each source: the call it belongs to
    let k = 0;
    for (const g of groups) {
      const say = g.says.join(" ");
      if (missed.some((m) => m.what === "dropped" && m.info === say && Math.abs(m.t - p0 - g.t) < 1000)) {
        notes.push(say + " at " + g.t + " dropped by the core (woken late)");
        continue;
      }
      const clips = callPhrases("zh", g.says).flat();
      const mine = w.starts.slice(k, k + clips.length);
      k += clips.length;
      expect(mine.map((s) => s.duration.toFixed(6)), say + " at " + g.t).toEqual(clips.map((c) => seconds(c).toFixed(6)));
      mine.forEach((s, i) => named.set(s.id, say + " at " + g.t / 1000 + " s, clip " + clips[i]));
      for (let i = 1; i < mine.length; i++) expect(Math.abs(mine[i].when - (mine[i - 1].when + mine[i - 1].duration)), say).toBeLessThan(1e-6);
      if (!/^count:/.test(say)) continue;
      const err = perfOf(mine[0]) - (p0 + g.t);
      const madeLate = missed.filter((m) => m.what === "late" && m.info.split(" ")[0] === say && Math.abs(m.t - p0 - g.t) < 1000)[0];
      if (madeLate && Math.abs(err) >= 20) late.push(say + " at " + g.t + " " + err.toFixed(1) + " ms late");
      else onsets.push(Math.abs(err));
    }
    expect(k, "nothing but the calls was scheduled").toBe(w.starts.length);
    // a clip stopped before its buffer's end (or before it began) was cut: the player did not hear it whole
    const cut: string[] = [];
    for (const s of w.starts) {
      const st = w.stops.filter((x) => x.id === s.id).pop();
      if (st && st.when < s.when + s.duration - 1e-4) cut.push(named.get(s.id) + (st.when <= s.when ? " never sounded" : " cut after " + Math.round((st.when - s.when) * 1000) + " of " + Math.round(s.duration * 1000) + " ms"));
    }
    const sorted = onsets.slice().sort((a, b) => a - b);
    const figures = { counts: sorted.length, medianMs: Number(sorted[Math.floor(sorted.length / 2)].toFixed(2)), worstMs: Number(sorted[sorted.length - 1].toFixed(2)), madeLate: late, missed: notes, cut: cut };
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, "audio-10s.json"), JSON.stringify(figures) + "\n");
    console.log("10 s periods: count onsets median " + figures.medianMs + " ms, worst " + figures.worstMs + " ms (" + figures.counts + " counts)" +
      (late.length ? "; made late by the core: " + late.join(", ") : "") + (notes.length ? "; " + notes.join(", ") : "") + "; clips cut: " + (cut.length ? cut.join("; ") : "none"));
    expect(sorted.length).toBeGreaterThanOrEqual(27); // 9 + 9 + 10 counts, but for a rare late wake-up
    for (const e of sorted) expect(e).toBeLessThan(20);
    expect(cut).toEqual([]);
  }, 120000);
});
