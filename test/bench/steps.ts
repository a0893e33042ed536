// Single steps of the interpreter (steps.json): each a loop body run in a function, measured on
// Espruino's own interpreter by the rig (its figure: board µs a pass, the loop's own cost included)
// and counted here the same way, so that the fit (real.ts) prices each operation as the interpreter
// does and not only as the bundle's paths, which move together, allow.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { countProgram } from "./calibration";
import type { PathDef, PathSample } from "./paths";
import { NATIVE_KINDS } from "./cost";

const HERE = dirname(fileURLToPath(import.meta.url));

interface StepsFile {
  early: string;
  globals: number;
  prelude: string;
  locals: string;
  steps: Record<string, string>;
}

const FILE = JSON.parse(readFileSync(join(HERE, "steps.json"), "utf8")) as StepsFile;
const PASSES = 1000;

/** The steps as paths: key "step:NAME", the rig's figure "step: NAME, a loop pass". */
export const STEPS: PathDef[] = Object.keys(FILE.steps).map((k) => ({ key: "step:" + k, rig: "step: " + k + ", a loop pass", unit: "board µs", what: "a loop pass of " + (FILE.steps[k] || "nothing") }));

/** The program the rig runs and the model counts: the global scope filled, the prelude, then each
 *  step's loop between marks (the rig's rigMark(101 + 2i) and (102 + 2i)) in one function. */
export function stepsProgram(only?: string, passes = PASSES, mark = false): string {
  let s = FILE.early + "\n";
  for (let i = 0; i < FILE.globals; i++) s += "var g" + i + "=" + i + ";\n";
  s += FILE.prelude + "\nfunction run(){" + FILE.locals + "\n";
  Object.keys(FILE.steps).forEach((k, i) => {
    if (only !== undefined && k !== only) return;
    s += (mark ? "rigMark(" + (101 + 2 * i) + ");" : "") + "for(var i=0;i<" + passes + ";i++){" + FILE.steps[k] + "}" + (mark ? "rigMark(" + (102 + 2 * i) + ");" : "") + "\n";
  });
  return s + "}\nrun();\n";
}

/** What the model counts for a pass of each step (its loop's 1000 passes less none, over 1000). */
export function stepSamples(): Record<string, PathSample> {
  const out: Record<string, PathSample> = {};
  for (const k of Object.keys(FILE.steps)) {
    const a = countProgram(stepsProgram(k, PASSES));
    const b = countProgram(stepsProgram(k, 0));
    out["step:" + k] = { ops: Array.from(a, (x, i) => (x - b[i]) / PASSES), nativeMs: 0, natives: NATIVE_KINDS.map(() => 0), per: 1, wakes: 0 };
  }
  return out;
}
