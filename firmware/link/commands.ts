// Arbiter and player operations written as words, e.g. `press black`, `correct white periods 3`,
// `rescale 1h30m`, `split 2h`. One parser for the simulator's scripts, the terminal and the device console.

import type { Op, Side, Field } from "../core/index";
import { parseDuration, isParseError } from "./shared";

export function side(word: string | undefined): Side | string {
  return word === "black" || word === "white" ? word : "expected black or white, not '" + (word || "") + "'";
}

/** Whether w is one of a space-separated list of words: a list kept as one string takes a fraction
 *  of an array's jsvars on the board. Where it was found is checked: Espruino's indexOf also "finds"
 *  a text whose start matches the string's end (" w " at the list's last " "), any w. */
export function oneOf(words: string, w: string): boolean {
  if (w.length === 0 || w.indexOf(" ") >= 0) return false;
  const at = (" " + words + " ").indexOf(" " + w + " ");
  return at >= 0 && at + w.length <= words.length;
}

const FIELDS = "main periods block movesleft moves";

/** An operation from the words after `at T` (also what the terminal's command line accepts). */
export function parseOpWords(w: string[]): Op | string {
  const name = w[0] || "";
  const arity = (n: number): string | null => (w.length === n ? null : name + " takes " + (n - 1) + " word" + (n === 2 ? "" : "s") + " after it");
  switch (name) {
    case "start": case "pause": case "resume": case "end": case "pass": {
      const bad = arity(1);
      return bad || ({ op: name } as Op);
    }
    case "press": case "absent": case "arrive": {
      const s = side(w[1]);
      if (s !== "black" && s !== "white") return s;
      return arity(2) || { op: name, side: s };
    }
    case "query": {
      if (w.length === 1) return { op: "query", side: null };
      const s = side(w[1]);
      if (s !== "black" && s !== "white") return s;
      return arity(2) || { op: "query", side: s };
    }
    case "correct": {
      const s = side(w[1]);
      if (s !== "black" && s !== "white") return s;
      const bad = arity(4);
      if (bad) return "correct SIDE FIELD VALUE, e.g. correct black main 1h5m or correct white periods 3";
      const field = w[2];
      if (!oneOf(FIELDS, field)) return "a correction sets main, periods, block, movesleft or moves, not '" + field + "'";
      let value: number;
      if (field === "main" || field === "block") {
        const d = parseDuration(w[3]);
        if (isParseError(d)) return "'" + w[3] + "': " + d.error;
        value = d;
      } else {
        if (!/^\d+$/.test(w[3])) return "'" + w[3] + "' is not a whole number";
        value = parseInt(w[3], 10);
      }
      return { op: "correct", side: s, field: field as Field, value: value };
    }
    case "rescale": case "split": {
      const bad = arity(2);
      if (bad) return name === "rescale" ? "rescale TOTAL: the true total elapsed time, e.g. rescale 1h30m" : "split TOTAL: the first half's time, shared equally (22.9), e.g. split 2h";
      const d = parseDuration(w[1]);
      return isParseError(d) ? "'" + w[1] + "': " + d.error : { op: name, totalMs: d };
    }
    default:
      return "unknown command '" + name + "'";
  }
}

