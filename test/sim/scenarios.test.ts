// Whole transcripts of scripted games, compared line by line with the reviewed ones in test/scripts: as
// `sim run` makes them, with the default voice (zh), whose lengths place the calls.
// After an intended change of behaviour: `npm run --silent sim -- run X.txt > X.jsonl`, then review the diff.
import { describe, it, expect } from "vitest";
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { execFileSync, spawnSync } from "node:child_process";
import { parseScript } from "../../sim/script";
import { runScript, voiceOptions } from "../../sim/run";
import { transcript } from "../../sim/transcript";

const dir = join(__dirname, "..", "scripts");
const scripts = readdirSync(dir).filter((f) => f.endsWith(".txt"));

describe("scripted games give the reviewed transcripts", () => {
  it.each(scripts)("%s", (name) => {
    const want = readFileSync(join(dir, name.replace(/\.txt$/, ".jsonl")), "utf8").trimEnd().split("\n");
    const script = parseScript(readFileSync(join(dir, name), "utf8"));
    if (Array.isArray(script)) throw new Error(JSON.stringify(script));
    const r = runScript(script, 20, null, voiceOptions("zh"));
    expect(transcript(r.outputs, r.clock, r.endMs, "none")).toEqual(want);
  });
});

describe("the sim command", () => {
  const tsx = join(__dirname, "..", "..", "node_modules", ".bin", "tsx");
  const cli = join(__dirname, "..", "..", "sim", "cli.ts");

  it("prints a script's transcript as JSON lines, the final state last", () => {
    const out = execFileSync(tsx, [cli, "run", join(dir, "exact-period.txt")], { encoding: "utf8" });
    expect(out.trimEnd().split("\n")).toEqual(readFileSync(join(dir, "exact-period.jsonl"), "utf8").trimEnd().split("\n"));
    for (const line of out.trimEnd().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
  }, 30_000); // a process of its own: its start-up alone takes seconds on a busy machine

  it("reports every bad line with its number and runs nothing", () => {
    const f = join(mkdtempSync(join(tmpdir(), "clock-")), "bad.txt");
    writeFileSync(f, "control 2h+5x60\nat 10 press blue\nat 5 press white\nhop\nhandicap 1\ncontrol white 1h 30m\nlatelimit soon\ncalls timeout=maybe\nat 20\n");
    const r = spawnSync(tsx, [cli, "run", f], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("bad.txt:1: '2h+5x60': expected a unit h, m or s after 60 at character 8");
    expect(r.stderr).toContain("bad.txt:2: expected black or white, not 'blue'");
    expect(r.stderr).toContain("bad.txt:4: unknown command 'hop'");
    // values the clock would refuse are bad lines too, in the clock's words
    expect(r.stderr).toContain("bad.txt:5: a handicap is 0 (even) or 2 to 9 stones");
    expect(r.stderr).toContain("bad.txt:6: a time control is written without spaces: '1h30m', not '1h 30m'");
    expect(r.stderr).toContain("bad.txt:7: latelimit DURATION");
    expect(r.stderr).toContain("bad.txt:8: timeout: expected on or off");
    expect(r.stderr).toContain("bad.txt:9: a command is missing after 'at 20'");
  }, 30_000);
});
