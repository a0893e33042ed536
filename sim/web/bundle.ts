// The page's script: sim/web/page/ and the firmware it runs, bundled for the browser with the
// project's esbuild (no framework, nothing loaded from elsewhere). Used by the server at its start
// and by `npm run build`, which prints its size.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

export const WEB_DIR = dirname(fileURLToPath(import.meta.url));
export const PAGE_ENTRY = join(WEB_DIR, "page", "main.ts");

export interface PageBundle {
  code: string;
  bytes: number;
  gzipBytes: number;
}

/** @sabaki/sgf (the SGF of the time record, hw/tool/sgf.ts) reads files with Node's fs and guesses
 *  encodings with two optional packages: the page only writes SGF text, so these are empty modules
 *  here (the library's own fallbacks then apply), and nothing of Node enters the page. */
const EMPTY = /^(fs|iconv-lite|jschardet)$/;
const noNode: esbuild.Plugin = {
  name: "no-node",
  setup(b) {
    b.onResolve({ filter: EMPTY }, (a) => ({ path: a.path, namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, (a) => ({ contents: a.path === "fs" ? "module.exports = {};" : "module.exports = null;", loader: "js" }));
  },
};

export async function bundlePage(minify = true): Promise<PageBundle> {
  const r = await esbuild.build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: minify,
    legalComments: "none",
    logLevel: "silent",
    plugins: [noNode],
  });
  const code = r.outputFiles[0].text;
  return { code: code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code).length };
}
