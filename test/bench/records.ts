// The records of a long game on the board's flash: a 6-hour, 400-move game played on the device app
// with the device's checkpoint intervals (60 s in main time, 10 s in overtime), its records and
// checkpoints counted as hw/store.ts lays them out (slots of SLOT_BYTES, a long record in two;
// checkpoints of 12 bytes; files of 8 KB and 4 KB), against the flash each voice pack leaves. The
// figures of issue 17: records per 6-hour game, flash left for two such games.

import { startApp } from "../../firmware/app";
import { makeConsole } from "../../firmware/link/console";
import { LEFT, RIGHT, SLOT_BYTES, SEAL_BYTES } from "../../firmware/board";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";
import { encodeSettings, defaultSettings } from "../../firmware/record/settings";
import { LOG_BYTES, RESERVE_BYTES, CK_BYTES, CK_SLOT } from "../../hw/layout";
import { ClockRig, firmware } from "../double/rig";
import { PACKS } from "../../firmware/voice";
import { seededPicker } from "../core/gen";

/** Espruino's Storage header of a file (jsflash.c), as the board double counts it. */
const HEADER = 32;

export interface RecordFigures {
  moves: number;
  hours: number;
  records: number;
  slots: number;
  checkpoints: number;
  /** Flash the game's files take, headers and the unused rest of their last file included. */
  bytes: number;
  reserveBytes: number;
  /** Per pack: flash free with the program, fonts, menus and that pack on the board, and what is
   *  left of it after two such games (the previous one's records, the current one's records and
   *  checkpoints). */
  packs: { id: string; freeBytes: number; leftAfterTwo: number }[];
}

/** 400 moves in about 6 hours of 2h+5x60s: 40–100 s a move in main time, 25–59 s in byoyomi. */
export function sixHourRecords(): { records: number; slots: number; checkpoints: number; hours: number } {
  const store = new MemoryStore();
  store.set("clock.set", encodeSettings({ ...defaultSettings(), black: "2h+5x60s", white: "2h+5x60s" }));
  const time = new VirtualTime();
  const board = new SimBoard(time, store);
  board.checkpoint = { mainMs: 60000, overtimeMs: 10000 };
  const app = startApp(board);
  makeConsole(app).op("start");
  const p = seededPicker(20261204);
  let t = 0;
  for (let i = 0; i < 400; i++) {
    const g = app.clock.game;
    const main = g[g.toMove].mainMs;
    t += main > 100000 ? p.int(40000, 100000) : p.int(25000, 59000);
    time.runUntil(t);
    board.edge(app.sideOf(LEFT) === app.clock.game.toMove ? LEFT : RIGHT, true, t);
  }
  time.runUntil(t + 1000);
  app.flush();
  let slots = 0;
  for (const r of store.games[store.games.length - 1]) slots += r.length + 1 + SEAL_BYTES > SLOT_BYTES ? 2 : 1;
  return { records: store.count(), slots: slots, checkpoints: store.checkpoints.length, hours: t / 3600000 };
}

export async function recordFigures(): Promise<RecordFigures> {
  const g = sixHourRecords();
  const perFile = Math.floor(LOG_BYTES / SLOT_BYTES);
  const ckPerFile = Math.floor(CK_BYTES / CK_SLOT);
  const files = Math.ceil(g.slots / perFile);
  const ckFiles = Math.ceil(g.checkpoints / ckPerFile);
  const bytes = files * (LOG_BYTES + HEADER) + ckFiles * (CK_BYTES + HEADER);
  const code = await firmware();
  const packs = PACKS.map((pack) => {
    const free = new ClockRig(code, { pack: pack.id }).start().dev.flash.free();
    // the previous game keeps its records alone: a new game erases its checkpoints (hw/store.ts newGame)
    return { id: pack.id, freeBytes: free, leftAfterTwo: free - files * (LOG_BYTES + HEADER) - bytes };
  });
  return { moves: 400, hours: g.hours, records: g.records, slots: g.slots, checkpoints: g.checkpoints, bytes, reserveBytes: RESERVE_BYTES, packs };
}

export function recordLines(f: RecordFigures): string[] {
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    "records of a " + f.moves + "-move game of " + f.hours.toFixed(1) + " h (2h+5x60s, the device's checkpoints): " + n(f.records) + " records in " + n(f.slots) +
      " slots of " + SLOT_BYTES + " B, " + n(f.checkpoints) + " checkpoints of " + CK_SLOT + " B: " + n(f.bytes) + " B of flash with its files' headers (the reserve kept for a game: " + n(f.reserveBytes) + " B " + (f.bytes <= f.reserveBytes ? "ok" : "TOO SMALL") + ")",
    "  flash left for two such games (the previous one's records, this one's records and checkpoints), by voice pack: " + f.packs.map((p) => p.id + " " + n(p.freeBytes) + " B free, " + n(p.leftAfterTwo) + " B after two games " + (p.leftAfterTwo >= 0 ? "ok" : "(the previous game is dropped when the next needs the room)")).join("; "),
  ];
}
