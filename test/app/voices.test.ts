// The committed voice packs, checked from their data alone (no speech engine, no sound device):
// budgets, coverage of every call the core makes, the phrase rules, the counting traditions.

import { readFileSync, readdirSync } from "node:fs";
import { volumeGain, STORED_VOLUME } from "../../firmware/levels";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PACK_LIST } from "../../firmware/packs";
import { clipsFor, callPhrases, PACKS, TRADITIONS, withTradition, findTradition, DEFAULT_PACK, CLIP_BUDGET } from "../../firmware/voice";
import { readmeWithFigures, lengthsModule } from "../../voices/figures";
import { speechOf } from "../../firmware/voice";
import { defaultCallOptions, type CallOptions, type Output } from "../../firmware/core/index";
import { parseScript } from "../../sim/script";
import { runScript } from "../../sim/run";
import { bundle, checkEspruino, EXTERNALS } from "../../build";

const RATE = 8000;
const NUMBER_MS = 600; // a number is said once a second: it must end well before the next one
const PHRASE_MS = 1000; // an elapsed call may be followed by the count one second later
const LONG_MS = 1600; // entering byoyomi, time lost: nothing follows within 1.6 s

interface Manifest {
  pack: string;
  language: string;
  sampleRate: number;
  totalBytes: number;
  clips: Record<string, { text: string; kind: string; bytes: number; ms: number }>;
  phrases: Record<string, string[]>;
  short: Record<string, string[]>;
}

const VOICES = fileURLToPath(new URL("../../voices", import.meta.url));
const manifest = (id: string): Manifest => JSON.parse(readFileSync(join(VOICES, id, "manifest.json"), "utf8"));
const clipData = (id: string, name: string): Uint8Array => new Uint8Array(readFileSync(join(VOICES, id, name + ".raw")));
const kb = (bytes: number) => (bytes / 1024).toFixed(1) + " KB";

/** Every call of a script, under the given call options. */
function callsOf(text: string, options: CallOptions | null): Extract<Output, { kind: "call" }>[] {
  const script = parseScript(text);
  if (Array.isArray(script)) throw new Error(JSON.stringify(script));
  if (options) script.setup.push({ op: "calls", options: options });
  return runScript(script, 20, null).outputs.filter((o): o is Extract<Output, { kind: "call" }> => o.kind === "call");
}

/** Every call id the core makes under its default options with periods of 10, 20, 30 and 60 s and
 *  1 to 10 of them: a side thinking through all of them, with and without main time, asking for
 *  its periods in each one, while the other side sits in main time and asks too. */
function coreCallIds(): string[] {
  const ids = new Set<string>();
  for (const p of [10, 20, 30, 60]) {
    for (let n = 1; n <= 10; n++) {
      for (const main of [0, 60]) {
        const start = 1;
        const lines = ["control " + main + "s+" + n + "x" + p + "s", "at " + start + " press white"];
        for (let k = 0; k < n; k++) lines.push("at " + (start + main + k * p + p / 2) + " query black", "at " + (start + main + k * p + p / 2) + " query white");
        const end = start + main + n * p;
        lines.push("at " + (end + 2) + " query black", "run " + (end + 5)); // after the flag: periods:0
        for (const c of callsOf(lines.join("\n"), null)) ids.add(c.say);
      }
    }
  }
  return [...ids].sort();
}

