// Text for a terminal: display width (CJK takes two columns), wrapping, and drawing whole lines on
// a terminal that does not wrap. Shared by the terminal clock and `--device`.

/** Display width: CJK characters (the calls' glosses) take two columns. */
export function textWidth(s: string): number {
  let n = 0;
  for (const ch of s) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return n;
}

/** Words of a message in lines of at most `cols` columns (a word longer than a line is cut into pieces). */
export function wrap(text: string, cols: number): string[] {
  if (textWidth(text) <= cols) return [text];
  const lines: string[] = [];
  const indent = (/^ */.exec(text) || [""])[0];
  let cur = "";
  for (let word of text.trim().split(/ +/)) {
    while (textWidth(indent + word) > cols) {
      if (cur) lines.push(cur);
      cur = "";
      const cut = [...word].slice(0, cols - indent.length).join("");
      lines.push(indent + cut);
      word = word.slice(cut.length);
    }
    if (!word) continue;
    if (cur && textWidth(cur + " " + word) <= cols) cur += " " + word;
    else {
      if (cur) lines.push(cur);
      cur = indent + word;
    }
  }
  if (cur || lines.length === 0) lines.push(cur);
  return lines;
}

/** Lines for a terminal that does not wrap: each cleared to its end, except a full one (a terminal
 *  keeps its cursor on the last column, so clearing from there would erase that last character). */
export function screenText(lines: string[], cols: number): string {
  return lines.map((l) => (textWidth(l) < cols ? l + "\x1b[K" : l)).join("\n");
}
