// Numeric constants written into the code that uses them. On Espruino every top-level name of the
// bundle is a variable of the global object: a `const LEAD_MS = 250` costs two jsvars for as long as
// the board runs, and each read of it is a look-up through the global object's list of names (about
// 0.5 ms), where a literal is a fraction of that. esbuild inlines a constant imported from another
// module, not one used in its own file; this does the rest, file by file, as the files are loaded.
//
// What counts: a top-level `const NAME = …` (exported or not) whose value is a number or boolean
// made of literals, + - * / % and other such constants, of the file or imported by it. It is left alone when the file
// declares the name anywhere else (a parameter or local of that name would be shadowing it) or uses
// it where a value cannot go (a shorthand `{ NAME }`, a type). Lines stay where they were: the
// source map still points at the right line.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type * as esbuild from "esbuild";
import ts from "typescript";

/** The source with its constants' uses replaced by their values; unchanged when there are none. */
export function inlineConstants(source: string, fileName: string): string {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2020, true, ts.ScriptKind.TS);
  const { values, decl } = constants(sf);
  if (values.size === 0) return source;
  // any other declaration of the name, or a use no literal can take, keeps that constant as it is
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && values.has(n.text) && !decl.has(n)) {
      const p = n.parent;
      const declares = (ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isClassDeclaration(p) ||
        ts.isBindingElement(p) || ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isFunctionExpression(p) || ts.isInterfaceDeclaration(p) ||
        ts.isTypeAliasDeclaration(p) || ts.isEnumDeclaration(p) || ts.isModuleDeclaration(p) || ts.isTypeParameterDeclaration(p)) && p.name === n;
      if (declares || ts.isShorthandPropertyAssignment(p) || ts.isTypeQueryNode(p) || ts.isExportSpecifier(p)) values.delete(n.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const edits: { start: number; end: number; text: string }[] = [];
  const refs = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && values.has(n.text) && !decl.has(n) && isValueUse(n)) edits.push({ start: n.getStart(sf), end: n.getEnd(), text: values.get(n.text)! });
    ts.forEachChild(n, refs);
  };
  refs(sf);
  let out = source;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The constants a file can use by name (its own and those it imports from a relative path), each
 *  with its value as source text, and the identifiers that declare or import them. */
function constants(sf: ts.SourceFile): { values: Map<string, string>; decl: Set<ts.Node> } {
  const values = new Map<string, string>();
  const decl = new Set<ts.Node>();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && st.moduleSpecifier.text.startsWith(".")) {
      const named = st.importClause && !st.importClause.isTypeOnly ? st.importClause.namedBindings : undefined;
      if (!named || !ts.isNamedImports(named)) continue;
      const theirs = exportedConstants(resolveImport(sf.fileName, st.moduleSpecifier.text));
      for (const sp of named.elements) {
        const v = theirs.get((sp.propertyName || sp.name).text);
        if (sp.isTypeOnly || v === undefined) continue;
        values.set(sp.name.text, v);
        decl.add(sp.name);
      }
    }
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      const v = evaluate(d.initializer, values);
      if (v === undefined) continue;
      values.set(d.name.text, typeof v === "boolean" ? String(v) : v < 0 || Object.is(v, -0) ? "(" + String(v) + ")" : String(v));
      decl.add(d.name);
    }
  }
  return { values, decl };
}

function resolveImport(from: string, spec: string): string {
  const base = join(dirname(from), spec);
  return existsSync(base + ".ts") ? base + ".ts" : join(base, "index.ts");
}

const exportsCache = new Map<string, Map<string, string>>();

/** The constants a file exports (`export const`, `export { X } from`, `export * from`) with their values. */
function exportedConstants(path: string): Map<string, string> {
  const cached = exportsCache.get(path);
  if (cached) return cached;
  const out = new Map<string, string>();
  exportsCache.set(path, out); // an import cycle finds it empty, and inlines nothing through it
  if (!existsSync(path)) return out;
  const sf = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.ES2020, true, ts.ScriptKind.TS);
  const { values } = constants(sf);
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st) && st.modifiers && st.modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && values.has(d.name.text)) out.set(d.name.text, values.get(d.name.text)!);
    }
    if (ts.isExportDeclaration(st) && !st.isTypeOnly && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const theirs = exportedConstants(resolveImport(path, st.moduleSpecifier.text));
      if (!st.exportClause) for (const [k, v] of theirs) out.set(k, v);
      else if (ts.isNamedExports(st.exportClause)) {
        for (const sp of st.exportClause.elements) {
          const v = theirs.get((sp.propertyName || sp.name).text);
          if (v !== undefined) out.set(sp.name.text, v);
        }
      }
    }
  }
  return out;
}

/** A reference to the name as a value: not a member name (`a.NAME`), a key (`{ NAME: 1 }`) nor a label. */
function isValueUse(n: ts.Identifier): boolean {
  const p = n.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === n) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p) ||
    ts.isMethodSignature(p) || ts.isEnumMember(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === n) return false;
  if ((ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) && p.label === n) return false;
  if (ts.isQualifiedName(p) || ts.isTypeReferenceNode(p) || ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) return false;
  return true;
}

/** The value of a constant expression of numbers, booleans and constants already known; else undefined. */
function evaluate(e: ts.Expression, known: Map<string, string>): number | boolean | undefined {
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) return evaluate(e.expression, known);
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isIdentifier(e)) {
    const v = known.get(e.text);
    if (v === undefined) return undefined;
    const t = v.replace(/^\((.*)\)$/, "$1");
    return t === "true" ? true : t === "false" ? false : Number(t);
  }
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken) {
    const v = evaluate(e.operand, known);
    return typeof v === "number" ? -v : undefined;
  }
  if (ts.isBinaryExpression(e)) {
    const a = evaluate(e.left, known);
    const b = evaluate(e.right, known);
    if (typeof a !== "number" || typeof b !== "number") return undefined;
    const op = e.operatorToken.kind;
    const v = op === ts.SyntaxKind.PlusToken ? a + b : op === ts.SyntaxKind.MinusToken ? a - b : op === ts.SyntaxKind.AsteriskToken ? a * b
      : op === ts.SyntaxKind.SlashToken ? a / b : op === ts.SyntaxKind.PercentToken ? a % b : undefined;
    return v !== undefined && Number.isFinite(v) ? v : undefined;
  }
  return undefined;
}

/** esbuild: the firmware's own files with their constants inlined (inlineConstants). */
export const constantsInlined: esbuild.Plugin = {
  name: "constants-inlined",
  setup(b) {
    b.onLoad({ filter: /[\\/](firmware|hw)[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      return { contents: inlineConstants(source, args.path), loader: "ts" };
    });
  },
};