describe("the voice packs on disk", () => {
  for (const info of PACKS) {
    const m = manifest(info.id);
    it(info.id + ": the manifest describes the clip files exactly (8 kHz, one byte a sample)", () => {
      expect(m.pack).toBe(info.id);
      expect(m.sampleRate).toBe(RATE);
      const files = readdirSync(join(VOICES, info.id)).filter((f) => f.endsWith(".raw")).map((f) => f.slice(0, -4)).sort();
      expect(files).toEqual(Object.keys(m.clips).sort());
      let total = 0;
      for (const name of files) {
        const d = clipData(info.id, name);
        expect(d.length, name).toBe(m.clips[name].bytes);
        expect(m.clips[name].ms, name).toBe(Math.round((d.length * 1000) / RATE));
        total += d.length;
      }
      expect(m.totalBytes).toBe(total);
    });

    it(info.id + ": every clip is trimmed (starts and ends at silence) and normalised (peaks near 0.95 of full scale at volume 10, stored at the default volume's level)", () => {
      for (const name of Object.keys(m.clips)) {
        const d = clipData(info.id, name);
        let peak = 0;
        for (const v of d) peak = Math.max(peak, Math.abs(v - 128));
        expect(peak / volumeGain(STORED_VOLUME), name).toBeGreaterThanOrEqual(115);
        expect(peak / volumeGain(STORED_VOLUME), name).toBeLessThanOrEqual(122);
        expect(Math.abs(d[0] - 128), name).toBeLessThanOrEqual(1);
        expect(Math.abs(d[d.length - 1] - 128), name).toBeLessThanOrEqual(1);
      }
    });

    const numbers = Object.keys(m.clips).filter((k) => m.clips[k].kind === "number" || m.clips[k].kind === "part");
    const longest = Math.max(...numbers.map((k) => m.clips[k].ms));
    it(info.id + ": every number clip lasts at most 0.6 s (longest " + longest + " ms), so a count a second never overlaps", () => {
      for (const k of numbers) expect(m.clips[k].bytes, k).toBeLessThanOrEqual((NUMBER_MS * RATE) / 1000);
      // the count itself is made of number clips, one each
      for (let n = 1; n <= 10; n++) {
        const c = clipsFor(info.id, "count:" + n);
        expect(c.length).toBe(1);
        expect(m.clips[c[0]].kind).toBe("number");
      }
    });

    it(info.id + ": every elapsed call lasts at most 1 s and every other clip at most 1.6 s", () => {
      for (const k of Object.keys(m.clips)) {
        const limit = m.clips[k].kind === "long" ? LONG_MS : PHRASE_MS;
        expect(m.clips[k].bytes, k).toBeLessThanOrEqual((limit * RATE) / 1000);
      }
      for (const s of [10, 15, 18, 20, 25, 28, 30, 40, 50, 55, 58]) {
        const bytes = clipsFor(info.id, "elapsed:" + s).reduce((a, c) => a + m.clips[c].bytes, 0);
        expect(bytes, "elapsed:" + s).toBeLessThanOrEqual((PHRASE_MS * RATE) / 1000);
      }
    });

    it(info.id + " (" + kb(m.totalBytes) + "): fits the Storage left for clips (" + kb(CLIP_BUDGET) + ") beside the program and the game records", () => {
      console.log("voice pack " + info.id + ": " + Object.keys(m.clips).length + " clips, " + m.totalBytes + " bytes (" + kb(m.totalBytes) + "), longest number clip " + longest + " ms");
      expect(m.totalBytes).toBeLessThanOrEqual(CLIP_BUDGET);
    });

    it(info.id + ": clip names fit Storage file names (28 characters with a pack prefix)", () => {
      for (const k of Object.keys(m.clips)) expect(k, k).toMatch(/^[a-z0-9_]{1,20}$/);
    });

    it(info.id + ": the manifest's phrase table is what firmware/voice.ts says", () => {
      expect(Object.keys(m.phrases).length).toBeGreaterThan(30);
      for (const id of Object.keys(m.phrases)) expect(m.phrases[id], id).toEqual(clipsFor(info.id, id));
    });

    it(info.id + ": the short forms (the periods left, said when the whole call would run into the count) are the manifest's and shorter than the whole", () => {
      const ids = Object.keys(m.phrases);
      const offered = ids.filter((id) => clipsFor(info.id, id, true).length > 0);
      expect(Object.keys(m.short).sort()).toEqual(offered.sort());
      expect(offered.filter((id) => id.indexOf("periods:") === 0).length).toBe(11); // every pack: 还剩N次, three left, さんかい
      const sp = speechOf(info.id);
      for (const id of offered) {
        expect(m.short[id], id).toEqual(clipsFor(info.id, id, true));
        for (const c of m.short[id]) expect(m.clips[c], id + ": " + c).toBeDefined();
        expect(sp.call(id, true), id).toBeLessThan(sp.call(id, false));
      }
    });

    it(info.id + ": the lengths the core places calls by are the clips' own (voices/lengths.ts, whole ms rounded up)", () => {
      const sp = speechOf(info.id);
      for (const id of Object.keys(m.phrases)) {
        const bytes = clipsFor(info.id, id).reduce((a, c) => a + m.clips[c].bytes, 0);
        const ms = sp.call(id, false);
        expect(ms * 8, id).toBeGreaterThanOrEqual(bytes); // never shorter than it plays
        expect(ms * 8 - bytes, id).toBeLessThan(8 * clipsFor(info.id, id).length); // by less than a ms a clip
      }
    });
  }

  it("voices/README.md's clip counts and sizes are the manifests' own (voices/figures.ts)", () => {
    const text = readFileSync(join(VOICES, "README.md"), "utf8");
    expect(text).toBe(readmeWithFigures(text));
  });

  it("voices/lengths.ts is made from the manifests (npx tsx voices/figures.ts)", () => {
    expect(readFileSync(join(VOICES, "lengths.ts"), "utf8")).toBe(lengthsModule());
  });

  it("the Mandarin pack is the default one", () => {
    expect(DEFAULT_PACK).toBe("zh");
    expect(manifest("zh").language).toBe("cmn");
  });
});

