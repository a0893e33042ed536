// Names the bundle's functions after their sources (dist/clock.js.map), so a cost profile reads
// "app.ts:refresh" rather than a minified "Ye". A source map's mappings are base64 VLQ segments
// (genColumn, source, line, column[, name]), relative to the previous one, lines split by ";".

import { readFileSync } from "node:fs";
import { basename, join, dirname, relative } from "node:path";
import type { Instrumented } from "./ops";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

interface Segment {
  col: number;
  src: number;
  line: number;
  srcCol: number;
}

function decode(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let src = 0;
  let line = 0;
  let srcCol = 0;
  for (const l of mappings.split(";")) {
    const segs: Segment[] = [];
    let col = 0;
    for (const s of l.split(",")) {
      if (!s) continue;
      const v: number[] = [];
      let shift = 0;
      let value = 0;
      for (const ch of s) {
        const d = B64.indexOf(ch);
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          v.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += v[0];
      if (v.length >= 4) {
        src += v[1];
        line += v[2];
        srcCol += v[3];
        segs.push({ col, src, line, srcCol });
      }
    }
    lines.push(segs);
  }
  return lines;
}

/** The map's segment in force at a character offset of the bundle (null where it says nothing). */
function segmentAt(code: string, lines: Segment[][]): (offset: number) => Segment | null {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return (offset) => {
    let l = lineStarts.length - 1;
    while (lineStarts[l] > offset) l--;
    const col = offset - lineStarts[l];
    let best: Segment | null = null;
    for (const s of lines[l] || []) if (s.col <= col && (!best || s.col >= best.col)) best = s;
    return best;
  };
}

/** Sets each function's label to "file:identifier" from the map next to the bundle (mapPath).
 *  `shift`: what was instrumented had this many characters more before the bundle `code` (a wrapper). */
export function labelFunctions(ins: Instrumented, code: string, mapPath: string, shift = 0): void {
  const map = JSON.parse(readFileSync(mapPath, "utf8")) as { sources: string[]; mappings: string };
  const at = segmentAt(code, decode(map.mappings));
  const texts = new Map<number, string[]>();
  const sourceLines = (i: number): string[] => {
    if (!texts.has(i)) {
      let t: string[] = [];
      try {
        t = readFileSync(join(dirname(mapPath), map.sources[i]), "utf8").split("\n");
      } catch {
        t = [];
      }
      texts.set(i, t);
    }
    return texts.get(i)!;
  };
  const used = new Map<string, number>();
  for (const f of ins.functions) {
    if (f.name === "(top)" || f.nameAt < shift) continue;
    const best = at(f.nameAt - shift);
    if (!best) continue;
    const text = sourceLines(best.src)[best.line] || "";
    const m = /^[A-Za-z_$][\w$]*/.exec(text.slice(best.srcCol));
    const file = basename(map.sources[best.src]);
    let label = file + ":" + (m && m[0] !== "function" && m[0] !== "async" ? m[0] : String(best.line + 1));
    const n = used.get(label) || 0;
    used.set(label, n + 1);
    if (n > 0) label += "#" + (best.line + 1);
    f.label = label;
  }
}

/** The source file (from the map's root's parent, e.g. "firmware/app.ts") of a character offset
 *  in the bundle next to the map, or null where the map says nothing. */
export function sourceAt(code: string, mapPath: string): (offset: number) => string | null {
  const map = JSON.parse(readFileSync(mapPath, "utf8")) as { sources: string[]; mappings: string };
  const at = segmentAt(code, decode(map.mappings));
  const root = dirname(dirname(mapPath));
  const files = map.sources.map((f) => relative(root, join(dirname(mapPath), f)).split("\\").join("/"));
  return (offset) => {
    const best = at(offset);
    return best ? files[best.src] : null;
  };
}
