// The check of the bundle itself for what the Espruino interpreter cannot run (shared/ESPRUINO.md):
// esbuild's flags lower or refuse the syntax it knows about, but globals, methods, loop closures and
// hoisting only show in the output.

import * as acorn from "acorn";
import * as walk from "acorn-walk";


/** A construct Espruino cannot run. line and column are 1-based. */
export interface Problem {
  line: number;
  column: number;
  message: string;
  /** Set by buildFirmware: the TypeScript source position, from the source map. */
  source?: string;
}

const GLOBALS = ["Map", "Set", "WeakMap", "WeakSet", "Symbol", "Proxy", "Reflect", "BigInt", "RangeError", "globalThis"];
const STATICS = [
  "Array.from", "Array.of", "Math.trunc", "Math.hypot", "Math.imul", "Number.isInteger", "Number.EPSILON",
  "Number.MAX_SAFE_INTEGER", "Object.freeze", "Object.seal", "Object.is", "Promise.race", "Promise.allSettled",
];
const METHODS = ["flat", "flatMap", "lastIndexOf", "trimStart", "localeCompare", "finally"];
const ERRORS = ["Error", "TypeError", "SyntaxError", "ReferenceError", "RangeError", "EvalError", "URIError", "InternalError"];
/** The words Espruino's lexer makes tokens of their own (src/jslex.h, LEX_R_IF … LEX_R_OF). */
const RESERVED = ["if", "else", "do", "while", "for", "break", "continue", "function", "return", "var", "let", "const", "this", "throw", "try", "catch",
  "finally", "true", "false", "null", "undefined", "new", "in", "instanceof", "switch", "case", "default", "delete", "typeof", "void", "debugger",
  "class", "extends", "super", "static", "of"];
/** Array methods that call their callback before returning: a loop closure passed to them is safe. */
const SYNC_CALLERS = ["forEach", "map", "filter", "some", "every", "find", "findIndex", "reduce", "sort"];

type Node = acorn.AnyNode;

/**
 * What in `code` (a script, as uploaded) Espruino would reject or run differently.
 * If `modules` is given, a literal require of any other module is refused too.
 *
 * Approximations (by name, not by full scope analysis; rename to silence a false alarm):
 * - a global counts as used when no binding of that name appears anywhere in the code;
 * - loop closures: a function created in the body of `for (let/const …)` that mentions a loop
 *   variable (other than as its own parameter), unless it is called right away (IIFE) or passed
 *   straight to a synchronous array method (forEach, map, …);
 * - hoisting: in each statement list (program, function body, block), a name used by code that runs
 *   before a later function declaration of that name; calls are followed into function declarations
 *   of the same list, not into function expressions or methods.
 */
