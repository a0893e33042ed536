// The power model and the documents' figures: with the recommended display the clock plays at
// least 40 h on a charge and at least 10 h after the low-battery warning (FIDE), its digits are at
// least 10 mm tall, the savings save; and every figure hw/MANUAL.md and hw/README.md print is the
// one the code gives now.
import { describe, it, expect, beforeAll } from "vitest";
import { powerFigures, hoursOnCharge, total, type PowerFigures } from "./power";
import { boardCorrection } from "./correction";
import { docFigures, filled, marked, readDoc, DOCS } from "./docs";
import { OLEDS, digitMm } from "./parts";

describe("the power model", () => {
  let f: PowerFigures;
  let figs: Record<string, string>;

  beforeAll(async () => {
    f = await powerFigures();
    figs = docFigures(f, (await boardCorrection()).ms);
  }, 300000); // five games on the charged double (two in a hall): seconds, more on a busy machine

  it("gives at least 40 h of play on a charge with the recommended display, and at least 10 h after the warning", () => {
    for (const s of f.scenarios) {
      const rec = s.byDisplay.find((d) => d.oled.recommended)!;
      expect([s.scenario.name, hoursOnCharge(total(rec.after)) >= 40]).toEqual([s.scenario.name, true]);
      // the savings save: the display dimmed costs less than at full contrast the whole time
      expect(rec.after.display).toBeLessThan(rec.before.display / 2);
      // the running side's lamp is lit while the game runs (one of two lamps, the whole window)
      expect(rec.after.lamps).toBeGreaterThan(0);
      expect(s.brightShare).toBeGreaterThan(0);
      expect(s.brightShare).toBeLessThan(0.5);
    }
    // in a hall (the tournament setting on) too; the broadcast is priced, and costs little
    for (const [i, h] of f.halls.entries()) {
      const rec = h.byDisplay.find((d) => d.oled.recommended)!;
      expect([h.scenario.name, hoursOnCharge(total(rec.after)) >= 40]).toEqual([h.scenario.name, true]);
      expect(rec.after.radio).toBeGreaterThan(0);
      expect(h.advertsPerSecond).toBeGreaterThan(0.9);
      expect(h.advertsPerSecond).toBeLessThan(1.2);
      const home = total(f.scenarios[i].byDisplay.find((d) => d.oled.recommended)!.after);
      expect(total(rec.after) - home).toBeGreaterThan(0);
      expect(total(rec.after) - home).toBeLessThan(0.5);
    }
    expect(f.warningHours).toBeGreaterThanOrEqual(10);
    const calls = f.scenarios.find((s) => s.scenario.control === "5x60s")!;
    expect(calls.speakingShare).toBeGreaterThan(0); // the byoyomi game's calls were played and priced
    // the speaker's driver is priced while awake: from a call's hand-over (LEAD_MS before it) to
    // LINGER_MS after its clips (hw/speaker.ts), about 0.9 s more than a call of about a second;
    // asleep between calls seconds apart (30 s, 40 s, 50 s of a 60 s period)
    expect(calls.driverShare).toBeGreaterThan(calls.speakingShare);
    expect(calls.driverShare).toBeLessThan(3 * calls.speakingShare);
  });

  it("the recommended display's digits are at least 10 mm tall", () => {
    const rec = OLEDS.find((o) => o.recommended)!;
    expect(digitMm(rec, f.digitRows)).toBeGreaterThanOrEqual(10);
    expect(f.digitRows).toBe(30);
  });

  it("the manual and the hardware page print the figures the code gives", () => {
    for (const rel of DOCS) {
      const text = readDoc(rel);
      const r = filled(text, figs);
      expect([rel, r.unknown]).toEqual([rel, []]);
      const got = marked(text).map((m) => rel + " " + m.name + " = " + m.value);
      const want = marked(r.text).map((m) => rel + " " + m.name + " = " + m.value);
      expect(got).toEqual(want); // npx tsx test/bench/docs.ts --write, after a change that moves them
      expect(got.length).toBeGreaterThan(10);
    }
  });
});
