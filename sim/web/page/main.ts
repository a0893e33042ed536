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
import { applyLink, tryLink, linkParams, LinkMark } from "./links";
import { Rehearsal } from "./rehearsal";
import { readLog } from "../../../firmware/record/readlog";
import { SoundBar } from "./sound";
import { GameTools, newGame, tournamentLock } from "./game";
import { Notes } from "./notes";

/** Set by a test before the page loads: the board's clock is then driven by the test. */
interface TestHook {
  virtual?: boolean;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function storage(): { store: Store; local: Storage | null; note: string } {
  try {
    const ls = window.localStorage;
    ls.setItem("goclock.probe", "1");
    ls.removeItem("goclock.probe");
    return { store: new LocalStore(ls, "goclock."), local: ls, note: "" };
  } catch (e) {
    return { store: new MemoryStore(), local: null, note: "This browser keeps no storage for the page: a reload loses the game." };
  }
}

const PHASE_WORDS: Record<string, string> = { running: "running", paused: "paused", flagged: "a flag has fallen", ended: "over" };

function boot(): void {
  const hook = (window as unknown as { __goclockTest?: TestHook }).__goclockTest;
  const display = new Display($<HTMLCanvasElement>("display"));
  const fit = () => display.fit(Math.min($("device").clientWidth - 24, 640));
  window.addEventListener("resize", fit);
  fit();
  const voice = new Voice();
  let audio: AudioContext | null = null;
  let noAudio = false;
  const notes = new Notes($("note"));

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
  let sound: SoundBar | null = null;
  let tools: GameTools | null = null;
  const shownApp = () => ((rehearsal && rehearsal.app) || app)!;
  const query = location.search;
  const mark = new LinkMark(saved.local);
  const sideNames = () => {
    const a = shownApp();
    if (!a) return;
    $("left-side").textContent = a.sideOf(LEFT) === "black" ? "Black" : "White";
    $("right-side").textContent = a.sideOf(RIGHT) === "black" ? "Black" : "White";
  };
  const show = (f: Uint8Array) => {
    display.show(f);
    panel.update();
    sideNames();
    if (app && app.clock.game.phase === "setup") setUpHere = true;
    else if (app) {
      // the link's "ready, White presses to start" is done with once the game has started
      if (linkReady) {
        linkReady = false;
        notes.clear();
      }
      // a game started on this page (not one restored at its load) is this address's game
      if (setUpHere && linkParams(query)) mark.note(app, query);
    }
    if (sound) sound.update();
    if (tools) tools.update();
    if (!firstFrameAt) firstFrameAt = performance.now();
  };
  let firstFrameAt = 0;
  let linkReady = false;
  let setUpHere = false;
  board.onShow = show;
  const live = startApp(board);
  app = live;
  const con = makeConsole(live);
  // a closed tab or a reload is the page's power cut: the running side's time is recorded to the ms
  // (here, not a method of the app: a board has no page to close, and every method is RAM there)
  window.addEventListener("pagehide", () => {
    if (live.clock.game.phase === "running") live.rec.checkpoint(live.board.now());
    live.flush();
  });
  panel.follow(live);
  panel.update(); // the first frame came before the panel followed the clock: a restored game's log now
  sound = new SoundBar(document.body, () => shownApp(), voice, () => audio, () => noAudio, saved.local);
  tools = new GameTools(live, con, shownApp, (text) => notes.show(text, "error"));
  if (saved.note) notes.show(saved.note, "error");

  // A link: applied in set-up; over a stored game (not the one this address played), offered.
  const applied = (r: { ok: boolean; text: string }) => {
    notes.show(r.text, r.ok ? "ok" : "error");
    linkReady = r.ok;
  };
  if (linkParams(query) && live.clock.game.phase === "setup") applied(applyLink(live, con, query)!);
  else if (linkParams(query) && !mark.isOwn(live, query)) {
    const trial = tryLink(live.settings, query)!;
    if (!trial.ok) notes.show(trial.text, "error");
    else {
      notes.show("A game is stored on this clock (" + (PHASE_WORDS[live.clock.game.phase] || live.clock.game.phase) + "). This link sets up a new one: " + trial.setup +
        ". Starting it erases the stored game: download its log first if it may be needed.", "ask", {
        yes: "Start the new game",
        no: "Keep the stored game",
        needsPin: () => tournamentLock(live),
        act: (pin) => {
          const why = newGame(live, con, pin);
          if (why) return why;
          // a new game locks the clock: the link's set-up goes in with the PIN given, then locked again
          if (pin !== null) con.unlock(pin);
          applied(applyLink(live, con, query)!);
          if (pin !== null) con.lock();
          return null;
        },
      });
    }
  }
  show(board.frame);

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

  const unlock = () => {
    if (noAudio) return;
    if (!audio) {
      try {
        audio = new AudioContext({ latencyHint: "interactive" });
      } catch (e) {
        noAudio = true; // no Web Audio here: the clock works, silent, and says so
        sound!.update();
        return;
      }
      voice.attach(audio);
      audio.onstatechange = () => sound!.update();
    }
    // a context a gesture could not start yet (a touch counts only at its end), or one the browser
    // suspended since: this gesture tries again
    if (audio.state !== "running") audio.resume().then(() => sound!.update(), () => sound!.update());
  };
  listen({ [LEFT]: $("left"), [RIGHT]: $("right"), [MENU]: $("menu") }, {
    edge: (b, down, t) => shown.edge(b, down, t),
    stamp: (e) => (shown === board && real ? real.stamp(e) : shown.now()),
    unlock: unlock,
  });

  // a setting changed where no frame follows (the console): the bar and the tools catch up within a second
  window.setInterval(() => {
    sound!.update();
    tools!.update();
  }, 1000);

  const loads = PACKS.map((p) => voice.load(p.id).catch((e) => notes.show("voice pack " + p.id + " not loaded: " + (e as Error).message, "error")));
  Promise.all(loads).then(() => sound!.update());

  if (hook) {
    (window as unknown as Record<string, unknown>).__goclock = {
      board: board, app: live, con: con, voice: voice, rehearsal: rehearsal, firstFrameAt: () => firstFrameAt,
      log: (from: number, n: number) => readLog(live, from, n), // the live clock's log, from its records
      advance: (ms: number) => virtual && virtual.runUntil(virtual.now() + ms),
      audio: () => audio,
    };
  }
}

boot();
