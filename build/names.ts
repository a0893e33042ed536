// Shorter property names: the firmware's own (`.lateLimitMs`) cost the bundle about 8%. esbuild's
// mangleProps renames by name, not by type: which names may change is worked out here from the
// TypeScript source, and checkRenames looks at the bundle for a rename that broke something.

import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as acorn from "acorn";
import * as walk from "acorn-walk";
import ts from "typescript";
import type { Problem } from "./check";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");


/** Interfaces the world outside the bundle reads or stores: their member names stay. The console
 *  API, the settings JSON on flash, and the link's protocol (firmware/link/protocol.ts: what the desktop
 *  tool sends and reads). */
export const PUBLIC_TYPES = ["ClockConsole", "Settings", "Request", "Reply", "Hello", "LogPage", "RecordPage"];

/** Interfaces the world reads, whose names the core also uses for itself (`phase`, `mainMs`: kept in
 *  full everywhere, they cost the bundle kilobytes). Their objects are made in one place each (clock.status() in
 *  firmware/link/console.ts, a log entry in firmware/link/protocol.ts) with quoted keys, which esbuild leaves
 *  alone, while the same names elsewhere are shortened. The build fails on a member of one of them
 *  written unquoted in the firmware (propNames). */
export const QUOTED_TYPES = ["ClockStatus", "SideStatus", "LateStatus", "LogItem", "LogSide"];

/** Where the JavaScript and Espruino member names come from. */
const LIBS = ["node_modules/typescript/lib/lib.es5.d.ts", "node_modules/typescript/lib/lib.es2015.core.d.ts",
  "node_modules/typescript/lib/lib.es2017.object.d.ts", "node_modules/typescript/lib/lib.es2017.string.d.ts", "hw/espruino.d.ts"];

function isMember(n: ts.Node): n is ts.NamedDeclaration & { name: ts.Identifier } {
  return (ts.isPropertySignature(n) || ts.isPropertyDeclaration(n) || ts.isMethodSignature(n) || ts.isMethodDeclaration(n) ||
    ts.isGetAccessor(n) || ts.isSetAccessor(n)) && n.name !== undefined && ts.isIdentifier(n.name);
}

/**
 * The property names the firmware declares for itself (interface and class members in firmware/
 * and hw/), as a pattern for esbuild's mangleProps. Left out, so they keep their names:
 * - members of PUBLIC_TYPES (the console API, the status it answers, the settings JSON on flash);
 * - names the JavaScript or Espruino libraries declare (`.length`, `.read`, `.time`): esbuild
 *   renames by name, not by type, so `store.read` would take `Storage.read` with it;
 * - names used as a computed key: `game[side]` reads `game.black` by the string "black"; and
 *   names tested with `in` ("side" in op).
 */
export function privateProps(): RegExp {
  const { declared, kept } = propNames();
  const names = [...declared].filter((n) => !kept.has(n)).sort();
  return new RegExp("^(" + names.join("|") + ")$");
}

/** The names the world outside reads by name: members of PUBLIC_TYPES, and the exports of a module
 *  imported as a namespace (`G.start` is looked up by the export's own name). */
export function publicNames(): Set<string> {
  return propNames().public;
}

/** The members of QUOTED_TYPES: written in full in the bundle (as keys), shortened elsewhere. */
export function quotedNames(): Set<string> {
  return propNames().quoted;
}

type Names = { declared: Set<string>; kept: Set<string>; public: Set<string>; quoted: Set<string> };
let namesCache: Names | null = null;

