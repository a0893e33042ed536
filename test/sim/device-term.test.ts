// `--device`'s key line says what the keys do, in play and inside a menu, and the keys do that on
// the device app itself (firmware/menu.ts: LEFT previous, RIGHT next, MENU choose, MENU held back).

import { describe, it, expect } from "vitest";
import { startApp } from "../../firmware/app";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";
import { deviceScreen, finalLines, KEY_BUTTONS, PLAY_KEYS, MENU_KEYS, NEED_COLUMNS } from "../../sim/device-term";

function device() {
  const time = new VirtualTime();
  const board = new SimBoard(time, new MemoryStore());
  const app = startApp(board);
  /** A key as --device turns it into a button: down now, up after the key's hold. */
  const key = (k: string, at: number) => {
    const b = KEY_BUTTONS[k];
    time.runUntil(at);
    board.edge(b.button, true, at);
    time.runUntil(at + b.holdMs);
    board.edge(b.button, false, at + b.holdMs);
  };
  const keyLine = () => deviceScreen(board.frame, board.played, 50, false, app.menu !== null)[35];
  return { app: app, key: key, keyLine: keyLine };
}

/** The device with a game started (the set-up menu's Ready, then White's button): Black's clock runs. */
function playing() {
  const d = device();
  d.key("b", 1000); // the set-up menu
  d.key("z", 1200); // from its first item back round to its last, Ready
  d.key("b", 1400);
  d.key("m", 2000); // White's button (on the right) starts Black's clock
  return d;
}

describe("--device key line", () => {
  it("fits the display's width, in play and in a menu", () => {
    expect([...PLAY_KEYS].length).toBeLessThanOrEqual(NEED_COLUMNS);
    expect([...MENU_KEYS].length).toBeLessThanOrEqual(NEED_COLUMNS);
  });

  it("inside a menu it says what z, m, b and B do there, and they do it", () => {
    const { app, key, keyLine } = device();
    expect(keyLine()).toBe(PLAY_KEYS);
    key("b", 1000); // no game yet: the set-up menu
    expect(app.menu).not.toBeNull();
    expect(keyLine()).toBe(MENU_KEYS);
    expect(MENU_KEYS).toContain("z previous");
    expect(MENU_KEYS).toContain("m next");
    key("m", 1200);
    expect(app.menu!.item).toBe(1); // next
    key("z", 1400);
    expect(app.menu!.item).toBe(0); // previous
    expect(MENU_KEYS).toContain("b choose");
    key("b", 1600);
    expect(app.menu!.screen).not.toBe("list"); // the item chosen: its own screen
    expect(MENU_KEYS).toContain("B back, or leave the menu");
    key("B", 2000);
    expect(app.menu!.screen).toBe("list"); // back one step
    key("B", 5000);
    expect(app.menu).toBeNull(); // and out
    expect(keyLine()).toBe(PLAY_KEYS);
  });

  it("the player keys work with Caps Lock too", () => {
    expect(KEY_BUTTONS.Z).toEqual(KEY_BUTTONS.z);
    expect(KEY_BUTTONS.M).toEqual(KEY_BUTTONS.m);
  });
});

describe("--device: space, and quitting", () => {
  it("space is MENU held, as it pauses in the terminal clock: a running game pauses, and the key line says so", () => {
    const { app, key, keyLine } = playing();
    expect(app.clock.game.phase).toBe("running");
    expect(keyLine()).toContain("B or space: MENU held (pause");
    key(" ", 5000);
    expect(app.clock.game.phase).toBe("paused");
  });

  it("quitting prints both sides' times, as the terminal clock does", () => {
    const { app } = playing();
    const lines = finalLines(app, 62000);
    expect(lines[0]).toBe("Go clock (device) quit after 1:02, game running");
    expect(lines[1]).toMatch(/^B  1:59:00  main time, then 5x60s · 0 moves · 2h\+5x60s$/);
    expect(lines[2]).toMatch(/^W  2:00:00  main time, then 5x60s · 0 moves · 2h\+5x60s$/);
  });
});
