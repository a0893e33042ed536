// On the board the menus are a Storage file of their own (build/cold.ts), run when a menu opens and
// let go when it closes: a game holds none of their code in RAM. The built firmware on the board
// double: the menus work from their file as the desktop app's do, what they take comes back when
// they close, and a board without the file (or with a damaged one) says so and keeps the game.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ClockRig, firmware } from "../double/rig";
import { startApp } from "../../firmware/app";
import { MENU } from "../../firmware/board";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";
import { COLD, wrapCold } from "../../build/cold";

const MENUS = COLD.find((c) => c.name === "menu")!;
const wrapMenu = (code: string, map: string, inputs: Record<string, number>) => wrapCold(MENUS, code, map, inputs);

/** The display after MENU is tapped at 3 s with no game: the desktop app's frame. */
function desktopSetupMenu(): Uint8Array {
  const time = new VirtualTime();
  const board = new SimBoard(time, new MemoryStore());
  startApp(board);
  time.runUntil(3000);
  board.edge(MENU, true, 3000);
  time.runUntil(3120);
  board.edge(MENU, false, 3120);
  time.runUntil(4000);
  return board.frame;
}

describe("the menus on the board, loaded from their Storage file while a menu is open", () => {
  it("MENU shows the set-up menu exactly as the desktop app draws it", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.runUntil(3000);
    rig.tap("menu", 3000);
    rig.runUntil(4000);
    expect(Buffer.from(rig.dev.panels[0].ram).equals(Buffer.from(desktopSetupMenu()))).toBe(true);
    expect(rig.status().faults).toEqual([]);
  });

  it("a game holds none of the menus' code: what opening the menu took comes back once it closes", async () => {
    const rig = new ClockRig(await firmware()).start();
    rig.runUntil(3000);
    const before = rig.dev.jsvars(true).total;
    rig.tap("menu", 3000);
    rig.runUntil(4000);
    const open = rig.dev.jsvars(true).total;
    rig.tap("left", 4000); // Ready
    rig.tap("menu", 4500); // confirmed: the menu closes
    rig.runUntil(6000);
    const closed = rig.dev.jsvars(true).total; // before the console loads the link's code
    expect(rig.status().armed).toBe(true);
    expect(open - before).toBeGreaterThan(200); // the set-up menu's file, loaded
    expect(Math.abs(closed - before)).toBeLessThan(20);
    // and it opens again as often as asked: the arbiter's menu, a game later
    rig.press("white", 7000);
    rig.tap("menu", 8000, 2100); // held: paused
    rig.tap("menu", 11000, 2100); // held again: the arbiter's menu (its PIN first)
    rig.runUntil(14000);
    expect(rig.status().phase).toBe("paused");
    expect(rig.dev.jsvars(true).total - closed).toBeGreaterThan(100); // the arbiter's file, loaded (a room of its own, lighter than the set-up menu's)
  });

  it("without the menus' file MENU says so, the fault is reported, and a game set at the console still runs", async () => {
    const rig = new ClockRig(await firmware(), { menu: false }).start();
    rig.runUntil(3000);
    const face = Buffer.from(rig.dev.panels[0].ram);
    rig.tap("menu", 3000);
    rig.runUntil(3500);
    expect(Buffer.from(rig.dev.panels[0].ram).equals(face)).toBe(false); // the message is on the face
    expect(rig.status().faults.join()).toMatch(/^no menu file menu\.[0-9a-f]{8} \(npm run flash uploads it\)$/);
    expect(rig.console('clock.control("1m+3x30s")')).toMatch(/^ok/);
    expect(rig.console("clock.op('start')")).toMatch(/^ok/);
    rig.runUntil(10000);
    expect(rig.status().phase).toBe("running");
    // Black's clock has run since the console's start, just after 3.5 s
    expect(Math.abs(rig.status().black.mainMs - (60000 - 6500))).toBeLessThan(50);
    expect(rig.dev.errors).toEqual([]);
  });

  it("a damaged menus' file is refused the same way: nothing runs of it, nothing changes", async () => {
    const rig = new ClockRig(await firmware(), { menu: "$menus(menus(" }).start();
    rig.runUntil(3000);
    rig.tap("menu", 3000);
    rig.runUntil(3500);
    expect(rig.status().faults.join()).toMatch(/^menu file menu\.[0-9a-f]{8}: /);
    expect(rig.status().phase).toBe("setup");
    expect(rig.dev.errors).toEqual([]);
  });

  it("each menu's file holds its own screens and not the other's, and the program neither", () => {
    const program = readFileSync("dist/clock.js", "utf8");
    const setup = readFileSync("dist/menu.js", "utf8");
    const arbiter = readFileSync("dist/arbiter.js", "utf8");
    for (const text of ["Canadian overtime", "Byoyomi reserved", "China 2h(5x60s)"]) {
      expect(setup, text).toContain(text);
      expect(arbiter, text).not.toContain(text);
      expect(program, text).not.toContain(text);
    }
    for (const text of ["Proportional", "Lateness 22.1-22.4", "Yes, new game"]) {
      expect(arbiter, text).toContain(text);
      expect(setup, text).not.toContain(text);
      expect(program, text).not.toContain(text);
    }
    // both draw and take keys with what they share (a PIN screen's hint in each)
    for (const code of [setup, arbiter]) expect(code).toContain("<> digit  MENU next");
  });

  it("the arbiter's menu comes from its own file: without it the set-up menu works, and the arbiter's says why", async () => {
    const rig = new ClockRig(await firmware(), { arbiter: false }).start();
    rig.setUp("10m", 3000);
    rig.press("white", 5000); // Black's clock runs
    rig.tap("menu", 6000, 2100); // held: paused
    rig.tap("menu", 9000, 2100); // held again: the arbiter's menu, which cannot be had
    rig.runUntil(12000);
    expect(rig.status().faults.join()).toMatch(/^no arbiter file arbiter\.[0-9a-f]{8} \(npm run flash uploads it\)$/);
    expect(rig.status().phase).toBe("paused");
    expect(rig.dev.errors).toEqual([]);
    // a damaged one the same way
    const bad = new ClockRig(await firmware(), { arbiter: "$out(arbiterMenus(" }).start();
    bad.setUp("10m", 3000);
    bad.press("white", 5000);
    bad.tap("menu", 6000, 2100);
    bad.tap("menu", 9000, 2100);
    bad.runUntil(12000);
    expect(bad.status().faults.join()).toMatch(/^arbiter file arbiter\.[0-9a-f]{8}: /);
    expect(bad.dev.errors).toEqual([]);
  });

  it("the build refuses a menus' file that would hold a second copy of the rest of the firmware", () => {
    expect(() => wrapMenu("x", '{"mappings":""}', { "firmware/menu/keys.ts": 10, "firmware/core/clock.ts": 500 })).toThrow(
      /second copy of firmware\/core\/clock\.ts: import it through firmware\/menu\/shared\.ts/);
    expect(wrapMenu("x()\n", '{"mappings":"AAAA"}', { "firmware/menu/keys.ts": 10, "firmware/presets.ts": 5, "firmware/board.ts": 0 }).code).toBe("x()\n");
  });
});
