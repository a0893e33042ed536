// goclock hall as an arbiter types it: a bad command line refused, Bluetooth without an adapter said
// plainly (where this machine has none), the table on a pipe, and --web: the page, its script and the
// rows as Server-Sent Events, on 127.0.0.1, nothing else served.

import { describe, it, expect } from "vitest";
import { createRequire } from "node:module";
import { request } from "node:http";
import { goclock } from "./tool-pty";
import { HallProcess, SimHall, airPort } from "./hall-rig";

/** Whether noble cannot start here (no Bluetooth in the kernel, no adapter): the usual CI machine. */
function noBluetooth(): boolean {
  try {
    createRequire(import.meta.url)("@abandonware/noble");
    return false;
  } catch {
    return true;
  }
}

function get(url: string, method = "GET", until?: (body: string) => boolean): Promise<{ status: number; type: string; csp: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: method }, (res) => {
      let body = "";
      const done = () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), csp: String(res.headers["content-security-policy"] ?? ""), body: body });
      res.on("data", (d: Buffer) => {
        body += d.toString();
        if (until && until(body)) {
          done();
          req.destroy();
        }
      });
      res.on("end", done);
    });
    req.on("error", (e) => (until ? undefined : reject(e)));
    req.end();
  });
}

describe("goclock hall on the command line", { timeout: 120000 }, () => {
  it("refuses a bad command line, and changes nothing", async () => {
    const cases: [string[], string][] = [
      [["--air-port", "5000"], "--air-port is for --air (the loopback's air)"],
      [["--web-port", "0"], "--web-port is for --web"],
      [["--air", "--silent", "0"], "--silent takes a whole number from 1 to 3600, not '0'"],
      [["--air", "--air-port", "70000"], "--air-port takes a whole number from 1 to 65535, not '70000'"],
      [["--air", "--expect", "/nonexistent-build"], "--build /nonexistent-build: "],
    ];
    for (const [args, text] of cases) {
      const r = await goclock(["hall"].concat(args));
      expect([args.join(" "), r.code]).toEqual([args.join(" "), 2]);
      expect(r.stderr).toContain(text);
    }
  });

  it.runIf(noBluetooth())("without a Bluetooth adapter: says so plainly and exits with status 5", async () => {
    const r = await goclock(["hall"]);
    expect([r.code, r.stderr.trim()]).toEqual([5, "goclock hall: no Bluetooth adapter on this machine (goclock hall --air listens to simulated clocks instead)"]);
    const j = await goclock(["hall", "--json"]);
    expect(JSON.parse(j.stdout)).toEqual({ error: "no Bluetooth adapter on this machine (goclock hall --air listens to simulated clocks instead)", exit: 5 });
  });

  it("on a pipe: the table, printed again when it changed; Ctrl-C stops it", async () => {
    const port = airPort();
    const air = await SimHall.open(port);
    const { spawn } = await import("node:child_process");
    const { join, dirname } = await import("node:path");
    const { fileURLToPath } = await import("node:url");
    const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
    const child = spawn(process.execPath, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, "hw", "tool", "cli.ts"), "hall", "--air", "--air-port", String(port)], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    while (err.indexOf("listening") < 0) await new Promise((r) => setTimeout(r, 50));
    const c = air.add(4, { control: "90m" });
    air.start(c);
    for (let i = 0; i < 40 && out.indexOf("    4  ") < 0; i++) await new Promise((r) => setTimeout(r, 100));
    child.kill("SIGINT");
    const code = await new Promise((r) => child.on("close", r));
    air.close();
    expect(code).toBe(0);
    expect(err).toContain("goclock hall: listening to the loopback's air (UDP 239.255.21.21:" + port + " on 127.0.0.1) (Ctrl-C to stop)");
    const table = out.split("\n\n")[0].split("\n");
    expect(table.slice(0, 2)).toEqual([
      "1 clock on the loopback's air (UDP 239.255.21.21:" + port + " on 127.0.0.1) (OT overtime, p periods, mv moves left; F flag, L lost by lateness, A absent)",
      "board  black             white             turn  state     batt  marks",
    ]);
    expect(table[2]).toBe("    4  1:30:00           1:30:00           B     running    80%");
    expect(err).toMatch(/goclock hall: 1 clocks heard, \d+ advertisements, 0 ignored/);
  });

  it("--web: the page, its script and the rows as they change, on 127.0.0.1 only", async () => {
    const port = airPort();
    const hall = new HallProcess(["--air-port", String(port), "--web", "--web-port", "0"]);
    await hall.until(() => hall.listening !== null, 60000, "that it listens");
    const url = String(hall.listening!.web);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const air = await SimHall.open(port);
    const c = air.add(9, { control: "10m" });
    await hall.until(() => hall.rows.size === 1, 20000, "the clock");
    const page = await get(url);
    expect([page.status, page.type]).toEqual([200, "text/html; charset=utf-8"]);
    expect(page.csp).toContain("default-src 'self'");
    expect(page.body).toContain('<script src="/page.js"></script>');
    const script = await get(url + "page.js");
    expect([script.status, script.type]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect(script.body).toContain("EventSource");
    const events = await get(url + "events", "GET", (b) => b.indexOf("event: row") >= 0 && b.indexOf("event: ignored") >= 0);
    expect(events.type).toBe("text/event-stream; charset=utf-8");
    const row = JSON.parse(/event: row\ndata: (.*)\n/.exec(events.body)![1]);
    expect(row).toMatchObject({ board: 9, address: c.radio.address, phase: "setup", black: { s: 600 } });
    expect((await get(url + "nothing")).status).toBe(404);
    expect((await get(url, "POST")).status).toBe(405);
    air.close();
    expect(await hall.stop()).toBe(0);
  });
});