describe("every call the core makes can be said", () => {
  const ids = coreCallIds();

  it("the default schedules and query answers make the calls this test expects to cover", () => {
    for (const id of ["byoyomi", "used", "timeout", "left:9", "count:10", "elapsed:58", "elapsed:15", "periods:0", "periods:10", "mins:1"]) {
      expect(ids).toContain(id);
    }
  });

  for (const info of PACKS) {
    it(info.id + ": each call id of the default options (P of 10, 20, 30, 60 s, up to 10 periods) maps to existing clips", () => {
      const m = manifest(info.id);
      for (const id of ids) {
        const clips = clipsFor(info.id, id);
        expect(clips.length, id).toBeGreaterThan(0);
        for (const c of clips) expect(m.clips[c], id + " → " + c).toBeDefined();
      }
    });

    it(info.id + ": any number a call can carry (0 … 999) is built from existing clips", () => {
      const m = manifest(info.id);
      for (const key of ["count", "elapsed", "left", "periods", "hours", "mins", "secs", "moves"]) {
        for (let n = key === "count" ? 1 : 0; n < 1000; n++) {
          const clips = clipsFor(info.id, key + ":" + n);
          expect(clips.length, key + ":" + n).toBeGreaterThan(0);
          for (const c of clips) expect(m.clips[c], key + ":" + n + " → " + c).toBeDefined();
        }
      }
    });
  }

  for (const info of PACKS) {
    it(info.id + ": the answers in main time (16.2) and the entry into the blocks of moves (12.5) are built from existing clips", () => {
      const m = manifest(info.id);
      const groups = [["block"], ["block", "moves:15"], ["hours:1", "mins:50"], ["hours:4", "mins:4"], ["hours:2"], ["mins:1", "secs:50"], ["mins:9", "secs:1"], ["mins:25"]];
      for (const g of groups) {
        const clips = callPhrases(info.id, g).flat();
        expect(clips.length, g.join(" ")).toBeGreaterThan(0);
        for (const c of clips) expect(m.clips[c], g.join(" ") + " → " + c).toBeDefined();
      }
    });
  }

  it("an unknown call or pack says nothing rather than something wrong", () => {
    expect(clipsFor("zh", "hello")).toEqual([]);
    expect(clipsFor("zh", "left:x")).toEqual([]);
    expect(clipsFor("zh", "used:3")).toEqual([]);
    expect(clipsFor("xx", "count:1")).toEqual([]);
  });
});

