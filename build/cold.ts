// Cold code as Storage files of their own. Every function of the program is a few jsvars for as long
// as the board runs (ESPRUINO.md), yet some code runs only now and then: the menus (about 550 jsvars,
// while a menu is open) and the link's code, the protocol's requests and the console API (while a
// line speaks or the console is called). So the device build makes, beside the program, one file for
// each (COLD):
//   the cold file "<name>.<hash>": its module's factory and what it calls, the body of a function of
//     ($shared, $out) that ends `$out(<factory>())`, pretokenised like the program;
//   the program, in which that module becomes a loader: load() reads the file (a string in flash),
//     makes it a function with `new Function` and calls it with what the code takes from the rest of
//     the firmware (the shared module's exports, as an array in that order). The caller drops what it
//     got when done, and the next GC frees it all.
// Why new Function and not eval: Espruino's eval runs in the caller's scope, so every function the
// file defines would keep two scopes (the loader's and its own), which the interpreter stores as an
// array: 3 jsvars more a function, about 190 for the menus (measured on Espruino 2v29). A function
// new Function makes has no scope of its own: each of its functions keeps one. Cold code must make
// no closure that outlives its use: one would keep the whole file's functions alive.
// The program and its cold files must agree on the property names esbuild shortens: the program is
// built first and its names are the cold files' starting point (mangleCache); each file's name is
// then written into the program. A cold file may hold no module of the rest of the firmware (it would
// be a second copy, in RAM while it is loaded): the build fails on one.

import { createHash } from "node:crypto";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface Cold {
  /** The Storage file's name before its hash, and the word a fault says ("menu file menu.1a2b3c4d"). */
  name: string;
  /** What the file gives, for a fault ("gave no menus"), and when it is loaded (npm run build says). */
  gives: string;
  when: string;
  /** The module the program loads it through (firmware/menu.ts): in the program its exports become
   *  FILE (the file's name) and LOAD(); elsewhere LOAD() returns FACTORY() itself. */
  loader: string;
  factory: string;
  /** The module the file's factory is in, when not the loader. */
  entry?: string;
  load: string;
  file: string;
  /** The module of what the code takes from the rest of the firmware (handed over as $shared). */
  shared: string;
  /** The modules the file may hold (paths from the repository's root). */
  own: RegExp;
}

export const COLD: Cold[] = [
  {
    // each menu a file of its own, holding its own screens and what both share (menu/*.ts)
    name: "menu", gives: "menus", when: "while the set-up menu is open", loader: "firmware/menu.ts", factory: "setupMenus", entry: "firmware/menu/setup.ts",
    load: "loadMenus", file: "MENU_FILE", shared: "firmware/menu/shared.ts", own: /^firmware\/(menu\/|presets\.ts|packs\.ts)/,
  },
  {
    name: "arbiter", gives: "arbiter's menu", when: "while the arbiter's menu is open", loader: "firmware/menu/arbiter.ts", factory: "arbiterMenus", load: "loadArbiter",
    file: "ARBITER_FILE", shared: "firmware/menu/shared.ts", own: /^firmware\/(menu\/|packs\.ts)/,
  },
  {
    name: "link", gives: "link code", when: "while a line speaks or the console is called", loader: "firmware/link.ts", factory: "linkCode", load: "loadLink", file: "LINK_FILE",
    shared: "firmware/link/shared.ts", own: /^firmware\/(link\.ts|link\/|record\/valid\.ts|packs\.ts)/,
  },
  {
    // the link's read requests alone (hello, status, a page of records): what the tool asks most,
    // answered without the whole link's code (firmware/link/reads.ts)
    name: "reads", gives: "read requests' code", when: "for hello, status and a page of records", loader: "firmware/link/reads.ts", factory: "readsCode", load: "loadReads", file: "READS_FILE",
    shared: "firmware/link/shared.ts", own: /^firmware\/(link\/(reads|frame|status)\.ts|record\/valid\.ts)/,
  },
  {
    // reading the settings back and a power cut's game: once, at power-on (decodeSettings and
    // restore, with the helpers of settings.ts and persist.ts they call: a copy of a few of them is in
    // RAM beside the program's only while the app starts)
    name: "boot", gives: "power-on code", when: "once at power-on", loader: "firmware/record/boot.ts", factory: "bootCode", load: "loadBoot", file: "BOOT_FILE",
    shared: "firmware/record/boot/shared.ts", own: /^firmware\/(record\/(boot\.ts|settings\.ts|persist\.ts|valid\.ts)|packs\.ts)/,
  },
];

/** The parameters of a cold file's function: the shared values, and where to hand its object (names
 *  of at most four characters: each is a jsvar while the file is loaded, a longer name two). */
export const SHARED_PARAM = "$sh";
export const OUT_PARAM = "$out";

