// The Store contract (firmware/board.ts) on the browser's localStorage: a reload or a closed tab is
// the device's power cut, and the app restores the game from these records as it does from flash.
// One key per record and a count written after it: a record is either all there or not counted.

import type { Store } from "../../../firmware/board";
import { RECORD_BYTES } from "../../../firmware/board";

export class LocalStore implements Store {
  private prefix: string;
  private storage: Storage;

  constructor(storage: Storage, prefix: string) {
    this.storage = storage;
    this.prefix = prefix;
  }

  count(): number {
    const n = parseInt(this.storage.getItem(this.prefix + "n") || "0", 10);
    return n >= 0 ? n : 0;
  }

  append(record: string): boolean {
    if (record.length > RECORD_BYTES) return false;
    const n = this.count();
    try {
      this.storage.setItem(this.prefix + "r" + n, record);
      this.storage.setItem(this.prefix + "n", "" + (n + 1));
      return true;
    } catch (e) {
      return false; // quota exceeded or storage disabled: the app shows NOT SAVED
    }
  }

  /** A record as stored (all there or not counted; one edited by hand is refused by its parser). */
  record(i: number): string | null {
    return i >= 0 && i < this.count() ? this.storage.getItem(this.prefix + "r" + i) : null;
  }

  clear(): void {
    const n = this.count();
    this.storage.setItem(this.prefix + "n", "0");
    for (let i = 0; i < n; i++) this.storage.removeItem(this.prefix + "r" + i);
  }

  get(name: string): string | null {
    return this.storage.getItem(this.prefix + "s." + name);
  }

  set(name: string, value: string): boolean {
    try {
      this.storage.setItem(this.prefix + "s." + name, value);
      return true;
    } catch (e) {
      return false;
    }
  }
}