describe("how each pack says a call", () => {
  it("Mandarin: 还剩两分 uses 两 for 2, the count uses 二, and big numbers are built from parts", () => {
    expect(clipsFor("zh", "left:2")).toEqual(["haisheng", "liang", "fen"]);
    expect(clipsFor("zh", "left:3")).toEqual(["haisheng", "3", "fen"]);
    expect(clipsFor("zh", "count:2")).toEqual(["2"]);
    expect(clipsFor("zh", "left:12")).toEqual(["haisheng", "10", "2", "fen"]); // 还剩十二分
    expect(clipsFor("zh", "elapsed:30")).toEqual(["e30"]);
    expect(clipsFor("zh", "elapsed:45")).toEqual(["t40", "5", "miao"]);
    expect(clipsFor("zh", "mins:120")).toEqual(["haisheng", "1", "bai", "t20", "fenzhong"]); // 还剩一百二十分钟
    expect(clipsFor("zh", "secs:105")).toEqual(["haisheng", "1", "bai", "0", "5", "miao"]); // 还剩一百零五秒
    expect(clipsFor("zh", "mins:2")).toEqual(["haisheng", "liang", "fenzhong"]);
    expect(clipsFor("zh", "used")).toEqual(["used"]);
    // periods that are not a minute are counted as times: 还剩两次, not 还剩两分
    expect(clipsFor("zh", "periods:2")).toEqual(["haisheng", "liang", "ci"]);
    expect(manifest("zh").clips.ci.text).toBe("ci4");
    expect(manifest("zh").clips.liang.text).toBe("liang3");
    expect(manifest("zh").clips["2"].text).toBe("er4");
  });

  it("a time left in two units is one phrase, as a referee says it: 还剩1小时50分, 还剩1分50秒", () => {
    const text = (pack: string, says: string[]) => callPhrases(pack, says).flat().map((c) => manifest(pack).clips[c].text).join(" ");
    expect(callPhrases("zh", ["hours:1", "mins:50"])).toEqual([["haisheng", "1", "xiaoshi", "t50", "fen"], []]);
    expect(callPhrases("zh", ["mins:1", "secs:50"])).toEqual([["haisheng", "1", "fen", "t50", "miao"], []]);
    expect(callPhrases("zh", ["hours:2"])).toEqual([["haisheng", "liang", "xiaoshi"]]);
    expect(text("en", ["hours:1", "mins:50"])).toBe("one hour fifty minutes left");
    expect(text("en", ["mins:1", "secs:1"])).toBe("one minute one second left");
    expect(text("ja", ["hours:4", "mins:5"])).toBe("のこり よ じかん ごふん");
    expect(text("ja", ["mins:1", "secs:50"])).toBe("のこり いっぷん ごじゅう びょう");
    // a pair of any other calls is said call by call
    expect(callPhrases("zh", ["used", "left:3"])).toEqual([["used"], ["haisheng", "3", "fen"]]);
    expect(callPhrases("zh", ["moves:5", "mins:3"])).toEqual([["haisheng", "5", "bu"], ["haisheng", "3", "fenzhong"]]);
  });

  it("entering the blocks of moves is not byoyomi's 开始读秒 but 基本时限用完", () => {
    expect(clipsFor("zh", "block")).toEqual(["block"]);
    expect(manifest("zh").clips.block.text).toBe("ji1 ben3 shi2 xian4 yong4 wan2");
    expect(manifest("en").clips.block.text).toBe("main time over");
  });

  it("English: thirty seconds, one minute used, three left, one … ten, time out", () => {
    const m = manifest("en");
    const say = (id: string) => clipsFor("en", id).map((c) => m.clips[c].text).join(" ");
    expect(say("elapsed:30")).toBe("thirty seconds");
    expect(say("used")).toBe("one minute used");
    expect(say("left:3")).toBe("three left");
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => say("count:" + n)).join(" ")).toBe("one two three four five six seven eight nine ten");
    expect(say("timeout")).toBe("time out");
    expect(say("periods:1")).toBe("one period left");
    expect(say("mins:125")).toBe("one hundred twenty five minutes left");
  });

  it("Japanese: のこり ごふん, the counter's sound changes, and よん/なな in the count", () => {
    const m = manifest("ja");
    const say = (id: string) => clipsFor("ja", id).map((c) => m.clips[c].text).join(" ");
    expect(say("left:5")).toBe("のこり ごふん");
    expect(say("left:1")).toBe("のこり いっぷん");
    expect(say("mins:25")).toBe("のこり にじゅう ごふん");
    expect(say("count:4")).toBe("よん");
    expect(say("count:7")).toBe("なな");
    expect(say("elapsed:30")).toBe("さんじゅうびょう");
    expect(say("secs:300")).toBe("のこり さんびゃく びょう");
    // periods that are not a minute: the counter 回, with its own sound changes
    expect([1, 2, 6, 8, 10].map((n) => say("periods:" + n))).toEqual(["のこり いっかい", "のこり にかい", "のこり ろっかい", "のこり はっかい", "のこり じゅっかい"]);
    expect(say("periods:26")).toBe("のこり にじゅう ろっかい");
    expect(say("periods:20")).toBe("のこり にじゅう かい");
  });
});