function pattern(path: string): RegExp {
  return new RegExp("[\\\\/]" + path.replace(/\//g, "[\\\\/]").replace(/\./g, "\\.") + "$");
}

/** The shared module's exports, in its order (the array the program hands over). */
export async function sharedNames(c: Cold): Promise<string[]> {
  const r = await esbuild.build({
    entryPoints: [join(ROOT, c.shared)], bundle: true, write: false, format: "esm", metafile: true, logLevel: "silent",
    external: ["Storage"],
  });
  return Object.values(r.metafile.outputs)[0].exports;
}

/** The name the program is built with, until the cold file it loads is made and named. */
export function placeholder(c: Cold): string {
  return c.name + ".00000000";
}

/** A cold file's name on the board: its name and 8 hex digits of its content. */
export function coldFileName(c: Cold, data: string): string {
  return c.name + "." + createHash("sha256").update(Buffer.from(data, "latin1")).digest("hex").slice(0, 8);
}

/** The cold file of this kind a program loads, read from its loader (null: a program without one). */
export function coldFileOf(c: Cold, code: string): string | null {
  const m = new RegExp('"(' + c.name + '\\.[0-9a-f]{8})"').exec(code);
  return m ? m[1] : null;
}

/** esbuild, for a cold file: its shared module becomes the values handed over. Each value is a
 *  module of its own without side effects, so the file holds a variable for those its code uses
 *  alone (a name the file carries is a jsvar for as long as it is loaded; the set-up menu's used 13
 *  of 16). */
export function sharedFromProgram(c: Cold, names: string[]): esbuild.Plugin {
  return {
    name: "cold-shared-from-program",
    setup(b) {
      b.onLoad({ filter: pattern(c.shared) }, () => ({
        contents: names.map((n, i) => "export { " + n + " } from \"cold-shared:" + i + "\";").join("\n") + "\n",
        loader: "js",
      }));
      b.onResolve({ filter: /^cold-shared:\d+$/ }, (a) => ({ path: a.path, namespace: "cold-shared", sideEffects: false }));
      b.onLoad({ filter: /.*/, namespace: "cold-shared" }, (a) => {
        const i = +a.path.slice(a.path.indexOf(":") + 1);
        return { contents: "export var " + names[i] + " = " + SHARED_PARAM + "[" + i + "];\n", loader: "js" };
      });
    },
  };
}

/** esbuild, for the program: each cold module becomes a loader reading its file (`files`, by name;
 *  the placeholder until the file is made). */
export function coldFromFiles(cold: { c: Cold; names: string[] }[]): esbuild.Plugin {
  return {
    name: "cold-from-files",
    setup(b) {
      for (const { c, names } of cold) {
        const file = placeholder(c);
        const shared = "./" + relative(dirname(c.loader), c.shared).replace(/\.ts$/, "");
        const contents = `import { ${names.join(", ")} } from ${JSON.stringify(shared)};
export var ${c.file} = ${JSON.stringify(file)};
export function ${c.load}() {
  var src = require("Storage").read(${JSON.stringify(file)});
  if (src === undefined) return "no ${c.name} file ${file} (npm run flash uploads it)";
  var got = null;
  try {
    new Function(${JSON.stringify(SHARED_PARAM)}, ${JSON.stringify(OUT_PARAM)}, src)([${names.join(", ")}], function (m) { got = m; });
  } catch (e) {
    return "${c.name} file ${file}: " + (e && e.message ? e.message : e);
  }
  return got || "${c.name} file ${file} gave no ${c.gives}";
}
`;
        b.onLoad({ filter: pattern(c.loader) }, () => ({ contents, loader: "js", resolveDir: join(ROOT, dirname(c.loader)) }));
      }
    },
  };
}

/** A cold file's code from its bundle: the body of the function the loader makes, as it is (its
 *  source map too). Throws when the bundle holds a module that is not its own. */
export function wrapCold(c: Cold, code: string, map: string, inputs: Record<string, number>): { code: string; map: string } {
  const foreign = Object.keys(inputs).filter((f) => inputs[f] > 0 && f !== "entry.ts" && !f.startsWith("cold-shared:") && !c.own.test(f) && !pattern(c.shared).test("/" + f));
  if (foreign.length) {
    throw new Error("the " + c.name + " file would hold a second copy of " + foreign.map((f) => relative(ROOT, join(ROOT, f))).join(", ") +
      ": import it through " + c.shared);
  }
  return { code: letGoOfFactory(code).replace(/\n*$/, "\n"), map: map };
}

/** The file's code with its factory let go once it has made the object: a function of the file is
 *  about five jsvars for as long as the object is held, and the factory runs once. Only when the
 *  code names it nowhere else (its declaration and the entry's call). */
function letGoOfFactory(code: string): string {
  const call = new RegExp("\\" + OUT_PARAM + "\\(([\\w$]+)\\(\\)\\);").exec(code);
  if (!call) return code;
  const name = call[1];
  const uses = code.split(new RegExp("(?<![\\w$.])" + name.replace(/\$/g, "\\$") + "(?![\\w$])")).length - 1;
  return uses === 2 ? code.replace(call[0], call[0] + name + "=void 0;") : code;
}

/** A cold file's entry: its factory's object handed to the loader; then the file's scope, which its
 *  functions keep while they are held, lets go of the shared values' array (each value has its own
 *  variable by then: one jsvar and a name each, 18 for the menus') and of the loader's callback. */
export function coldEntry(c: Cold): string {
  return `import { ${c.factory} } from "./${(c.entry ?? c.loader).replace(/\.ts$/, "")}";\n${OUT_PARAM}(${c.factory}());\n${SHARED_PARAM} = ${OUT_PARAM} = void 0;\n`;
}
