// The voice in Chromium, in real time: every clip the page starts is watched on the AudioContext
// itself (AudioBufferSourceNode.start and stop, patched before the page loads), and each call's
// start is checked against the instant the core gives for the presses as Chromium stamped them,
// through the whole last minute of a 60 s byoyomi. The tests here run on real time: the scheduling
// on the audio clock is what they check.
//
// And every call heard whole: a 10 s-period byoyomi run through all its periods to the flag, where the
// entry call (开始读秒 还剩三次, about 2 s) and each 还剩N次 meet the count of the next seconds. No clip
// the page starts may be stopped before its buffer's end, and the count must still start on its
// seconds (within 20 ms). The calls expected are the core's own for the press as Chromium stamped it,
// in the clips the app makes of them (saidClips).

import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseScript } from "../../sim/script";
import { runScript, voiceOptions } from "../../sim/run";
import { clipsFor } from "../../firmware/voice";
import { loadPack } from "../../sim/wav";
import { browserRig, openClock, SHOTS, shot, soundOn } from "./harness";
import { WATCH, perfOf, saidClips, type Said, type Start } from "./watch";

const rig = browserRig(); // `npm run sim` and Chromium, for the whole file

describe("calls on the AudioContext's timeline", () => {
  it("through the last minute of a 60 s byoyomi every call starts within 20 ms of its instant; a press cuts the mover's scheduled call", async () => {
    const ctx = await rig.chrome.browser.newContext();
    await ctx.addInitScript(WATCH);
    const page = await openClock(ctx, rig.sim.url + "?black=1x60s&white=1x10s", false);
    await page.click(".where"); // the sound on: not a press
    await soundOn(page);
    await page.keyboard.press("m"); // White starts Black's last (only) period
    await page.waitForTimeout(500);
    await page.keyboard.press("z"); // Black moves: White's 10 s period, its count 1 due at 1 s
    await page.waitForTimeout(300); // White's "byoyomi, 1 period" is on the speaker; the next start is its count 1
    await page.evaluate("window.__watch.armCut = true");
    await page.waitForFunction(() => (globalThis as any).__watch.presses.length === 3, null, { timeout: 5000 });
    await page.waitForTimeout(58000);
    await shot(page, "last-period");
    // the flag falls at 60 s of Black's period; then the last calls are heard
    const flagged = () => (globalThis as any).__goclock.log(0, 100000).entries.some((e: { what: string }) => e.what === "flag");
    await page.waitForFunction(flagged, null, { timeout: 10000, polling: 100 });
    await page.waitForTimeout(2500);
    const w = (await page.evaluate("window.__watch")) as { starts: Start[]; stops: { id: number; when: number; ctxNow: number }[]; presses: { key: string; t: number }[] };
    // the calls the page's core made late (its wake-up came past the 20 ms grace: a busy machine)
    const late = JSON.parse((await page.evaluate("JSON.stringify(window.__goclock.log(0, 100000).entries.filter((e) => e.what === 'late').map((e) => ({ t: e.t, info: e.info })))")) as string) as { t: number; info: string }[];
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await ctx.close();
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, "audio-watch.json"), JSON.stringify(w)); // for review: every start and stop

    // the core's own calls for the presses as stamped, relative to the first
    const [p0, p1, p2] = w.presses.map((p) => Math.floor(p.t));
    const script = parseScript(["control black 1x60s", "control white 1x10s", "at 0 press white", "at " + (p1 - p0) / 1000 + " press black",
      "at " + (p2 - p0) / 1000 + " press white", "run " + (p2 - p0 + 62000) / 1000].join("\n"));
    if (Array.isArray(script)) throw new Error(JSON.stringify(script));
    // as the page's firmware places them: by the zh voice's lengths (firmware/core/place.ts)
    const calls = runScript(script, 20, null, voiceOptions("zh")).outputs.filter((o) => o.kind === "call") as { t: number; side: string; say: string; short?: boolean }[];
    const lastMinute = calls.filter((c) => c.t >= p2 - p0);
    expect(lastMinute.map((c) => c.say)).toEqual(["elapsed:30", "elapsed:40", "elapsed:50", "count:1", "count:2", "count:3", "count:4",
      "count:5", "count:6", "count:7", "count:8", "count:9", "count:10", "timeout"]);

    const stopOf = (s: Start) => w.stops.filter((x) => x.id === s.id).pop(); // the last stop() is the one applied
    const pack = loadPack("zh");
    const seconds = (clip: string) => pack.clips[clip].length / 8000;
    const errors: number[] = [];
    const cutAhead: Start[] = [];
    const replays: string[] = [];
    const lateWakes: string[] = [];
    const cuts: number[] = [p2]; // where what sounds is cut: every call, and White's press (below)
    const callAt = new Map<number, number>(); // each source's call instant, as performance.now() ms
    let k = 0;
    let prevT = -1;
    for (const c of calls) {
      const clips = clipsFor("zh", c.say, c.short);
      // a call handed over ahead that the core then did not make (the mover pressed first): stopped before it began
      while (k < w.starts.length && Math.abs(w.starts[k].duration - seconds(clips[0])) > 1e-6) {
        const s = w.starts[k++];
        const st = stopOf(s);
        expect(st !== undefined && st.when <= s.when, "source " + s.id + " was never stopped").toBe(true);
        cutAhead.push(s);
        callAt.set(s.id, p1 + 1000);
      }
      const mine = w.starts.slice(k, k + clips.length);
      k += clips.length;
      for (const m of mine) callAt.set(m.id, p0 + c.t);
      expect(mine.map((s) => s.duration.toFixed(6)), c.say).toEqual(clips.map((x) => seconds(x).toFixed(6)));
      // calls of one instant play back to back: only the first starts at the instant itself
      const prev = k - clips.length - 1 >= 0 ? w.starts[k - clips.length - 1] : null;
      if (prevT === c.t && prev) expect(Math.abs(mine[0].when - (prev.when + prev.duration))).toBeLessThan(1e-6);
      else {
        const err = perfOf(mine[0]) - (p0 + c.t);
        // a last-period count the core made late starts when it was made: the board woke late, the
        // scheduling did not err (counted and reported, not hidden)
        const madeLate = late.filter((e) => e.info === c.say + " due " + (p0 + c.t))[0];
        if (Math.abs(err) >= 20 && madeLate) {
          lateWakes.push(c.say + " " + err.toFixed(1) + " ms late");
          expect(Math.abs(perfOf(mine[0]) - madeLate.t), c.say + " made late at " + madeLate.t).toBeLessThan(20);
        } else {
          errors.push(Math.abs(err));
          expect(Math.abs(err), c.side + " " + c.say + " at " + c.t).toBeLessThan(20);
        }
      }
      prevT = c.t;
      for (let i = 1; i < mine.length; i++) expect(Math.abs(mine[i].when - (mine[i - 1].when + mine[i - 1].duration))).toBeLessThan(1e-6);
      // A wake-up more than the core's 20 ms grace late makes a last-period count "late" although it
      // already sounds from its instant: the app must not play it again (a stutter). Caught here.
      const again = w.starts[k];
      const st = stopOf(mine[0]);
      if (again && st && again.duration === mine[0].duration && perfOf(again) - perfOf(mine[0]) < 200) {
        replays.push(c.say + " " + (perfOf(again) - perfOf(mine[0])).toFixed(1) + " ms after its instant");
        cuts.push(perfOf(again));
        for (const m of w.starts.slice(k, k + clips.length)) callAt.set(m.id, perfOf(again));
        k += clips.length;
      }
    }
    expect(replays, "counts said twice").toEqual([]);
    expect(k).toBe(w.starts.length); // nothing else was scheduled
    // White's count 1, handed over 50 ms before 1 s of its period, never sounded: White had pressed
    expect(cutAhead.length).toBe(1);
    expect(perfOf(cutAhead[0]) - (p1 + 1000)).toBeLessThan(20);
    // whatever still sounded, or was still to sound, when the next call began was cut then (the device's
    // rule), and so was it at White's press, made while White's count was on the speaker ahead of its instant
    for (const c of calls) cuts.push(p0 + c.t);
    cuts.sort((x, y) => x - y);
    for (const s of w.starts) {
      if (cutAhead.indexOf(s) >= 0) continue; // checked above
      const at = callAt.get(s.id)!;
      const next = cuts.filter((t) => t > at + 1)[0];
      const stop = stopOf(s);
      const start = perfOf(s);
      const end = start + s.duration * 1000;
      if (next !== undefined && next <= start + 1) expect(stop && stop.when <= s.when, "source " + s.id + " stopped before it began").toBe(true);
      else if (next !== undefined && next < end - 1) {
        expect(stop, "source " + s.id + " cut").toBeDefined();
        // a call's cut is scheduled on the audio clock; a press's comes when the page handles its key,
        // which a busy machine delays by a few ms more
        expect(Math.abs(perfOf({ ...s, when: stop!.when }) - next), "source " + s.id + " cut at " + next).toBeLessThan(next === p2 ? 50 : 20);
      } else expect(stop, "source " + s.id + " plays to its end").toBeUndefined();
    }
    // the last minute's calls but the timeout, which follows the final 10 back to back
    const last = errors.slice(errors.length - (lastMinute.length - 1 - lateWakes.length)).sort((a, b) => a - b);
    // how far ahead of its start each clip of the last minute was handed to the context (never late)
    const leads = w.starts.filter((x) => perfOf(x) >= p2).map((x) => (x.when - x.ctxTime) * 1000);
    expect(leads.filter((l) => l > 0).length).toBeGreaterThanOrEqual(leads.length - 2 * (lateWakes.length + replays.length));
    const figures = { leastLeadMs: Number(Math.min(...leads).toFixed(1)), replayedLate: replays, madeLate: lateWakes, calls: last.length, medianMs: Number(last[Math.floor(last.length / 2)].toFixed(2)), worstMs: Number(last[last.length - 1].toFixed(2)) };
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, "audio-scheduling.json"), JSON.stringify(figures) + "\n");
    console.log("audio scheduling error over the last minute: median " + figures.medianMs + " ms, worst " + figures.worstMs + " ms (" + figures.calls + " calls); least lead of a clip before its start " + figures.leastLeadMs + " ms" +
      (replays.length ? "; replayed late by the firmware: " + replays.join(", ") : "") +
      (lateWakes.length ? "; made late by the core after a late wake-up: " + lateWakes.join(", ") : ""));
  }, 150000);

  it("a tab stopped in the background loses no time: on its return the latest count is made at once, the passed ones dropped", async () => {
    const ctx = await rig.chrome.browser.newContext();
    await ctx.addInitScript(WATCH);
    const page = await openClock(ctx, rig.sim.url + "?control=1x10s", false);
    await page.click(".where");
    await soundOn(page);
    await page.keyboard.press("m"); // Black's 10 s period: counted 1, 2, … every second
    await page.waitForTimeout(1500);
    // A background tab's timers are throttled, a frozen one's stopped: here the page's script is
    // stopped outright for 4 s (the debugger), while performance.now() and the audio clock run on.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Debugger.enable");
    await cdp.send("Debugger.pause");
    await new Promise((r) => setTimeout(r, 4000));
    await cdp.send("Debugger.resume");
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))"); // the tab is shown again
    const back = (await page.evaluate("performance.now()")) as number;
    await page.waitForTimeout(300);
    const r = JSON.parse((await page.evaluate(`JSON.stringify({
      now: performance.now(),
      left: window.__goclock.app.clock.reading("black", window.__goclock.board.now()).periodMs,
      log: window.__goclock.log(0, 100000).entries.map((e) => ({ t: e.t, what: e.what, info: e.info })),
      watch: window.__watch })`)) as string) as { now: number; left: number; log: { t: number; what: string; info: string }[]; watch: { starts: Start[]; presses: { t: number }[] } };
    await ctx.close();
    const p0 = Math.floor(r.watch.presses[0].t);
    // the time ran on: what Black has left is what performance.now() says, not what the timers saw
    expect(Math.abs(r.left - (10000 - (r.now - p0)))).toBeLessThan(50);
    const counts = r.log.filter((e) => /^count:/.test(e.info));
    const dropped = counts.filter((e) => e.what === "dropped");
    const made = counts.filter((e) => e.what !== "dropped" && e.t < dropped[0].t).length; // before the stop (on time or just late)
    const late = counts.filter((e) => e.what === "late" && e.t > dropped[0].t);
    expect(dropped.length).toBeGreaterThanOrEqual(2);
    expect(dropped.map((e) => e.info)).toEqual(dropped.map((_e, i) => "count:" + (made + 1 + i)));
    // the latest count due on the return, made at once
    const latest = Math.floor((back - p0) / 1000);
    expect(late.length).toBe(1);
    expect(late[0].info.split(" ")[0]).toBe("count:" + (made + 1 + dropped.length));
    expect(made + 1 + dropped.length).toBe(latest);
    expect(late[0].t - back).toBeLessThan(150); // log times are the board's: performance.now() ms
    // heard: the first clip from the return on is that count, at once (a clip handed to the audio
    // clock just before the stop may have played during it, at its own instant)
    const after = r.watch.starts.filter((s) => perfOf(s) > late[0].t - 5);
    expect(after[0].duration).toBeCloseTo(loadPack("zh").clips[String(latest)].length / 8000, 6);
    expect(Math.abs(perfOf(after[0]) - late[0].t)).toBeLessThan(20);
  }, 60000);
});

