// The link's read requests alone: hello, status and a page of records, what the desktop tool asks
// most (`goclock log` is a hello and then page after page). The whole link's code (firmware/link.ts)
// answers them too, but on the board it is a file of 8 KB whose every function is RAM while it is
// loaded; for these the board loads this one instead (build/cold.ts: reads.<hash>), which holds the
// frame and these answers alone, and lets it go once the reply is out. Nothing here needs the PIN or
// changes the game: any other request, and a line it cannot read, goes to the whole link's code.
// Here it is the modules themselves.

import type { App } from "../app";
import type { Request } from "./protocol";
import { parseFrame, replyPieces } from "./frame";
import { clockStatus, recordsReply, helloReply } from "./status";

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
  if (c === "records") return replyPieces(f.seq, recordsReply(app, q.from, q.game), crc32);
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
