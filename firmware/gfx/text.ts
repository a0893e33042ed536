// How times are written on the face. Seconds are rounded up: a side shows 0:00 only when it has no
// time left at all, and the second a count is called is the second the display changes.

/** Whole seconds, rounded up. */
export function secondsUp(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** secondsUp of a time, 0 below 0, with no built-in (the board finds Math only after searching the
 *  whole global scope, and a countdown is formatted every second): any clock's time is far below
 *  2^31 seconds. */
function wholeUp(ms: number): number {
  if (!(ms > 0)) return 0;
  const s = (ms / 1000) | 0;
  return s * 1000 < ms ? s + 1 : s;
}

function two(n: number): string {
  return n < 10 ? "0" + n : "" + n;
}

/** H:MM:SS from one hour up, else M:SS. */
export function clockText(ms: number): string {
  const s = wholeUp(ms);
  const h = (s / 3600) | 0;
  const m = ((s % 3600) / 60) | 0;
  if (h > 0) return h + ":" + two(m) + ":" + two(s % 60);
  return m + ":" + two(s % 60);
}

/** A byoyomi period's time: plain seconds ("12", "60") below 100 s, else M:SS. */
export function periodText(ms: number): string {
  const s = wholeUp(ms);
  return s < 100 ? "" + s : clockText(ms);
}

/** Text in lines of at most `cols` characters, cut at spaces where it can, at most `most` lines; the
 *  last one ends in "~" if the text goes on. */
export function wrapLines(text: string, cols: number, most: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > 0 && out.length < most) {
    if (rest.length <= cols) {
      out.push(rest);
      return out;
    }
    let cut = cols; // at the last space that keeps the line within cols (no lastIndexOf on Espruino)
    for (let i = cols; i > 0; i--) {
      if (rest.charAt(i) === " ") {
        cut = i;
        break;
      }
    }
    out.push(rest.substring(0, cut));
    rest = rest.substring(cut).replace(/^ +/, "");
  }
  if (rest.length > 0) out[out.length - 1] = out[out.length - 1].substring(0, cols - 1) + "~";
  return out;
}
