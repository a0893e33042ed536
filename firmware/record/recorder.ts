// The game's record on the board's store: what the app queues (every accepted operation, flag,
// notice, late or dropped call, the arbiter's audit trail) is written as records after the face is
// drawn (flush), each with the game as of its instant; while a clock runs, a checkpoint of the
// running turn at a bounded interval. At boot it gives back the game as of the newest record and
// checkpoint (persist.ts restore). The time log is read back from the records elsewhere: by the
// desktop tool from the slots it is sent (readlog.ts), by the simulators from their store.
//
// A game's records start with its set-up (G), written again when the set-up changes before the
// start, and go on in set-up too: boots, PINs, links and setting changes before a round are part of
// the record. Instants are the board's ms plus `shift`, which makes them run on across a power cut
// (the board's clock restarts at boot), so the log read back is one timeline.

import type { Store } from "../board";
import type { Game, Side } from "../core/index";
import { gameRecord, stateRecord, checkpointText } from "./persist";

interface Pending {
  /** null: a checkpoint. */
  game: Game | null;
  t: number;
  what: string;
  side: Side | null;
  info: string;
}

export class Recorder {
  // store, whiteOnRight, firmware and lastG are read and set by the power-on code too (boot.ts restoreInto)
  store: Store;
  /** White's side (right: true) and the program's fingerprint, for the set-up record. */
  whiteOnRight: () => boolean;
  firmware: string;
  private pending: Pending[] = [];
  seq = 0;
  shift = 0;
  /** The current record set has a set-up record (G), this one. */
  lastG = "";
  /** A record could not be written: a power cut now would lose the game. */
  notSaved = false;
  /** The board instant of the newest record or checkpoint queued. */
  durableAt = 0;

  constructor(store: Store, whiteOnRight: () => boolean, firmware: string) {
    this.store = store;
    this.whiteOnRight = whiteOnRight;
    this.firmware = firmware;
  }

  /** An entry of the game's log to record at t: written by flush(), after the face is updated. */
  queue(g: Game, t: number, what: string, side: Side | null, info: string): void {
    // the set-up, again when it changed before the start (a game's controls are fixed once it runs)
    if (g.phase === "setup" || !this.lastG) {
      const head = gameRecord(g, this.whiteOnRight(), this.firmware);
      if (head !== this.lastG) {
        this.lastG = head;
        this.pending.push({ game: g, t: t, what: "G", side: null, info: head });
      }
    }
    this.pending.push({ game: g, t: t, what: what, side: side, info: info });
    this.durableAt = t;
  }

  /** A checkpoint of the running turn at t. */
  checkpoint(t: number): void {
    this.pending.push({ game: null, t: t, what: "", side: null, info: "" });
    this.durableAt = t;
  }

  /** Records wait to be written. */
  waiting(): boolean {
    return this.pending.length > 0;
  }

  /** Writes what was queued (notSaved says whether a record could not be). */
  flush(): void {
    const store = this.store;
    while (this.pending.length) {
      const p = this.pending.shift()!;
      let ok: boolean;
      if (p.game === null) {
        ok = store.checkpoint(checkpointText(this.seq, p.t + this.shift));
      } else if (p.what === "G") {
        ok = store.append(p.info); // the set-up record, made when it was queued
      } else {
        this.seq++;
        ok = store.append(stateRecord(p.game, this.seq, p.t, this.shift, p.what, p.side, p.info));
      }
      // a power cut while a record is missing would lose the game: the arbiter must know (a
      // checkpoint written is no record of what was missed: only a record clears it)
      if (!ok) this.notSaved = true;
      else if (p.game !== null && p.what !== "G") this.notSaved = false;
    }
  }

  /** The next game's records begin (the last game's are kept while the store has room). */
  newGame(): void {
    this.flush(); // the last game's last records
    this.store.newGame();
    this.lastG = "";
    this.seq = 0;
    this.shift = 0;
    this.notSaved = false;
  }
}
