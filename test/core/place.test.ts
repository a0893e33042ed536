// Calls placed by their spoken length (firmware/core/place.ts): no call is cut by a later one of its
// side, the count keeps its second, and the information a player must hear is said, whole or in the
// pack's short form. Checked on the clip plan as each pack says it (test/core/overlaps.ts): every
// reviewed script, every default period length, random games, and windows started anywhere.
import { describe, it, expect } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Clock, NEVER, type Output } from "../../firmware/core/index";
import { PACKS } from "../../firmware/voice";
import { parseScript } from "../../sim/script";
import { runScript, voiceOptions, type RunResult } from "../../sim/run";
import { setupGame } from "../../sim/script";
import { overlaps, turnsOf } from "./overlaps";
import { drive, randomGame } from "./gen";

type Call = Extract<Output, { kind: "call" }>;

const SCRIPTS = join(__dirname, "..", "scripts");

function runWith(text: string, pack: string): RunResult {
  const script = parseScript(text);
  if (Array.isArray(script)) throw new Error(JSON.stringify(script));
  return runScript(script, 20, null, voiceOptions(pack));
}

const callsOf = (r: RunResult): Call[] => r.outputs.filter((o): o is Call => o.kind === "call");
const said = (r: RunResult, side = "black"): string[] =>
  callsOf(r).filter((c) => c.side === side).map((c) => (c.t / 1000).toFixed(3) + " " + c.say + (c.short ? " (short)" : ""));

describe("no call is cut by a later one of its side", () => {
  const scripts = readdirSync(SCRIPTS).filter((f) => f.endsWith(".txt"));
  for (const p of PACKS) {
    it(p.id + ": in every reviewed script (test/scripts)", () => {
      for (const f of scripts) {
        const r = runWith(readFileSync(join(SCRIPTS, f), "utf8"), p.id);
        expect(overlaps(r.outputs, p.id).filter((o) => o.sameSide), f).toEqual([]);
      }
    });

    it(p.id + ": through every period of the default schedules (10, 20, 30, 60 s; 1 to 5 periods; with main time or none), asked for the time now and then", () => {
      for (const P of [10, 20, 30, 60]) {
        for (let n = 1; n <= 5; n++) {
          for (const main of ["0", "30s"]) {
            const head = ["control " + main + "+" + n + "x" + P + "s", "at 0 press white"];
            const end = "run " + (30 + n * P + 5);
            // the information of the schedule is all said: entering byoyomi and the periods left, then
            // at each period's end but the last the periods left
            const quiet = runWith(head.concat([end]).join("\n"), p.id);
            const info = callsOf(quiet).filter((c) => /^(byoyomi|periods|left)/.test(c.say));
            expect(info.length, head[0]).toBe(n + 1);
            // questions at odd instants through the turn: each answer must find its room, or none
            const lines = head.slice();
            for (let q = 1; q * 3700 < (30 + n * P) * 1000; q++) lines.push("at " + (q * 3.7).toFixed(3) + " query");
            const r = runWith(lines.concat([end]).join("\n"), p.id);
            expect(overlaps(r.outputs, p.id).filter((o) => o.sameSide), lines[0]).toEqual([]);
          }
        }
      }
    }, 120000);

    it(p.id + ": in 200 random games (test/core/gen.ts), on-time wakes", () => {
      let games = 0;
      for (let seed = 1; games < 200; seed++) {
        const spec = randomGame(seed);
        if (spec.late.length > 0) continue;
        spec.voice = p.id;
        games++;
        const r = drive(spec, null);
        expect(overlaps(r.outputs, p.id, turnsOf(r.clock.log)).filter((o) => o.sameSide && !o.resumed && !o.timedAfterTurn), r.script).toEqual([]);
      }
    }, 120000);
  }
});

describe("10 s periods (the issue's case): 开始读秒 and the periods left are heard whole or short, the count on its seconds", () => {
  const text = "control 3x10s\nat 0 press white\nat 13.5 query\nrun 40";

  it("Mandarin: 开始读秒 whole at 0, 三次 after the count's 1, 两次 at 10 s, 还剩一次 whole at 20 s", () => {
    const r = runWith(text, "zh");
    expect(said(r).slice(0, 3)).toEqual(["0.000 byoyomi", "1.000 count:1", "1.300 periods:3 (short)"]);
    expect(said(r)).toContain("10.000 periods:2 (short)");
    expect(said(r)).toContain("20.000 periods:1");
    // the question at 13.5 s, between the count's 3 and 4: the short answer after the 4 (3 sounds until
    // 13.284, and 三次… would run into 14)
    const answer = callsOf(r).find((c) => c.moved === 13500);
    expect(answer && answer.say).toBe("periods:2");
    expect(answer && answer.short).toBe(true);
    // every count at its second
    const counts = callsOf(r).filter((c) => c.say.indexOf("count:") === 0);
    expect(counts.length).toBe(9 + 9 + 10);
    for (const c of counts) expect(c.t % 1000).toBe(0);
  });

  it("every pack: nothing cut, and the periods left said at every period", () => {
    for (const p of PACKS) {
      const r = runWith(text, p.id);
      expect(overlaps(r.outputs, p.id).filter((o) => o.sameSide), p.id).toEqual([]);
      const quiet = runWith(text.replace("at 13.5 query\n", ""), p.id);
      const periods = callsOf(quiet).filter((c) => c.say.indexOf("periods:") === 0).map((c) => c.say);
      expect(periods, p.id).toEqual(["periods:3", "periods:2", "periods:1"]);
    }
  });
});

