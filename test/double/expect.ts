// What the simulator says for a script: the expected side of the device tests.
import { run } from "../core/helpers";
import { callPhrases } from "../../firmware/voice";
import type { Output, Side } from "../../firmware/core/index";

export type Simulated = ReturnType<typeof run>;

export function simulate(script: string): Simulated {
  return run(script);
}

type Call = Extract<Output, { kind: "call" }>;

function callsOf(sim: Simulated): Call[] {
  return sim.outs.filter((o): o is Call => o.kind === "call");
}

/** The simulator's calls as the device logs them: (t, side, say), late ones marked. */
export function simCalls(sim: Simulated): { t: number; side: Side; say: string; late?: boolean }[] {
  return callsOf(sim).map((c) => (c.due === undefined ? { t: c.t, side: c.side, say: c.say } : { t: c.t, side: c.side, say: c.say, late: true }));
}

/** What should be heard: the calls of one instant back to back, as clip names of a voice pack. */
export function expectedUtterances(sim: Simulated, pack: string): { t: number; clips: string[] }[] {
  const out: { t: number; clips: string[] }[] = [];
  const calls = callsOf(sim);
  for (let i = 0; i < calls.length; ) {
    let j = i;
    while (j < calls.length && calls[j].t === calls[i].t) j++;
    out.push({ t: calls[i].t, clips: callPhrases(pack, calls.slice(i, j).map((c) => c.say)).flat() });
    i = j;
  }
  return out;
}
