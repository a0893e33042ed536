// How a record lies in a slot of the board's flash (hw/store.ts), and how it is read back, on the
// board (FlashStore.record) or wherever its slots were sent (goclock log: firmware/record/readlog.ts):
// the record, "~" and 4 hex digits of its CRC-32's low 16 bits, padded with spaces to the slot's
// width; a record too long for one slot goes on in the next, which starts with "&" (so does a slot
// left over at a file's end). A slot whose seal does not match was torn by a power cut or is
// corrupt. The CRC is the board's own E.CRC32 (native: one computed in JS costs the board about a
// millisecond a character); crc32() below is the same for a store that has none (the simulators).
// Runs on the device: Espruino-safe (ESPRUINO.md).

import { SEAL_BYTES } from "../board";

/** A record sealed with its check. */
export function seal(record: string, crc: (s: string) => number): string {
  return record + "~" + ("000" + (crc(record) & 0xffff).toString(16)).slice(-4);
}

/** The record in a slot's text (trimmed of its padding) when its seal matches, else null. */
export function unseal(text: string, crc: (s: string) => number): string | null {
  const body = text.trim();
  if (body.length <= SEAL_BYTES) return null;
  const r = body.slice(0, -SEAL_BYTES);
  return seal(r, crc) === body ? r : null;
}

/** Record i of `used` slots, each read by slot(j) (undefined: unreadable): the record; "" when slot i
 *  holds no record of its own (the rest of a long one, or a slot left over); null when torn or corrupt. */
export function slotRecord(slot: (j: number) => string | undefined, i: number, used: number, crc: (s: string) => number): string | null {
  const s = slot(i);
  if (s === undefined) return null;
  if (s.charAt(0) === "&") return "";
  const r = unseal(s, crc);
  if (r !== null || i + 1 >= used) return r;
  const more = slot(i + 1);
  return more !== undefined && more.charAt(0) === "&" ? unseal(s + more.slice(1), crc) : null;
}

let table: number[] | null = null;

/** CRC-32 (IEEE, as zlib and Espruino's E.CRC32) of a text's character codes, for a store on a
 *  board without a native one (the simulators' memory store, which seals its slots as the flash's). */
export function crc32(text: string): number {
  if (!table) {
    table = [];
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table.push(c >>> 0);
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = table[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