interface Call extends Said { t: number; due?: number }

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
    const missed = JSON.parse((await page.evaluate("JSON.stringify(window.__goclock.log(0, 100000).entries.filter((e) => e.what === 'late' || e.what === 'dropped').map((e) => ({ t: e.t, what: e.what, info: e.info })))")) as string) as { t: number; what: string; info: string }[];
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    await ctx.close();

    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, "audio-10s-watch.json"), JSON.stringify(w)); // for review: every start and stop
    const p0 = Math.floor(w.presses[0].t);
    const script = parseScript("control 0+3x10s\nat 0 press white\nrun 40");
    if (Array.isArray(script)) throw new Error(JSON.stringify(script));
    const calls = (runScript(script, 20, null, voiceOptions("zh")).outputs.filter((o) => o.kind === "call") as Call[]).slice().sort((a, b) => a.t - b.t);
    // the calls of one instant are one phrase, as the app says them
    const groups: { t: number; calls: Call[] }[] = [];
    for (const c of calls) {
      const g = groups[groups.length - 1];
      if (g && g.t === c.t) g.calls.push(c);
      else groups.push({ t: c.t, calls: [c] });
    }
    const pack = loadPack("zh");
    const seconds = (clip: string) => pack.clips[clip].length / 8000;
    const onsets: number[] = [];
    const notes: string[] = [];
    const late: string[] = [];
    const named = new Map<number, string>(); // each source: the call it belongs to
    let k = 0;
    for (const g of groups) {
      const say = g.calls.map((c) => c.say + (c.short ? " (short)" : "")).join(" ");
      if (missed.some((m) => m.what === "dropped" && m.info === g.calls[0].say && Math.abs(m.t - p0 - g.t) < 1000)) {
        notes.push(say + " at " + g.t + " dropped by the core (woken late)");
        continue;
      }
      const clips = saidClips("zh", g.calls);
      const mine = w.starts.slice(k, k + clips.length);
      k += clips.length;
      expect(mine.map((s) => s.duration.toFixed(6)), say + " at " + g.t).toEqual(clips.map((c) => seconds(c).toFixed(6)));
      mine.forEach((s, i) => named.set(s.id, say + " at " + g.t / 1000 + " s, clip " + clips[i]));
      for (let i = 1; i < mine.length; i++) expect(Math.abs(mine[i].when - (mine[i - 1].when + mine[i - 1].duration)), say).toBeLessThan(1e-6);
      if (!/^count:/.test(g.calls[0].say)) continue;
      const err = perfOf(mine[0]) - (p0 + g.t);
      const madeLate = missed.filter((m) => m.what === "late" && m.info.split(" ")[0] === g.calls[0].say && Math.abs(m.t - p0 - g.t) < 1000)[0];
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
