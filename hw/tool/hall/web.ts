// `goclock hall --web`: the hall's table as a web page on 127.0.0.1, by Node's own http and the
// project's esbuild (the page's script, page/main.ts, bundled when the server starts). The rows go
// to the page as Server-Sent Events as they change. Nothing else is served, and the page may load
// nothing from elsewhere (Content-Security-Policy 'self').

import { createServer, type ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { EXIT, ToolError } from "../errors";
import type { RowJson } from "./text";

export const WEB_PORT = 8739;
const PAGE = join(dirname(fileURLToPath(import.meta.url)), "page", "main.ts");

const HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'",
};

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The hall</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 15px/1.35 system-ui, sans-serif; margin: 1em; }
table { border-collapse: collapse; }
th, td { padding: 0.15em 0.7em; text-align: left; white-space: nowrap; }
th { border-bottom: 1px solid #888; }
td.board, td.battery { text-align: right; }
td.black, td.white { font-family: ui-monospace, monospace; }
td.turn { font-weight: bold; }
tr.m-flag td.marks, tr.m-forfeit td.marks, tr.m-duplicate td.marks, tr.m-firmware td.marks { color: #b00; font-weight: bold; }
tr.m-low-battery td.battery { color: #b00; }
tr.m-silent td { color: #999; }
td.address { color: #777; font-size: 85%; }
#what, #legend, #ignored { margin: 0.3em 0; }
#legend, #ignored { color: #666; }
</style></head>
<body><p id="what">listening…</p>
<table><thead><tr><th>board</th><th>black</th><th>white</th><th>turn</th><th>state</th><th>battery</th><th>marks</th><th>radio address</th></tr></thead>
<tbody id="rows"></tbody></table>
<p id="legend"></p><p id="ignored"></p>
<script src="/page.js"></script></body></html>
`;

export interface HallWeb {
  url: string;
  /** Sends rows that changed, and the ignored counts when they did, to every page open. */
  push(rows: RowJson[], ignored: Record<string, number> | null): void;
  close(): Promise<void>;
}

/** The page's script, bundled from page/main.ts. */
export async function pageScript(): Promise<string> {
  const r = await esbuild.build({ entryPoints: [PAGE], bundle: true, format: "iife", target: "es2020", minify: true, write: false, logLevel: "silent" });
  return r.outputFiles[0].text;
}

/** Serves the page on 127.0.0.1:port (0: any free port); `current` gives what a page that opens
 *  is sent first: every row and the counts. */
export async function serveHall(port: number, what: string, current: () => { rows: RowJson[]; ignored: Record<string, number> }): Promise<HallWeb> {
  const script = await pageScript();
  const pages = new Set<ServerResponse>();
  const event = (name: string, data: unknown) => "event: " + name + "\ndata: " + JSON.stringify(data) + "\n\n";
  const server = createServer((req, res) => {
    const path = (req.url || "/").split("?")[0];
    if (req.method !== "GET") return void res.writeHead(405, HEADERS).end();
    if (path === "/") return void res.writeHead(200, Object.assign({ "Content-Type": "text/html; charset=utf-8" }, HEADERS)).end(HTML);
    if (path === "/page.js") return void res.writeHead(200, Object.assign({ "Content-Type": "text/javascript; charset=utf-8" }, HEADERS)).end(script);
    if (path === "/events") {
      res.writeHead(200, Object.assign({ "Content-Type": "text/event-stream; charset=utf-8", Connection: "keep-alive" }, HEADERS));
      const c = current();
      res.write(event("hello", { what: what }) + c.rows.map((r) => event("row", r)).join("") + event("ignored", c.ignored));
      pages.add(res);
      req.on("close", () => pages.delete(res));
      return;
    }
    if (path === "/favicon.ico") return void res.writeHead(204, HEADERS).end();
    res.writeHead(404, Object.assign({ "Content-Type": "text/plain" }, HEADERS)).end("not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: Error & { code?: string }) =>
      reject(new ToolError(e.code === "EADDRINUSE" ? "port " + port + " on 127.0.0.1 is in use: another program has it (--web-port N for another, 0 for any free one)" : "cannot serve on 127.0.0.1:" + port + ": " + e.message, EXIT.port)));
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const addr = server.address();
  const url = "http://127.0.0.1:" + (addr && typeof addr === "object" ? addr.port : port) + "/";
  return {
    url: url,
    push: (rows, ignored) => {
      if (pages.size === 0 || (rows.length === 0 && !ignored)) return;
      const text = rows.map((r) => event("row", r)).join("") + (ignored ? event("ignored", ignored) : "");
      for (const p of pages) p.write(text);
    },
    close: () =>
      new Promise((resolve) => {
        for (const p of pages) p.end();
        server.close(() => resolve());
      }),
  };
}
