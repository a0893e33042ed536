// The page: the device firmware itself (firmware/app.ts) on the browser board, shown as the clock
// stands on the table, with the arbiter's panel beside it. This file only wires the board, the
// display, the buttons, the sound and the panel together; every decision is the firmware's.

import { startApp, type App } from "../../../firmware/app";
import { LEFT, RIGHT, MENU, type Store } from "../../../firmware/board";
import { makeConsole } from "../../../firmware/link/console";
import { PACKS } from "../../../firmware/voice";
import { MemoryStore, VirtualTime } from "../../board";
import { PageTime } from "./time";
import { LocalStore } from "./store";
import { Display } from "./display";
import { Voice, contextTimeAt } from "./audio";
import { WebBoard } from "./board";
import { listen } from "./input";
import { Panel } from "./panel";
import { applyLink } from "./links";
import { Rehearsal } from "./rehearsal";
import { readLog } from "../../../firmware/record/readlog";

/** Set by a test before the page loads: the board's clock is then driven by the test. */
interface TestHook {
  virtual?: boolean;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function storage(): { store: Store; note: string } {
  try {
    const ls = window.localStorage;
    ls.setItem("goclock.probe", "1");
    ls.removeItem("goclock.probe");
    return { store: new LocalStore(ls, "goclock."), note: "" };
  } catch (e) {
    return { store: new MemoryStore(), note: "This browser keeps no storage for the page: a reload loses the game." };
  }
}

function boot(): void {
  const hook = (window as unknown as { __goclockTest?: TestHook }).__goclockTest;
  const display = new Display($<HTMLCanvasElement>("display"));
  const fit = () => display.fit(Math.min($("device").clientWidth - 24, 640));
  window.addEventListener("resize", fit);
  fit();
  const voice = new Voice();
  let audio: AudioContext | null = null;
  let noAudio = false;

  // The live clock: real time, or the test's virtual time.
  const virtual = hook && hook.virtual ? new VirtualTime() : null;
  const real = virtual ? null : new PageTime();
  const time = virtual || real!;
  const saved = storage();
  const board = new WebBoard(time, saved.store, voice, (t) => {
    if (!audio) return null;
    return contextTimeAt(audio, virtual ? performance.now() + (t - virtual.now()) : t);
  });
  const panel = new Panel($<HTMLOListElement>("log"), $<HTMLOListElement>("calls"), voice);
  let shown: WebBoard = board;
  let app: App | null = null;
  let rehearsal: Rehearsal | null = null;
  const sideNames = () => {
    const a = (rehearsal && rehearsal.app) || app;
    if (!a) return;
    $("left-side").textContent = a.sideOf(LEFT) === "black" ? "Black" : "White";
    $("right-side").textContent = a.sideOf(RIGHT) === "black" ? "Black" : "White";
  };
  const show = (f: Uint8Array) => {
    display.show(f);
    panel.update();
    sideNames();
    // the link's "ready, White presses to start" is done with once the game has started
    if (linkReady && app && app.clock.game.phase !== "setup") {
      linkReady = false;
      $("note").hidden = true;
    }
    if (!firstFrameAt) firstFrameAt = performance.now();
  };
  let firstFrameAt = 0;
  let linkReady = false;
  board.onShow = show;
  const live = startApp(board);
  app = live;
  // a closed tab or a reload is the page's power cut: the running side's time is recorded to the ms
  window.addEventListener("pagehide", () => live.checkpointNow());
  panel.follow(live);
  panel.update(); // the first frame came before the panel followed the clock: a restored game's log now
  if (saved.note) note(saved.note, false);
  const link = applyLink(live, makeConsole(live), location.search);
  if (link) {
    note(link.text, link.ok);
    linkReady = link.ok;
    history.replaceState(null, "", location.pathname); // a reload mid-game must not try it again
  }

  rehearsal = new Rehearsal(voice, () => audio, $("rehearsal"), (b, a) => {
    // a rehearsal's board takes the display and the buttons; null gives them back to the clock
    shown.shown = false;
    shown = b || board;
    shown.shown = true;
    shown.onShow = show;
    panel.follow(a || live);
    show(shown.frame);
  });
  rehearsal.live = live;

  listen({ [LEFT]: $("left"), [RIGHT]: $("right"), [MENU]: $("menu") }, {
    edge: (b, down, t) => shown.edge(b, down, t),
    stamp: (e) => (shown === board && real ? real.stamp(e) : shown.now()),
    unlock: () => {
      if (audio || noAudio) return false;
      try {
        audio = new AudioContext({ latencyHint: "interactive" });
      } catch (e) {
        noAudio = true; // no Web Audio here: the clock works, silent, and says so
        $("sound").textContent = "This browser has no Web Audio: the clock works but says nothing.";
        return true;
      }
      voice.attach(audio);
      const update = () => {
        $("sound").hidden = audio!.state === "running";
      };
      audio.onstatechange = update;
      audio.resume().then(update, update);
      return true;
    },
  });

  for (const p of PACKS) voice.load(p.id).catch((e) => note("voice pack " + p.id + " not loaded: " + (e as Error).message, false));

  if (hook) {
    (window as unknown as Record<string, unknown>).__goclock = {
      board: board, app: live, voice: voice, rehearsal: rehearsal, firstFrameAt: () => firstFrameAt,
      log: (from: number, n: number) => readLog(live, from, n), // the live clock's log, from its records
      advance: (ms: number) => virtual && virtual.runUntil(virtual.now() + ms),
      audio: () => audio,
    };
  }
}

function note(text: string, ok: boolean): void {
  const el = $("note");
  el.textContent = text;
  el.className = ok ? "ok" : "error";
  el.hidden = false;
}

boot();