describe("the calls in a window are placed the same whatever instant the window starts at", () => {
  // a board may wake at any instant (a press, a redraw, a question): the calls it makes must not
  // depend on where the core's window of calls began
  function calls(spec: ReturnType<typeof randomGame>, extra: (t: number) => number[]): string[] {
    const r = drive(spec, null);
    // the same game again, with wakes at extra instants in between
    const script = parseScript(r.script);
    if (Array.isArray(script)) throw new Error(JSON.stringify(script));
    const options = voiceOptions(spec.voice || "zh");
    const clock = new Clock(setupGame(), options, 20, 1 << 30);
    const out: Output[] = [];
    for (const op of script.setup) out.push(...clock.apply(op, 0));
    const until = (t: number) => {
      for (;;) {
        const w = clock.nextWakeAt();
        if (w === NEVER || w > t) break;
        for (const x of extra(w)) {
          if (x <= clock.cursor || x >= w) continue;
          // the window of calls made anew from here (as after an operation that changed the game)
          const plan = (clock as unknown as { plan: { to: number } | null }).plan;
          if (plan) plan.to = -1;
          out.push(...clock.advance(x));
        }
        out.push(...clock.advance(w));
      }
    };
    for (const ev of script.events) {
      until(ev.tMs);
      out.push(...clock.apply(ev.op, ev.tMs));
    }
    until(script.endMs);
    return out.filter((o): o is Call => o.kind === "call").map((c) => c.t + " " + c.side + " " + c.say + (c.short ? " short" : ""));
  }

  it("in 100 random games with a voice, with wakes added a third and two thirds of the way to each", () => {
    let games = 0;
    for (let seed = 1; games < 100; seed++) {
      const spec = randomGame(seed);
      if (spec.late.length > 0 || spec.graceMs !== 20 || spec.handicap === 1) continue;
      spec.voice = PACKS[seed % PACKS.length].id;
      spec.calls = [];
      games++;
      const plain = calls(spec, () => []);
      let last = 0;
      const more = calls(spec, (w) => {
        const a = last;
        last = w;
        return [a + Math.floor((w - a) / 3), a + Math.floor((2 * (w - a)) / 3)];
      });
      expect(more, "seed " + seed).toEqual(plain);
    }
  }, 120000);

  it("a period's window placed without its look-back (after the window before it) says every call as one placed with it", () => {
    // window.ts Clock.window: a byoyomi period's first wake skips the look-back when the window before
    // placed the information due at its start; `full` places every window with its look-back
    const run = (text: string, pack: string, full: boolean): { calls: string[]; trimmed: number } => {
      const script = parseScript(text);
      if (Array.isArray(script)) throw new Error(JSON.stringify(script));
      const clock = new Clock(setupGame(), voiceOptions(pack), 20, 1 << 30);
      const plan = () => (clock as unknown as { plan: { tail: unknown[] | null; to: number } | null }).plan;
      const out: Output[] = [];
      let trimmed = 0;
      for (const op of script.setup) out.push(...clock.apply(op, 0));
      const until = (t: number) => {
        for (;;) {
          const p = plan();
          if (p && full) p.tail = null;
          if (p && p.tail && p.to === clock.cursor) trimmed++;
          const w = clock.nextWakeAt();
          if (w === NEVER || w > t) break;
          out.push(...clock.advance(w));
        }
      };
      for (const ev of script.events) {
        until(ev.tMs);
        out.push(...clock.apply(ev.op, ev.tMs));
      }
      until(script.endMs);
      const calls = out.filter((o): o is Call => o.kind === "call").map((c) => c.t + " " + c.side + " " + c.say + (c.moved !== undefined ? " moved" : "") + (c.short ? " short" : ""));
      return { calls, trimmed };
    };
    for (const p of PACKS) {
      for (const control of ["0+12x7s", "20s+15x10s", "1m+8x20s", "30s+6x30s", "0+4x60s", "0+6x10s"]) {
        const text = "control " + control + "\nat 0 press white\nat 41.3 query black\nrun 900";
        const full = run(text, p.id, true);
        const trimmed = run(text, p.id, false);
        expect(full.trimmed).toBe(0);
        expect(trimmed.trimmed, p.id + " " + control).toBeGreaterThan(0);
        expect(trimmed.calls, p.id + " " + control).toEqual(full.calls);
        expect(full.calls.length).toBeGreaterThan(10);
      }
    }
  });
});
