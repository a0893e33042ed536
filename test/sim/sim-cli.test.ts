// The sim command's flags and outputs as a user meets them: flags that do not apply are errors,
// --voice brings its pack's counting tradition into the audio, --device refuses a terminal too small.

import { describe, it, expect, vi } from "vitest";
import { writeFileSync, readFileSync, mkdtempSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawn, spawnSync } from "node:child_process";
import { loadPack } from "../../sim/wav";
import { sizeProblem, deviceScreen, NEED_COLUMNS, NEED_ROWS } from "../../sim/device-term";
import { newFrame } from "../../firmware/gfx/frame";

// each case starts tsx (about 1 s idle, 2.5 s on a busy two-core machine): far from this limit
vi.setConfig({ testTimeout: 30000 });

const tsx = join(__dirname, "..", "..", "node_modules", ".bin", "tsx");
const cli = join(__dirname, "..", "..", "sim", "cli.ts");
const dir = mkdtempSync(join(tmpdir(), "sim-cli-"));

function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

function sim(...args: string[]) {
  return spawnSync(tsx, [cli, ...args], { encoding: "utf8", input: "" });
}

/** A last period run out on the last instant of the run. */
const LOSS = "control 1x60s\nat 0 press white\nrun 60\n";

describe("--help", () => {
  it("lists every mode: the browser clock (the default), --terminal, --device and run FILE", () => {
    const r = sim("--help");
    expect(r.status).toBe(0);
    for (const mode of ["npm run sim [-- --port N] [--no-open]", "--terminal", "--device", "run FILE"]) expect(r.stdout).toContain(mode);
  });
});

