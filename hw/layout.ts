// How the game records lie in the board's Storage (hw/store.ts), as numbers alone: the bench and
// the tests reckon the flash a game takes with them too.

import { SLOT_BYTES } from "../firmware/board";

/** The running side's time is checkpointed this often in main time and in overtime (a byoyomi
 *  period, a block of moves): every flash write stops the CPU and wears the flash, and a power cut
 *  gives back at most that much. */
export const CHECKPOINT_MAIN_MS = 60000;
export const CHECKPOINT_OVERTIME_MS = 10000;

/** A record file: slots of SLOT_BYTES. */
export const LOG_BYTES = 8192;
export const SLOTS = Math.floor(LOG_BYTES / SLOT_BYTES);
/** A checkpoint file: slots of CK_SLOT bytes (the text, "~", 2 hex digits of its CRC). */
export const CK_BYTES = 4096;
export const CK_SLOT = 12;
export const CK_SLOTS = Math.floor(CK_BYTES / CK_SLOT);
/** The files a long game fills, with room (npm run bench, "records of a 400-move game": a 6-hour
 *  game takes 4 record files and 3 checkpoint files): 510 record slots, 2,046 checkpoints (one each
 *  10 s in overtime, 60 s in main time). */
const GAME_FILES = 5;
const CK_FILES = 6;
/** Free flash to keep whenever a game can start: a whole game's files, and room for file headers and
 *  settings rewritten meanwhile. So no write during a game has to wait for a compaction. */
export const RESERVE_BYTES = GAME_FILES * LOG_BYTES + CK_FILES * CK_BYTES + 8192;
