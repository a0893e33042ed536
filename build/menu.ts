// The menus as a Storage file of their own. A game needs none of the menus' code, yet every function
// of the bundle is a few jsvars for as long as the board runs (ESPRUINO.md): about 550 for the menus.
// So the device build makes two programs:
//   the menu file "menu.<hash>": firmware/menu.ts's menus() and what it calls, the body of a function
//     of ($shared, $menus) that ends `$menus(menus())`, pretokenised like the program;
//   the program, in which firmware/menu.ts becomes a loader: loadMenus() reads the file (a string in
//     flash), makes it a function with `new Function` and calls it with what the menus take from the
//     rest of the firmware (firmware/menu/shared.ts's exports, as an array in that order). The app
//     drops what it got when the menu closes, and the next GC frees it all.
// Why new Function and not eval: Espruino's eval runs in the caller's scope, so every function the
// file defines would keep two scopes (the loader's and its own), which the interpreter stores as an
// array: 3 jsvars more a function, about 190 for the menus (measured on Espruino 2v29). A function
// new Function makes has no scope of its own: each of its functions keeps one.
// The two must agree on the property names esbuild shortens: the program is built first and its
// names are the menus' starting point (mangleCache); the menu file's name is then written into it.
// The menu file may hold no module of the rest of the firmware (it would be a second copy, in RAM
// while the menu is open): the build fails on one.

import { createHash } from "node:crypto";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SHARED = /[\\/]firmware[\\/]menu[\\/]shared\.ts$/;
const LOADER = /[\\/]firmware[\\/]menu\.ts$/;

/** What the menu file may bundle: the menus and the presets only they show. */
const MENU_OWN = /^firmware\/(menu\.ts|menu\/|presets\.ts)/;

/** The parameters of the menu file's function: the shared values, and where to hand the menus. */
export const SHARED_PARAM = "$shared";
export const MENUS_PARAM = "$menus";

/** firmware/menu/shared.ts's exports, in its order (the array the program hands over). */
export async function sharedNames(): Promise<string[]> {
  const r = await esbuild.build({
    entryPoints: [join(ROOT, "firmware/menu/shared.ts")], bundle: true, write: false, format: "esm", metafile: true, logLevel: "silent",
    external: ["Storage"],
  });
  return Object.values(r.metafile.outputs)[0].exports;
}

/** The name the program is built with, until the menu file it loads is made and named. */
export const MENU_PLACEHOLDER = "menu.00000000";

/** The menu file's name on the board: "menu." and 8 hex digits of its content. */
export function menuFileName(data: string): string {
  return "menu." + createHash("sha256").update(Buffer.from(data, "latin1")).digest("hex").slice(0, 8);
}

/** The menu file a program loads, read from its loader (null: a program without one). */
export function menuFileOf(code: string): string | null {
  const m = /"(menu\.[0-9a-f]{8})"/.exec(code);
  return m ? m[1] : null;
}

/** esbuild, for the menu file: firmware/menu/shared.ts becomes the values handed over. */
export function sharedFromProgram(names: string[]): esbuild.Plugin {
  return {
    name: "menu-shared-from-program",
    setup(b) {
      b.onLoad({ filter: SHARED }, () => ({
        contents: names.map((n, i) => "export var " + n + " = " + SHARED_PARAM + "[" + i + "];").join("\n") + "\n",
        loader: "js",
      }));
    },
  };
}

/** esbuild, for the program: firmware/menu.ts becomes loadMenus() reading the menu file `file`. */
export function menusFromFile(names: string[], file: string): esbuild.Plugin {
  const contents = `import { ${names.join(", ")} } from "./menu/shared";
export var MENU_FILE = ${JSON.stringify(file)};
export function loadMenus() {
  var src = require("Storage").read(${JSON.stringify(file)});
  if (src === undefined) return "no menu file ${file} (npm run flash uploads it)";
  var got = null;
  try {
    new Function(${JSON.stringify(SHARED_PARAM)}, ${JSON.stringify(MENUS_PARAM)}, src)([${names.join(", ")}], function (m) { got = m; });
  } catch (e) {
    return "menu file ${file}: " + (e && e.message ? e.message : e);
  }
  return got || "menu file ${file} gave no menus";
}
`;
  return {
    name: "menus-from-file",
    setup(b) {
      b.onLoad({ filter: LOADER }, () => ({ contents, loader: "js", resolveDir: join(ROOT, "firmware") }));
    },
  };
}

/** The menu file's code from the menus' bundle: the body of the function the loader makes, as it
 *  is (its source map too). Throws when the bundle holds a module that is not the menus'. */
export function wrapMenu(code: string, map: string, inputs: Record<string, number>): { code: string; map: string } {
  const foreign = Object.keys(inputs).filter((f) => inputs[f] > 0 && f !== "entry.ts" && !MENU_OWN.test(f) && !SHARED.test("/" + f));
  if (foreign.length) {
    throw new Error("the menu file would hold a second copy of " + foreign.map((f) => relative(ROOT, join(ROOT, f))).join(", ") +
      ": import it through firmware/menu/shared.ts");
  }
  return { code: code.replace(/\n*$/, "\n"), map: map };
}

/** The menus' entry: menus() handed to the loader. */
export const MENU_ENTRY = `import { menus } from "./firmware/menu";\n${MENUS_PARAM}(menus());\n`;
