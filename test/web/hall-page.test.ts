// `goclock hall --web` in Chromium: the page shows every clock of the hall by board number, as the
// table on the terminal says it, and follows them live (a move, a clock gone silent); it loads
// nothing but its own address.

import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startChrome, shot, type Chrome } from "./harness";
import { HallProcess, SimHall, airPort, type SimClock } from "../tool/hall-rig";
import { rowText } from "../../hw/tool/hall/table";

let chrome: Chrome;
let hall: HallProcess;
let air: SimHall;
const port = airPort();

beforeAll(async () => {
  hall = new HallProcess(["--air-port", String(port), "--web", "--web-port", "0", "--silent", "3"]);
  [chrome] = await Promise.all([startChrome(), hall.until(() => hall.listening !== null, 60000, "that it listens")]);
  air = await SimHall.open(port);
}, 90000);

afterAll(async () => {
  if (air) air.close();
  if (chrome) await chrome.close();
  if (hall) await hall.stop();
});

describe("the hall's web page", { timeout: 120000 }, () => {
  it("every clock by board number, as the terminal's table says it, live; nothing fetched from elsewhere", async () => {
    const clocks: SimClock[] = [];
    for (const [board, control] of [[12, "1h+5x60s"], [3, "90m"], [7, "5x10s"]] as const) {
      const c = air.add(board, { control: control });
      air.start(c);
      clocks.push(c);
    }
    // the page forbids eval (its CSP): the test's own probes are let through, nothing else changes
    const ctx = await chrome.browser.newContext({ bypassCSP: true });
    const page = await ctx.newPage();
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(String(hall.listening!.web))) elsewhere.push(r.url());
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(String(hall.listening!.web));
    // (the page's DOM read by expressions: the test's own types have no DOM)
    const boards = () => page.evaluate("Array.from(document.querySelectorAll('#rows tr')).map((tr) => tr.dataset.board)");
    await page.waitForFunction("document.querySelectorAll('#rows tr').length === 3");
    expect(await boards()).toEqual(["3", "7", "12"]);
    // Black of board 12 moves 40 s into the game: the page follows
    air.runUntil(40000);
    air.press(clocks[0], "black");
    const address = clocks[0].radio.address;
    await hall.until(() => hall.rows.get(address)!.toMove === "white", 20000, "board 12's move");
    await page.waitForFunction("(() => { const tr = document.querySelector('#rows tr[data-address=\"" + address + "\"]'); return !!tr && tr.querySelector('.to-move').textContent === 'W'; })()");
    const cells = (await page.evaluate("Array.from(document.querySelectorAll('#rows tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent))")) as string[][];
    const rows = Array.from(hall.rows.values()).sort((a, b) => a.board - b.board);
    // the same words as the terminal's table, cell for cell
    expect(cells.map((c) => c.slice(0, 7).join(" ").replace(/ +/g, " ").trim())).toEqual(rows.map((r) => rowText(r, Date.now()).replace(/ +/g, " ").trim()));
    expect(cells[2][1]).toBe("59:20 5p"); // Black's, after 40 s
    expect(cells[2][2]).toBe("1:00:00 5p");
    expect(await page.$eval('#rows tr[data-board="12"] td.white', (td) => td.className)).toBe("white turn");
    await shot(page, "hall");
    // board 3's clock goes quiet: marked silent on the page within the hall's 3 s
    clocks[1].radio.stop();
    await page.waitForFunction("(() => { const tr = document.querySelector('#rows tr[data-board=\"3\"]'); return !!tr && tr.classList.contains('m-silent') && /^silent \\d+s$/.test(tr.querySelector('.marks').textContent); })()", undefined, { timeout: 20000 });
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await ctx.close();
  });
});
