// The arbiter's panel: the time log as it grows (every operation, call and flag with both sides'
// readings: the record 22.9 asks for) and the calls as they are made, in the pack's own words with
// their ids. It reads the app's log; it never changes the clock.

import type { App } from "../../../firmware/app";
import { logText } from "../../../firmware/record/logtext";
import { readLog } from "../../../firmware/record/readlog";
import { spokenLines } from "../../transcript";
import type { Voice } from "./audio";

const KEEP = 2000; // lines kept on the page: a whole long game

export class Panel {
  private logList: HTMLOListElement;
  private callList: HTMLOListElement;
  private voice: Voice;
  private app: App | null = null;
  /** Log entries shown so far, and the records the log had then (fewer now: a new game). */
  private seen = 0;
  private records = 0;

  constructor(logList: HTMLOListElement, callList: HTMLOListElement, voice: Voice) {
    this.logList = logList;
    this.callList = callList;
    this.voice = voice;
  }

  /** Shows another app's log from its start (the live clock, or a rehearsal). */
  follow(app: App): void {
    this.app = app;
    this.seen = 0;
    this.records = 0;
    this.logList.textContent = "";
    this.callList.textContent = "";
  }

  /** Adds the entries the app's log gained since the last look (called after every frame). */
  update(): void {
    const app = this.app;
    if (!app) return;
    const fresh = readLog(app, this.seen, KEEP).entries; // the device's log, read back from its records
    const records = app.board.store.count();
    if (records < this.records) {
      // a new game: its log starts again
      this.seen = 0;
      this.records = records;
      return this.update();
    }
    this.records = records;
    if (fresh.length === 0) return;
    this.seen += fresh.length;
    const start = origin(app); // as the console's log: times from the game's start
    const stick = this.atBottom(this.logList);
    for (const e of fresh) add(this.logList, logText(e, start));
    const voice = this.voice;
    for (const line of spokenLines(fresh, app.settings.lang, (c) => voice.words(c), start)) add(this.callList, line);
    if (stick) this.logList.scrollTop = this.logList.scrollHeight;
    this.callList.scrollTop = this.callList.scrollHeight;
  }

  private atBottom(el: HTMLElement): boolean {
    return el.scrollHeight - el.scrollTop - el.clientHeight < 30;
  }
}

/** Where the log's times count from: the game's start (before this page's 0 when it was restored
 *  after a reload: one timeline), or the page's 0 in set-up. */
function origin(app: App): number {
  const g = app.clock.game;
  return g.phase === "setup" ? 0 : g.startedAt;
}

function add(list: HTMLOListElement, text: string): void {
  const li = document.createElement("li");
  li.textContent = text;
  list.appendChild(li);
  while (list.childElementCount > KEEP) list.removeChild(list.firstChild!);
}
