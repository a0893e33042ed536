// Runs scripts on virtual time for behaviour tests.
import { parseScript } from "../../sim/script";
import { runScript } from "../../sim/run";
import { transcript } from "../../sim/transcript";
import type { Output, Side } from "../../firmware/core/index";

export function run(text: string, lateMs: ((t: number) => number) | null = null) {
  const script = parseScript(text);
  if (Array.isArray(script)) throw new Error(script.map((e) => e.line + ": " + e.error).join("\n"));
  const r = runScript(script, 20, lateMs);
  const outs = r.outputs;
  return {
    ...r,
    outs,
    /** Calls as "t side say" strings, seconds with 3 decimals. */
    said: (side?: Side) => outs.filter((o): o is Extract<Output, { kind: "call" }> => o.kind === "call" && (!side || o.side === side)).map((o) => (o.t / 1000).toFixed(3) + " " + o.say),
    flags: () => outs.filter((o) => o.kind === "flag").map((o) => (o.t / 1000).toFixed(3) + " " + (o as { side: Side }).side),
    refused: () => outs.filter((o) => o.kind === "refused").map((o) => (o as { reason: string }).reason),
    read: (side: Side) => r.clock.reading(side, r.endMs),
    lines: () => transcript(outs, r.clock, r.endMs, "none"),
  };
}