export function checkEspruino(code: string, modules?: string[]): Problem[] {
  const problems: Problem[] = [];
  const at = (n: { loc?: acorn.SourceLocation | null }, message: string) =>
    problems.push({ line: n.loc!.start.line, column: n.loc!.start.column + 1, message });

  let ast: acorn.Program;
  const privates: acorn.Token[] = [];
  try {
    ast = acorn.parse(code, {
      ecmaVersion: "latest",
      sourceType: "script",
      locations: true,
      onToken: (t) => {
        if (t.type === acorn.tokTypes.privateId) privates.push(t);
      },
    });
  } catch (e) {
    const err = e as SyntaxError & { loc?: { line: number; column: number } };
    return [{ line: err.loc?.line ?? 1, column: (err.loc?.column ?? 0) + 1, message: "does not parse as a script: " + err.message }];
  }
  for (const t of privates) at(t, "private field " + code.slice(t.start, t.end));

  const declared = bindings(ast, new Set<string>());
  // `typeof X` of a missing global is safe: it is how code tests for one.
  const typeofs = new Set<Node>();
  walk.simple(ast, { UnaryExpression: (n) => n.operator === "typeof" && typeofs.add(n.argument) });
  const isGlobal = (n: Node, name?: string): boolean =>
    n.type === "Identifier" && (name === undefined || n.name === name) && !declared.has(n.name);

  walk.simple(ast, {
    ObjectPattern: (n) => at(n, "destructuring pattern"),
    ArrayPattern: (n) => at(n, "destructuring pattern"),
    AssignmentPattern: (n) => at(n, "default value (parameter or destructuring)"),
    RestElement: (n) => at(n, "rest parameter"),
    SpreadElement: (n) => at(n, "spread ..."),
    ChainExpression: (n) => at(n, "optional chaining ?."),
    LabeledStatement: (n) => at(n, "labelled statement"),
    TaggedTemplateExpression: (n) => at(n, "tagged template"),
    PropertyDefinition: (n) => at(n, "class field left unlowered"),
    StaticBlock: (n) => at(n, "class static block"),
    ImportExpression: (n) => at(n, "dynamic import()"),
    MetaProperty: (n) => at(n, n.meta.name + "." + n.property.name),
    AwaitExpression: (n) => at(n, "await"),
    ForOfStatement: (n) => n.await && at(n, "for await"),
    Function: (n) => {
      if (n.async) at(n, "async function");
      if (n.generator) at(n, "generator function");
    },
    BinaryExpression: (n) => n.operator === "**" && at(n, "exponent operator **"),
    AssignmentExpression: (n) => {
      if (["**=", "||=", "&&=", "??="].includes(n.operator)) at(n, "assignment operator " + n.operator);
      if (n.left.type === "MemberExpression" && propName(n.left) === "length") at(n, "assigning .length throws on Espruino arrays");
    },
    Literal: (n) => {
      if (n.bigint !== undefined) at(n, "BigInt literal");
      const why = n.regex ? regexProblem(n.regex.pattern, n.regex.flags) : null;
      if (why) at(n, "regular expression /" + n.regex!.pattern + "/: " + why);
    },
    Property: (n) => n.computed && at(n, "computed object key {[k]: v}"),
    MethodDefinition: (n) => {
      if (n.computed) at(n, "computed class member name");
      // Espruino's class parser takes only a plain name (LEX_ID) or static before a member: a word its
      // lexer reserves fails to parse there (a call such as this.of() parses fine)
      else if (n.key.type === "Identifier" && RESERVED.includes(n.key.name)) at(n.key, "class member named '" + n.key.name + "': a word Espruino's lexer reserves");
    },
    Class: (n) => {
      if (n.superClass && n.superClass.type === "Identifier" && ERRORS.includes(n.superClass.name) && isGlobal(n.superClass))
        at(n, "class extends " + n.superClass.name + " (loses message on Espruino)");
    },
    Identifier: (n) => GLOBALS.includes(n.name) && isGlobal(n) && !typeofs.has(n) && at(n, n.name + " is not in Espruino"),
    MemberExpression: (n) => {
      const p = propName(n);
      if (p === null) return;
      if (n.object.type === "Identifier" && isGlobal(n.object) && STATICS.includes(n.object.name + "." + p))
        at(n, n.object.name + "." + p + " is not in Espruino");
      else if (METHODS.includes(p)) at(n.property, "." + p + " is not in Espruino");
    },
    CallExpression: (n) => {
      if (!isGlobal(n.callee, "require")) return;
      const a = n.arguments;
      if (a.length !== 1 || a[0].type !== "Literal" || typeof a[0].value !== "string") at(n, "require() without a literal module name");
      else if (modules && !modules.includes(a[0].value)) at(n, 'require("' + a[0].value + '") of a module that is not an Espruino external');
    },
  });

  loopClosures(ast, at);
  hoisting(ast, at);
  arrowThis(ast, at);
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return problems.filter((p, i) => i === 0 || p.line !== problems[i - 1].line || p.column !== problems[i - 1].column || p.message !== problems[i - 1].message);
}

/**
 * What in a regular expression Espruino's small matcher (src/jswrap_regexp.c) gets wrong, or null.
 * It knows characters, classes, escapes, `.`, `^`, `$`, `*` and `+` after one character, capture
 * groups, and `|` between whole alternatives; `?`, `{n,m}`, a quantified group or a `|` inside a
 * group silently fail to match (checked on Espruino 2v29), and only the flags g and i exist.
 */
export function regexProblem(pattern: string, flags: string): string | null {
  if (/[^gi]/.test(flags)) return "flags other than g and i";
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "?") return "? (optional, lazy or (?…)) is not supported";
    else if (c === "{") return "{n,m} counts are not supported";
    else if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      const next = pattern.charAt(i + 1);
      if (next === "*" || next === "+") return "a quantified group is not supported";
    } else if (c === "|" && depth > 0) return "| inside a group splits the whole expression";
  }
  return null;
}

/** `a.b` or `a["b"]` → "b"; any other computed access → null. */
function propName(n: acorn.MemberExpression): string | null {
  if (!n.computed && n.property.type === "Identifier") return n.property.name;
  if (n.computed && n.property.type === "Literal" && typeof n.property.value === "string") return n.property.value;
  return null;
}

/** Names bound in n (declarations, parameters, assignment targets) added to out. */
function bindings(n: acorn.Node, out: Set<string>): Set<string> {
  if (n.type === "Identifier") out.add((n as acorn.Identifier).name);
  // acorn-walk visits binding identifiers as "VariablePattern", a category its types omit.
  else walk.simple(n, { VariablePattern: (id: acorn.Identifier) => out.add(id.name) } as walk.SimpleVisitors<unknown>);
  return out;
}

/** acorn-walk's callback also takes the category to walk a node as; its types omit it. */
type Go = (node: acorn.Node, st: null, category?: string) => void;

function isFunction(n: Node): n is acorn.FunctionExpression | acorn.ArrowFunctionExpression {
  return n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression";
}

type At = (n: { loc?: acorn.SourceLocation | null }, message: string) => void;