function propNames(): Names {
  if (namesCache) return namesCache;
  const files = [...ts.sys.readDirectory(join(ROOT, "firmware"), [".ts"]), ...ts.sys.readDirectory(join(ROOT, "hw"), [".ts"])]
    .filter((f) => !f.endsWith(".d.ts") && !f.endsWith("/flash.ts") && !f.endsWith("/fingerprint.ts") && f.indexOf("/hw/tool/") < 0); // the desktop side of hw/
  const program = ts.createProgram(files.concat(join(ROOT, "hw/espruino.d.ts")), { noEmit: true, types: [], lib: ["lib.es2017.d.ts"] });
  const checker = program.getTypeChecker();
  const declared = new Set<string>();
  const kept = new Set<string>();
  const pub = new Set<string>();
  const quoted = new Set<string>();
  const isQuotedType = (t: ts.Type): boolean => (t.isUnion() ? t.types : [t]).some((u) => !!u.symbol && QUOTED_TYPES.includes(u.symbol.name));
  const quotedMember = (sym: ts.Symbol | undefined): boolean =>
    !!sym && (sym.declarations ?? []).some((d) => ts.isInterfaceDeclaration(d.parent) && QUOTED_TYPES.includes(d.parent.name.text));
  const unquoted = (f: string, n: ts.Node, name: string): Error => {
    const at = program.getSourceFile(f)!.getLineAndCharacterOfPosition(n.getStart());
    return new Error(relative(ROOT, f) + ":" + (at.line + 1) + ": " + name + " is a member of a QUOTED_TYPES interface (build/names.ts): write it quoted, as the world reads it in full");
  };
  for (const f of LIBS) {
    const visit = (n: ts.Node) => {
      if (isMember(n)) kept.add(n.name.text);
      ts.forEachChild(n, visit);
    };
    visit(ts.createSourceFile(f, ts.sys.readFile(join(ROOT, f))!, ts.ScriptTarget.ES2020, true));
  }
  for (const f of files) {
    const visit = (n: ts.Node, isPublic: boolean) => {
      if (ts.isInterfaceDeclaration(n) && PUBLIC_TYPES.includes(n.name.text)) isPublic = true;
      if (isMember(n)) {
        (isPublic ? kept : declared).add(n.name.text);
        if (isPublic) pub.add(n.name.text);
        if (ts.isInterfaceDeclaration(n.parent) && QUOTED_TYPES.includes(n.parent.name.text)) quoted.add(n.name.text);
      }
      if (ts.isPropertyAccessExpression(n) && quotedMember(checker.getSymbolAtLocation(n.name))) throw unquoted(f, n, n.name.text);
      if (ts.isObjectLiteralExpression(n) && isQuotedType(checker.getContextualType(n) ?? checker.getTypeAtLocation(n))) {
        for (const p of n.properties) if (p.name && !ts.isStringLiteral(p.name)) throw unquoted(f, p, p.name.getText());
      }
      if (ts.isImportDeclaration(n) && n.importClause?.namedBindings && ts.isNamespaceImport(n.importClause.namedBindings)) {
        const mod = checker.getSymbolAtLocation(n.moduleSpecifier);
        for (const e of mod ? checker.getExportsOfModule(mod) : []) {
          kept.add(e.name);
          pub.add(e.name);
        }
      }
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InKeyword && ts.isStringLiteral(n.left)) kept.add(n.left.text);
      if (ts.isElementAccessExpression(n)) {
        const t = checker.getTypeAtLocation(n.argumentExpression);
        for (const u of t.isUnion() ? t.types : [t]) {
          if (u.isStringLiteral()) kept.add(u.value);
          else if (u.flags & ts.TypeFlags.String && !checker.getIndexInfoOfType(checker.getTypeAtLocation(n.expression), ts.IndexKind.String)) {
            const at = program.getSourceFile(f)!.getLineAndCharacterOfPosition(n.getStart());
            throw new Error(relative(ROOT, f) + ":" + (at.line + 1) + ": " + n.getText() + " reads a member by any string: the build cannot tell which names to keep");
          }
        }
      }
      ts.forEachChild(n, (c) => visit(c, isPublic));
    };
    visit(program.getSourceFile(f)!, false);
  }
  namesCache = { declared, kept, public: pub, quoted };
  return namesCache;
}

/**
 * What the shortening broke: a public name renamed (the tool or the console would look it up in
 * vain), or a renamed name still written in full somewhere in the bundle (a key or member esbuild
 * made itself, such as a namespace's exports: `G.start` shortened to `G.Pe`, the export still
 * `start`, was "Function Pe not found" on the board).
 */
export function checkRenames(code: string, renamed: Record<string, string>, pub: Set<string>, quoted = new Set<string>()): Problem[] {
  const problems: Problem[] = [];
  for (const name of Object.keys(renamed)) {
    if (pub.has(name)) problems.push({ line: 1, column: 1, message: "the public name " + name + " was shortened to " + renamed[name] + " (build.ts, PUBLIC_TYPES)" });
  }
  const ast = acorn.parse(code, { ecmaVersion: "latest", sourceType: "script", locations: true });
  // a short name in the bundle may be what another name became: only a name nothing became counts
  const seen = new Set<string>(Object.values(renamed));
  const full = (n: acorn.Node, name: string, what: string) => {
    if (!Object.prototype.hasOwnProperty.call(renamed, name) || seen.has(name) || quoted.has(name)) return;
    seen.add(name);
    problems.push({ line: n.loc!.start.line, column: n.loc!.start.column + 1, message: what + " " + name + " is left in full, elsewhere shortened to " + renamed[name] + ": both must be one name" });
  };
  walk.simple(ast, {
    MemberExpression: (n) => {
      if (!n.computed && n.property.type === "Identifier") full(n.property, n.property.name, "the member");
    },
    Property: (n) => {
      if (!n.computed && n.key.type === "Identifier") full(n.key, n.key.name, "the key");
    },
    MethodDefinition: (n) => {
      if (!n.computed && n.key.type === "Identifier") full(n.key, n.key.name, "the method");
    },
  });
  return problems;
}