describe("the browser clock's server", () => {
  it("where no browser can be opened it says so and serves on", async () => {
    // a PATH with node alone: no xdg-open, open or start to be found
    const bin = mkdtempSync(join(tmpdir(), "sim-nobrowser-"));
    symlinkSync(process.execPath, join(bin, "node"));
    const child = spawn(process.execPath, [join(__dirname, "..", "..", "node_modules", "tsx", "dist", "cli.mjs"), cli, "--port", "0"], { env: { PATH: bin, HOME: tmpdir() } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 30000;
    while (!/no browser could be opened here: open http:\/\/127\.0\.0\.1:\d+\//.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
    try {
      expect(out).toContain("no browser could be opened here");
      const page = await fetch(url![0]);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<canvas id=\"display\"");
      expect(child.exitCode).toBe(null);
    } finally {
      child.kill("SIGTERM");
    }
  }, 40000);
});

describe("flags that do not apply are refused, naming the flag", () => {
  const script = file("loss.txt", LOSS);
  const cases: [string[], string][] = [
    [["--voice", "de"], "--voice does not apply to the browser clock"],
    [["--terminal", "--wav", join(dir, "x.wav")], "--wav does not apply to --terminal"],
    [["--terminal", "--log"], "--log does not apply to --terminal"],
    [["--control", "90m"], "--control does not apply to the browser clock: set the game up in the clock's menu, or with a link"],
    [["--terminal", "--port", "0"], "--port does not apply to --terminal: it is for the browser clock"],
    [["--device", "--no-open"], "--no-open does not apply to --device"],
    [["--device", "--terminal"], "--device and --terminal are two ways to run the clock"],
    [["--port", "http"], "--port takes a port number"],
    [["--device", "--control", "90m"], "--control does not apply to --device"],
    [["run", script, "--control", "90m"], "--control does not apply to 'run FILE'"],
    [["run", script, "--device"], "--device does not apply to 'run FILE'"],
  ];
  it.each(cases)("%j", (args, said) => {
    const r = sim(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(said);
    expect(r.stdout).toBe("");
  });
});

describe("--wav and --voice", () => {
  const wavOf = (voice: string, text: string) => {
    const out = join(dir, voice + "-" + text.length + ".wav");
    const r = sim("run", file("s" + text.length + ".txt", text), "--wav", out, "--voice", voice);
    expect(r.status, r.stderr).toBe(0);
    return { transcript: r.stdout, wav: readFileSync(out) }; // samples: the data chunk's size, at byte 40
  };
  const samples = (pack: string, say: string[]) => {
    const p = loadPack(pack);
    return say.flatMap((s) => p.phrase(s)).reduce((n, c) => n + p.clips[c].length, 0);
  };

  it("zh: the final 10 and the call of time lost on the run's last instant are heard to their end", () => {
    const { transcript, wav } = wavOf("zh", LOSS);
    expect(transcript).toContain('{"t":60.000,"side":"black","say":"timeout"}');
    expect(wav.readUInt32LE(40)).toBe(60000 * 8 + samples("zh", ["count:10", "timeout"]));
  });

  it("ja counts as the Nihon Ki-in does: nothing after the final 10", () => {
    const { transcript, wav } = wavOf("ja", LOSS);
    expect(transcript).toContain('{"t":60.000,"side":"black","say":"count:10"}');
    expect(transcript).not.toContain("timeout");
    expect(wav.readUInt32LE(40)).toBe(60000 * 8 + samples("ja", ["count:10"]));
  });

  it("ja with the script's own calls line follows the script", () => {
    const { transcript, wav } = wavOf("ja", "control 1x60s\ncalls timeout=on\nat 0 press white\nrun 60\n");
    expect(transcript).toContain('{"t":60.000,"side":"black","say":"timeout"}');
    expect(wav.readUInt32LE(40)).toBe(60000 * 8 + samples("ja", ["count:10", "timeout"]));
  });
});

describe("--device in the terminal", () => {
  it("needs 130 columns and 36 rows, and says so", () => {
    expect(NEED_COLUMNS).toBe(130);
    expect(sizeProblem(129, 50)).toContain("at least 130 columns and 36 rows (this one has 129 × 50)");
    expect(sizeProblem(200, 35)).toContain("this one has 200 × 35");
    expect(sizeProblem(130, 36)).toBeNull();
  });

  it("a terminal of the size it accepts holds the whole screen", () => {
    const played = [1, 2, 3, 4, 5, 6].map((i) => ({ t: i * 1000, clips: ["zh/" + i] }));
    for (let rows = NEED_ROWS; rows < NEED_ROWS + 8; rows++) {
      const lines = deviceScreen(newFrame(), played, rows, false, false);
      expect(lines.length).toBeLessThanOrEqual(rows);
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(NEED_COLUMNS);
      expect(lines.join("\n")).toContain("x x: quit");
    }
    expect(deviceScreen(newFrame(), played, 50, false, false).slice(-1)[0]).toBe("6.000  zh/6");
    expect(deviceScreen(newFrame(), played, 50, true, false).join("\n")).toContain("x again within 2 s quits");
  });
});

describe("--log: the time log (22.9)", () => {
  const script = file("split.txt", "control 2h\nat 0 press white\nat 2400 press black\nat 3600 press white\nat 3600 pause\nat 3601 split 1h\nrun 3602\n");

  it("prints one line per event as read at the table: time from the start, words, both sides' used and left time", () => {
    const r = sim("run", script, "--log");
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toContain("1:00:01.000  split: first half 1:00:00 shared equally, Black used 40:00 -> 30:00, White 20:00 -> 30:00 (22.9)  | Black used 30:00, left 1:30:00, 1 move | White used 30:00, left 1:30:00, 1 move");
    expect(lines).toContain("0:40:00.000  press: Black, move 1  | Black used 40:00, left 1:20:00, 1 move | White used 0:00, left 2:00:00, 0 moves");
    expect(JSON.parse(lines[lines.length - 1]).state.phase).toBe("paused");
  });

  it("--log json keeps the machine form", () => {
    const r = sim("run", script, "--log", "json");
    expect(r.status).toBe(0);
    const logs = r.stdout.trim().split("\n").map((l) => JSON.parse(l)).filter((o) => "log" in o);
    expect(logs.find((o) => o.log === "split")).toMatchObject({ t: 3601, info: "3600000 2400000 1200000", black: { mainMs: 5400000 } });
  });
});