/** Closures made in a `for (let/const …)` body that capture the loop variable. */
function loopClosures(ast: acorn.Program, at: At): void {
  const loop = (n: acorn.ForStatement | acorn.ForInStatement | acorn.ForOfStatement) => {
    const decl = n.type === "ForStatement" ? n.init : n.left;
    if (!decl || decl.type !== "VariableDeclaration" || decl.kind === "var") return;
    const names = new Set<string>();
    for (const d of decl.declarations) bindings(d.id, names);
    const inside = (fn: acorn.Function, c: Go) => walk.base.Function!(fn, null, c);
    walk.recursive(n.body, null, {
      Function(fn) {
        const params = new Set<string>();
        for (const p of fn.params) bindings(p, params);
        let hit: acorn.Identifier | null = null;
        walk.simple(fn, { Identifier: (id) => { if (!hit && names.has(id.name) && !params.has(id.name)) hit = id; } });
        if (hit) at(hit, 'closure in a for-let/const loop captures "' + (hit as acorn.Identifier).name + '" (Espruino gives every such closure the last value)');
      },
      CallExpression(call, st, cb) {
        const c = cb as Go;
        const callee = call.callee;
        const sync = isFunction(callee) ||
          (callee.type === "MemberExpression" && SYNC_CALLERS.includes(propName(callee) ?? ""));
        if (isFunction(callee)) inside(callee, c);
        else c(callee, st, "Expression");
        for (const a of call.arguments) {
          if (sync && isFunction(a)) inside(a, c);
          else c(a, st, "Expression");
        }
      },
    });
  };
  walk.simple(ast, { ForStatement: loop, ForInStatement: loop, ForOfStatement: loop });
}

/**
 * `this` inside an arrow function. Espruino 2v29 trips over such an arrow when it skips it unrun (a
 * false `if` without braces, `a && …`, the other branch of `?:`, all of which the minifier makes):
 * "ASSERT(jsvHasChildren(obj)) FAILED" (checked on its Linux build). Use `const self = this`.
 */
function arrowThis(ast: acorn.Program, at: At): void {
  walk.ancestor(ast, {
    ThisExpression(n, _st, ancestors) {
      for (let i = ancestors.length - 2; i >= 0; i--) {
        const a = ancestors[i] as Node;
        if (a.type === "ArrowFunctionExpression") return at(n, "`this` in an arrow function (Espruino fails when it skips one unrun): use a `self` variable");
        if (a.type === "FunctionExpression" || a.type === "FunctionDeclaration") return;
      }
    },
  });
}

interface Use {
  name: string;
  node: acorn.Identifier;
  called: boolean;
}

/** Names that code uses as it runs, not counting bodies of functions it only creates. */
function immediateUses(n: acorn.Node): Use[] {
  const uses: Use[] = [];
  walk.recursive(n, null, {
    Function() {},
    Class(cl, st, c) {
      if (cl.superClass) (c as Go)(cl.superClass, st, "Expression");
    },
    Identifier(id) {
      uses.push({ name: id.name, node: id, called: false });
    },
    CallExpression(call, st, cb) {
      const c = cb as Go;
      const callee = call.callee;
      if (isFunction(callee)) c(callee.body, st, callee.body.type === "BlockStatement" ? "Statement" : "Expression");
      else if (callee.type === "Identifier") uses.push({ name: callee.name, node: callee, called: true });
      else c(callee, st, "Expression");
      for (const a of call.arguments) c(a, st, "Expression");
    },
  });
  return uses;
}

/** Uses of function declarations that run before the declaration (Espruino does not hoist). */
function hoisting(ast: acorn.Program, at: At): void {
  const list = (body: (acorn.Statement | acorn.ModuleDeclaration)[]) => {
    const index = new Map<string, number>();
    body.forEach((s, i) => s.type === "FunctionDeclaration" && index.set(s.id.name, i));
    if (index.size === 0) return;
    const usesOf = new Map<number, Use[]>();
    const bodyUses = (j: number) => {
      if (!usesOf.has(j)) usesOf.set(j, immediateUses((body[j] as acorn.FunctionDeclaration).body));
      return usesOf.get(j)!;
    };
    body.forEach((s, i) => {
      if (s.type === "FunctionDeclaration") return;
      for (const u of immediateUses(s)) {
        // Follow calls into declarations already made, looking for one not yet made.
        const seen = new Set<number>();
        const follow = (use: Use, via: string): void => {
          const j = index.get(use.name);
          if (j === undefined) return;
          if (j > i) {
            at(u.node, use.name + " is used before its function declaration" + via + " (Espruino does not hoist)");
            return;
          }
          if (!use.called || seen.has(j)) return;
          seen.add(j);
          for (const v of bodyUses(j)) follow(v, via + (via ? ", " : " via ") + use.name + "()");
        };
        follow(u, "");
      }
    });
  };
  list(ast.body);
  walk.simple(ast, { BlockStatement: (b) => list(b.body) });
}
