// The link's read requests alone: hello, status and a page of records, what the desktop tool asks
// most (`goclock log` is a hello and then page after page). The whole link's code (firmware/link.ts)
// answers them too, but on the board it is a file of 8 KB whose every function is RAM while it is
// loaded; for these the board loads this one instead (build/cold.ts: reads.<hash>), which holds the
// frame and these answers alone, and lets it go once the reply is out. Nothing here needs the PIN or
// changes the game: any other request, and a line it cannot read, goes to the whole link's code.
// Here it is the modules themselves.

import type { App } from "../app";
import type { Request } from "./protocol";
import { SLOT_BYTES } from "../board"; // a number: written into the code (build/consts.ts)
import { hex8 } from "./shared";
import { parseFrame, replyPieces, answer } from "./frame";
import { clockStatus, helloReply, recordPage, beforeRecords } from "./status";

// A page of records without a copy of it in RAM. The slots' text is read from flash (a string that
// stays there), and JSON.stringify of a reply holding it would be a 2 KB copy (about 200 jsvars: the
// board's peak while the log is read). Where the text needs no escaping (printable ASCII, no quote
// or backslash: every slot written whole) the reply's JSON is sent in three pieces, HEAD, the text
// as it lies in flash, and the rest of the page, padded with spaces to TAIL characters; its CRC-32 is
// put together from each piece's own (the board's native E.CRC32, over the text in flash):
//   crc(X + Y) = adv(crc(X), |Y|) ^ crc(Y), adv(c, m) = c carried through m zero bytes,
// adv(crc(HEAD), text) taken from CARRY (the text is whole slots), adv(c, TAIL) computed natively
// as ~crc(4 bytes of ~c + TAIL - 4 zero bytes). The tool reads the same JSON either way.
export const HEAD = '{"ok":{"text":"';
export const TAIL = 192;
/** adv(crc(HEAD), n slots of SLOT_BYTES) for n = 1 … 24, 8 hex digits each (a test works them out again). */
export const CARRY = "8c2b651262e4afcba66e717b522b83216c9467f6d1a27b47f4c91640b9aa56f16685def74c95921c29caa25cce224941dff01fd07232f87cbb14b4d6e8db86b872b07104bf1baba769c8a90f972c56f7f469e4848bb8d4a4f39fc2e8a7767c2c";

/** The reply to `records` as the pieces of its frame, its text sent from flash where it can be. */
function recordsPieces(app: App, seq: string, from: unknown, game: unknown, crc32: (s: string) => number): string[] {
  beforeRecords(app);
  const page = recordPage(app, from, game);
  if (typeof page === "string") return replyPieces(seq, answer(page), crc32);
  const t = page.text;
  const n = t.length / SLOT_BYTES;
  const rest = JSON.stringify({ from: page.from, count: page.count, slot: page.slot, shift: page.shift, until: page.until, tradition: page.tradition, lang: page.lang });
  let tail = '",' + rest.slice(1, -1);
  if (!(n >= 1 && n <= 24 && n === Math.floor(n)) || tail.length > TAIL - 2 || t.indexOf('"') >= 0 || t.indexOf("\\") >= 0 || /[^ -~]/.test(t) || /[^ -~]/.test(tail)) {
    return replyPieces(seq, { ok: page }, crc32);
  }
  tail += " ".repeat(TAIL - 2 - tail.length) + "}}";
  // crc(HEAD + t), then carried through the tail's TAIL bytes and the tail's own CRC added
  const c = ~(parseInt(CARRY.substr(8 * (n - 1), 8), 16) ^ crc32(t));
  const carried = ~crc32(String.fromCharCode(c & 255, (c >>> 8) & 255, (c >>> 16) & 255, (c >>> 24) & 255) + "\0".repeat(TAIL - 4));
  return ["=" + seq + " ", HEAD, t, tail, "*" + hex8((carried ^ crc32(tail)) >>> 0) + "\n"];
}

export interface ReadsCode {
  answerRead: typeof answerRead;
}

/** The reply to a read request (hello, status, records) as the pieces of its frame (frame.ts); null
 *  for anything else (another request, a bad frame, no request at all): the whole link's code
 *  answers that. */
function answerRead(app: App, line: string, crc32: (s: string) => number): string[] | null {
  const f = parseFrame(line, crc32);
  if (f === null || "bad" in f) return null;
  let q: Request;
  try {
    q = JSON.parse(f.json) as Request;
  } catch (e) {
    return null;
  }
  if (typeof q !== "object" || q === null) return null;
  const c = q.c;
  if (c === "records") return recordsPieces(app, f.seq, q.from, q.game, crc32);
  if (c === "hello") return replyPieces(f.seq, helloReply(app), crc32);
  if (c === "status") return replyPieces(f.seq, { ok: clockStatus(app) }, crc32);
  return null;
}

/** The read requests' function in one object (what the board's reads file hands back when it is run). */
export function readsCode(): ReadsCode {
  return { answerRead: answerRead };
}

/** On the board, the read requests' Storage file (the program's fingerprint covers it); none here. */
export const READS_FILE: string = "";

/** The read requests' code, or why it cannot be had (on the board: no reads file, or a damaged one). */
export function loadReads(): ReadsCode | string {
  return readsCode();
}