describe("counting traditions", () => {
  it("every pack names a known tradition; Mandarin and English follow the Chinese rules, Japanese the Nihon Ki-in", () => {
    for (const p of PACKS) expect(findTradition(p.tradition), p.id).not.toBeNull();
    expect(PACKS.find((p) => p.id === "zh")!.tradition).toBe("cn");
    expect(PACKS.find((p) => p.id === "ja")!.tradition).toBe("nihon-kiin");
    expect(TRADITIONS.map((t) => t.id)).toEqual(["cn", "nihon-kiin"]);
  });

  it("the set-up menu's list of the packs (PACK_LIST, one string) is PACKS, in its order", () => {
    expect(PACK_LIST).toBe(PACKS.map((p) => p.id + ":" + p.tradition).join("|"));
  });

  it("the Chinese tradition is the core's defaults, unchanged", () => {
    expect(withTradition(defaultCallOptions(), "cn")).toEqual(defaultCallOptions());
    expect(withTradition(defaultCallOptions(), "no-such-tradition")).toEqual(defaultCallOptions());
  });

  it("Nihon Ki-in: the last minute is 30, 40, 50 秒 then 1 … 10, and the “10” itself is the loss: no call after it", () => {
    const script = "control 0+1x60s\nat 1 press white\nrun 70";
    const jp = callsOf(script, withTradition(defaultCallOptions(), "nihon-kiin")).map((c) => c.t / 1000 + " " + c.say);
    const cn = callsOf(script, withTradition(defaultCallOptions(), "cn")).map((c) => c.t / 1000 + " " + c.say);
    const count = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => 50 + n + 1 + " count:" + n);
    expect(jp).toEqual(["1 byoyomi", "1 left:1", "31 elapsed:30", "41 elapsed:40", "51 elapsed:50", ...count]);
    expect(cn).toEqual([...jp, "61 timeout"]);
  });

  it("a tradition changes a copy: the options it starts from stay as they were", () => {
    const base = defaultCallOptions();
    withTradition(base, "nihon-kiin");
    expect(base.timeoutCall).toBe(true);
  });
});

describe("firmware/voice.ts on the device", () => {
  it("bundles and passes the Espruino check", async () => {
    const { code } = await bundle('import * as v from "./firmware/voice";\nmodule.exports = v;\n', false);
    expect(checkEspruino(code, EXTERNALS)).toEqual([]);
  });
});
