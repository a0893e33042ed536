// The browser tests' rig: `npm run sim` started as a user starts it (a real process, any free port,
// no browser opened), and Debian's Chromium driven by playwright-core (nothing downloads a browser).

import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { WIDTH, HEIGHT, getPixel } from "../../firmware/gfx/frame";
import { startApp, type App } from "../../firmware/app";
import { SimBoard, MemoryStore, VirtualTime } from "../../sim/board";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const SHOTS = join(ROOT, "dist", "web");

export interface Sim {
  url: string;
  process: ChildProcess;
  /** ms from the spawn of `npm run sim` to its printed address. */
  startMs: number;
  spawnedAt: number;
  stop(): void;
}

export function startSim(): Promise<Sim> {
  const spawnedAt = performance.now();
  const child = spawn("npm", ["run", "--silent", "sim", "--", "--port", "0", "--no-open"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) resolve({
        url: m[0], process: child, spawnedAt: spawnedAt, startMs: performance.now() - spawnedAt,
        stop: () => {
          try {
            process.kill(-child.pid!, "SIGTERM");
          } catch (e) {
            /* already gone */
          }
        },
      });
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => reject(new Error("npm run sim exited " + code + ": " + err)));
  });
}

export interface Chrome {
  browser: Browser;
  close(): Promise<void>;
}

/** Chromium with a fresh profile (playwright gives each launch its own new --user-data-dir, and each
 *  context its own storage); nothing it does reaches the network but the sim's own address. */
export async function startChrome(): Promise<Chrome> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  return {
    browser: browser,
    close: async () => {
      await browser.close();
    },
  };
}

/** `npm run sim` and Chromium started before a file's tests (in parallel) and stopped after them. */
export function browserRig(): { sim: Sim; chrome: Chrome } {
  const r = {} as { sim: Sim; chrome: Chrome };
  beforeAll(async () => {
    [r.sim, r.chrome] = await Promise.all([startSim(), startChrome()]);
  }, 60000);
  afterAll(async () => {
    if (r.chrome) await r.chrome.close();
    if (r.sim) r.sim.stop();
  });
  return r;
}

/** A page of the clock, its test hook on; `virtual`: the board's clock moves only when the test says
 *  (advance), else it is the page's real one. */
export async function openClock(ctx: BrowserContext, url: string, virtual: boolean): Promise<Page> {
  await ctx.addInitScript("window.__goclockTest = { virtual: " + virtual + " };");
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  (page as unknown as { errors: string[] }).errors = errors;
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as any).__goclock !== undefined && (globalThis as any).__goclock.firstFrameAt() > 0);
  return page;
}

/** The canvas as 128×64 booleans, row by row ("#" lit, "." dark): the pixels the page shows. */
export async function canvasText(page: Page): Promise<string> {
  const lit: number[] = await page.evaluate(`(() => {
    const c = document.getElementById("display");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const out = [];
    for (let i = 0; i < d.length; i += 4) out.push(d[i] > 128 ? 1 : 0);
    return out;
  })()`);
  const rows: string[] = [];
  for (let y = 0; y < HEIGHT; y++) rows.push(lit.slice(y * WIDTH, (y + 1) * WIDTH).map((v) => (v ? "#" : ".")).join(""));
  return rows.join("\n");
}

export async function advance(page: Page, ms: number): Promise<void> {
  await page.evaluate("window.__goclock.advance(" + ms + ")");
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name + ".png"), fullPage: true });
}

/** The window sizes every key screen is checked and shown at: a phone and a laptop. */
export const SIZES: [number, number][] = [[390, 844], [1280, 720]];

/** A key screen as the window shows it (no scrolling) at each of SIZES, as NAME-WxH.png; the page's
 *  own size is put back after. */
export async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const was = page.viewportSize();
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"); // laid out again
    await page.screenshot({ path: join(SHOTS, name + "-" + w + "x" + h + ".png") });
  }
  if (was) await page.setViewportSize(was);
}

/** Waits until the page says the sound is on (its AudioContext runs). */
export async function soundOn(page: Page): Promise<void> {
  await page.waitForSelector("#sound[data-state=on]", { state: "attached" });
}

/** The same firmware on the desktop board, fed the same button edges at the same virtual instants:
 *  what the page must show, pixel for pixel. */
export class Mirror {
  time = new VirtualTime();
  board = new SimBoard(this.time, new MemoryStore());
  app: App;
  constructor() {
    this.app = startApp(this.board);
  }
  /** A click or a key tap: down and up at the same instant. */
  tap(button: number): void {
    this.board.edge(button, true, this.time.now());
    this.board.edge(button, false, this.time.now());
  }
  edge(button: number, down: boolean): void {
    this.board.edge(button, down, this.time.now());
  }
  advance(ms: number): void {
    this.time.runUntil(this.time.now() + ms);
  }
  text(): string {
    const rows: string[] = [];
    for (let y = 0; y < HEIGHT; y++) {
      let r = "";
      for (let x = 0; x < WIDTH; x++) r += getPixel(this.board.frame, x, y) ? "#" : ".";
      rows.push(r);
    }
    return rows.join("\n");
  }
}
