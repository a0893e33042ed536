// `npm run sim`: the browser clock served on 127.0.0.1 by Node's own http. Everything it serves is
// the project's: the page, its bundled script, and the committed voice packs. Nothing else is
// answered (no directory listing, no path outside these), and the page may load nothing from
// elsewhere (Content-Security-Policy 'self').

import { createServer, type Server } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { bundlePage, WEB_DIR } from "./bundle";
import { PACKS } from "../../firmware/voice";

export const DEFAULT_PORT = 8737;
const VOICES = join(WEB_DIR, "..", "..", "voices");

const HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'self'; img-src 'self' data:",
};

/** The files a voice pack has, from its manifest: only these are served. */
function packFiles(): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  for (const p of PACKS) {
    const manifest = join(VOICES, p.id, "manifest.json");
    if (!existsSync(manifest)) continue;
    const m = JSON.parse(readFileSync(manifest, "utf8")) as { clips: Record<string, unknown> };
    out[p.id] = new Set(["manifest.json"].concat(Object.keys(m.clips).map((c) => c + ".raw")));
  }
  return out;
}

export async function startServer(port: number): Promise<{ server: Server; url: string }> {
  const page = await bundlePage();
  const files: Record<string, [string, string | Buffer]> = {
    "/": ["text/html; charset=utf-8", readFileSync(join(WEB_DIR, "index.html"))],
    "/style.css": ["text/css; charset=utf-8", readFileSync(join(WEB_DIR, "style.css"))],
    "/page.js": ["text/javascript; charset=utf-8", page.code],
  };
  const packs = packFiles();
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url || "/").split("?")[0]);
    let body: [string, string | Buffer] | undefined = files[path];
    const m = /^\/voices\/([a-z]+)\/([A-Za-z0-9_-]+\.(raw|json))$/.exec(path);
    if (!body && m && packs[m[1]] && packs[m[1]].has(m[2])) {
      body = [m[3] === "json" ? "application/json" : "application/octet-stream", readFileSync(join(VOICES, m[1], m[2]))];
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, HEADERS).end();
    } else if (!body && path === "/favicon.ico") {
      res.writeHead(204, HEADERS).end(); // the page has no icon: an empty answer, not a 404 in the console
    } else if (!body) {
      res.writeHead(404, Object.assign({ "Content-Type": "text/plain" }, HEADERS)).end("not found\n");
    } else {
      res.writeHead(200, Object.assign({ "Content-Type": body[0] }, HEADERS)).end(req.method === "HEAD" ? undefined : body[1]);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const addr = server.address();
  const actual = typeof addr === "object" && addr ? addr.port : port;
  return { server: server, url: "http://127.0.0.1:" + actual + "/" };
}

/** Opens the address in the default browser where there is one; says so where there is none. */
export function openBrowser(url: string, done: (opened: boolean) => void): void {
  const cmd = process.platform === "darwin" ? "open" : process.platform === "win32" ? "cmd" : "xdg-open";
  const args = process.platform === "win32" ? ["/c", "start", "", url] : [url];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", () => done(false));
    child.on("exit", (code) => done(code === 0));
    child.unref();
  } catch (e) {
    done(false);
  }
}

/** `npm run sim [-- --port N] [--no-open]`: serves until interrupted. */
export async function runWeb(port: number, open: boolean): Promise<number> {
  let started;
  try {
    started = await startServer(port);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === "EADDRINUSE" ? "port " + port + " is in use: --port N for another, --port 0 for any free one" : err.message;
    process.stderr.write("cannot serve the clock: " + why + "\n");
    return 2;
  }
  process.stdout.write(started.url + "\n");
  process.stdout.write("the clock in your browser; Ctrl-C stops it. Without a browser: npm run sim -- --terminal (or --device)\n");
  if (open) openBrowser(started.url, (ok) => {
    if (!ok) process.stdout.write("no browser could be opened here: open " + started.url + " in one\n");
  });
  const stop = () => {
    started.server.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return new Promise<number>(() => {}); // serves until a signal
}
