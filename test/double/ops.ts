// An instrumented copy of the bundle that counts what Espruino's interpreter would do running it.
// Espruino executes the source text itself (src/jsparse.c): a function call lexes the whole body
// once (executed statements, and skipped blocks token by token: jspeSkipBlock), every loop pass
// lexes the loop again, and each name is looked up by a linear walk of its scope (the global scope
// of a bundle holds every top-level name, built-ins are found only after walking all of it).
// So the instrumented copy bumps a counter at each "site" (a statement, a branch of ?: && ||, a
// loop test, a function entry, a case test), and each site carries, statically, what it does:
// tokens lexed, names looked up (and how far into the global scope), properties, calls, operators,
// literals, allocations. Counts × site vectors = what the interpreter did. test/bench/cost.ts
// turns that into board milliseconds.
//
// The copy must behave exactly as the bundle does: it only adds `__bc[i]++` in statement position,
// `(__bc[i]++, expr)` around expressions, and two functions that count and return the value passed
// (a remainder's left operand: a double's remainder; the object of a built-in's member: a prototype
// found by a walk of the global scope) (test/bench/cost.test.ts checks the transcript).

import * as acorn from "acorn";

/** What one site does each time it runs (indices into a site vector). */
export const OPS = ["tokens", "statements", "locals", "globals", "scanned", "members", "calls", "entries", "operators", "literals", "allocs", "passes", "coldTokens", "words", "fmods", "builtins"] as const;
export type OpName = (typeof OPS)[number];
export const OP: { [K in OpName]: number } = Object.fromEntries(OPS.map((k, i) => [k, i])) as { [K in OpName]: number };
const N = OPS.length;

export interface FunctionInfo {
  /** Offset in the bundle of the function's start. */
  start: number;
  /** The name the function has in the bundle (minified), or "(anonymous)"; the program is "(top)". */
  name: string;
  /** Offset of what names it (its id, method key or variable), for the source map. */
  nameAt: number;
  /** Its name in the sources, when a source map was given ("clock.ts:apply"), else `name`. */
  label: string;
  /** Tokens of its body. */
  tokens: number;
}

export interface Instrumented {
  code: string;
  /** Per site, what it does each time it runs: OPS.length numbers a site. */
  vectors: Float64Array;
  /** Per site, the function it belongs to (index into functions). */
  siteFunction: Int32Array;
  functions: FunctionInfo[];
  sites: number;
  /** Names in the global scope in the order the bundle declares them. */
  globals: string[];
}

/** The counter array's name in the copy, and the global through which the double reads it. */
export const COUNTERS = "__bc";
export const COUNTERS_GLOBAL = "__bcCounts";

type Node = acorn.AnyNode & { start: number; end: number };
type Any = Node & Record<string, unknown>;

interface Edit {
  pos: number;
  text: string;
  /** At one position: 0 closes something (")" "}"), 1 opens a block, 2 is a statement-position
   *  insert, 3 opens an expression. */
  rank: number;
  /** For nesting at one position: the span of what it wraps. */
  span: number;
}

interface Scope {
  fn: number;
  names: Set<string>;
  top: boolean;
  /** A scope looked up by a walk of its names as the global one is (the function that holds a whole
   *  file evaluated beside the program): each name's place in the walk. */
  walk?: Map<string, number>;
}

/** Names a function (or the program) declares for itself: params, var/let/const/function/class, catch params. */
function declared(body: Node, params: Node[], out: Set<string>): void {
  const pattern = (p: Any) => {
    if (!p) return;
    if (p.type === "Identifier") out.add(p.name as string);
    else if (p.type === "AssignmentPattern") pattern(p.left as Any);
    else if (p.type === "RestElement") pattern(p.argument as Any);
    else if (p.type === "ArrayPattern") for (const e of p.elements as Any[]) pattern(e);
    else if (p.type === "ObjectPattern") for (const q of p.properties as Any[]) pattern((q.type === "RestElement" ? q.argument : q.value) as Any);
  };
  for (const p of params) pattern(p as Any);
  const visit = (n: Any) => {
    if (!n || typeof n.type !== "string") return;
    if (n.type === "FunctionDeclaration") {
      if (n.id) out.add((n.id as Any).name as string);
      return;
    }
    if (n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression") return;
    if (n.type === "ClassDeclaration" && n.id) out.add((n.id as Any).name as string);
    if (n.type === "ClassDeclaration" || n.type === "ClassExpression") return; // method bodies are functions
    if (n.type === "VariableDeclarator") pattern(n.id as Any);
    if (n.type === "CatchClause" && n.param) pattern(n.param as Any);
    for (const k of Object.keys(n)) {
      const v = n[k] as unknown;
      if (Array.isArray(v)) for (const c of v) visit(c as Any);
      else if (v && typeof v === "object" && typeof (v as Any).type === "string") visit(v as Any);
    }
  };
  visit(body as Any);
}

/** The global scope's names, in the order the top level declares them (Espruino adds them as it runs). */
function topNames(program: acorn.Program): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const add = (s: Set<string>) => {
    for (const x of s) if (!seen.has(x)) (seen.add(x), order.push(x));
  };
  for (const st of program.body) {
    const s = new Set<string>();
    declared(st as Node, [], s);
    add(s);
  }
  return order;
}

export const ENTER = "__bcEnter";
export const EXIT = "__bcExit";
/** The function a remainder's left operand passes through (counts a remainder of a double). */
export const FMOD = "__bcFmod";
/** The function the object of a member of a built-in's name passes through (counts a prototype walk). */
export const PROTO = "__bcProto";
/** Names of the global scope walked to find String or Function (made when first used, before the
 *  program's names: on Espruino's own interpreter, by the rig's driver; on the board, by the program's
 *  first lines). */
const EARLY_NAMES = 16;
/** Members of String, Number, Array, typed arrays and Function that Espruino finds on their built-in
 *  prototype (the bundle's own properties are minified to short names). */
const BUILTIN_MEMBERS = new Set(("length charCodeAt charAt indexOf lastIndexOf slice substr substring split join push pop shift unshift splice concat " +
  "map forEach filter reduce some every find findIndex sort reverse includes toString toFixed replace trim toUpperCase toLowerCase startsWith endsWith " +
  "padStart padEnd fill set subarray call apply bind buffer byteLength").split(" "));

export interface InstrumentOptions {
  /** Hidden names in the global scope besides the bundle's own (Espruino's timers, watches…). */
  extraGlobals?: number;
  /** Starts (offsets in the bundle) of functions whose every call is also reported to
   *  globalThis.__bcEnter(i) / __bcExit(i), i its index in `functions` (for inclusive costs). */
  wrap?: Set<number>;
  /** For code run later beside the program (a Storage file it evals): the program's instrumented
   *  copy, whose counters and global scope it shares (see alongside). */
  beside?: Instrumented;
}

export function instrument(code: string, o: InstrumentOptions = {}): Instrumented {
  const tokenStarts: number[] = [];
  const wordStarts: number[] = [];
  const ast = acorn.parse(code, {
    ecmaVersion: 2020,
    sourceType: "script",
    onToken: (t) => {
      tokenStarts.push(t.start);
      if (WORDS.has(t.type.label)) wordStarts.push(t.start);
    },
  }) as acorn.Program;
  const tokensIn = (a: number, b: number): number => lowerBound(tokenStarts, b) - lowerBound(tokenStarts, a);
  const wordsIn = (a: number, b: number): number => lowerBound(wordStarts, b) - lowerBound(wordStarts, a);
  // a file evaluated beside the program (a cold file, which new Function makes a function of at each
  // load) is lexed from a copy of it in RAM, the program from flash: its tokens are counted apart
  const TOKENS = o.beside ? OP.coldTokens : OP.tokens;
  /** Adds the tokens (and of them the words) of a node that are lexed when it runs once (ownTokens). */
  const lexed = (n: Node, v: number[]): number => {
    const t = ownTokens(n, tokensIn);
    v[TOKENS] += t;
    v[OP.words] += ownTokens(n, wordsIn);
    return t;
  };

  // code evaluated beside the program looks up the program's global scope
  const globals = o.beside ? o.beside.globals : topNames(ast);
  const rootIndex = new Map<string, number>();
  globals.forEach((g, i) => rootIndex.set(g, i + 1));
  // A built-in is found only after every name in the global scope (and the interpreter's own hidden ones).
  const rootSize = globals.length + (o.extraGlobals ?? 8);
  const base = o.beside ? o.beside.sites : 0;

  const vectors: number[][] = [];
  const siteFn: number[] = [];
  const functions: FunctionInfo[] = [];
  const edits: Edit[] = [];
  const scopes: Scope[] = [];

  const newSite = (fn: number): number => {
    vectors.push(new Array(N).fill(0));
    siteFn.push(fn);
    return vectors.length - 1;
  };
  const bump = (id: number) => COUNTERS + "[" + (base + id) + "]++";
  const curFn = () => scopes[scopes.length - 1].fn;

  const insertStatement = (pos: number, id: number) => edits.push({ pos, text: bump(id) + ";", rank: 2, span: 0 });
  const wrapExpr = (n: Node, id: number) => {
    edits.push({ pos: n.start, text: "(" + bump(id) + ",", rank: 3, span: n.end - n.start });
    edits.push({ pos: n.end, text: ")", rank: 0, span: n.end - n.start });
  };
  /** A statement that is not a block becomes one, so a site can go in front of it. */
  const blockOf = (n: Node) => {
    if (n.type === "BlockStatement") return;
    edits.push({ pos: n.start, text: "{", rank: 1, span: n.end - n.start });
    edits.push({ pos: n.end, text: "}", rank: 0, span: n.end - n.start });
  };

  let walked = 0; // names of a walked scope (beside) every global look-up passes first
  const lookup = (name: string, v: number[]) => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      if (scopes[i].names.has(name)) {
        const w = scopes[i].walk;
        if (w) {
          v[OP.globals]++;
          v[OP.scanned] += w.get(name)!;
          return;
        }
        if (!scopes[i].top) {
          v[OP.locals]++;
          return;
        }
        break;
      }
    }
    v[OP.globals]++;
    v[OP.scanned] += walked + (rootIndex.get(name) ?? rootSize);
  };

  /** Tokens of a node that are lexed when it runs once, without the loops inside it that belong to
   *  the same function (they count their own passes) and with the functions inside it (skipped). */
  const ownTokens = (n: Node, tokensIn: (a: number, b: number) => number): number => {
    let t = tokensIn(n.start, n.end);
    const sub = (x: Any, top: boolean) => {
      if (!x || typeof x.type !== "string") return;
      if (!top && isFunction(x)) return;
      if (!top && isLoop(x)) {
        t -= tokensIn(x.start, x.end);
        return;
      }
      for (const k of Object.keys(x)) {
        const c = x[k] as unknown;
        if (Array.isArray(c)) for (const y of c) sub(y as Any, false);
        else if (c && typeof c === "object" && typeof (c as Any).type === "string") sub(c as Any, false);
      }
    };
    sub(n as Any, true);
    return t;
  };

  // --- expressions: add to v what evaluating n does ---------------------------------------------
  const expr = (n: Any | null | undefined, v: number[]): void => {
    if (!n) return;
    switch (n.type) {
      case "Identifier":
        if (n.name === "undefined") v[OP.literals]++;
        else lookup(n.name as string, v);
        return;
      case "ThisExpression":
      case "Super":
        v[OP.locals]++;
        return;
      case "Literal":
        v[OP.literals]++;
        if ((n as Any).regex) v[OP.allocs]++;
        return;
      case "TemplateLiteral":
        v[OP.allocs]++;
        v[OP.literals] += (n.quasis as Any[]).length;
        for (const e of n.expressions as Any[]) (expr(e, v), v[OP.operators]++);
        return;
      case "TaggedTemplateExpression":
        v[OP.calls]++;
        expr(n.tag as Any, v);
        expr(n.quasi as Any, v);
        return;
      case "MemberExpression":
        v[OP.members]++;
        if (!n.computed && BUILTIN_MEMBERS.has((n.property as Any).name as string) && (n.object as Any).type !== "Super") builtin(n.object as Any);
        expr(n.object as Any, v);
        if (n.computed) expr(n.property as Any, v);
        return;
      case "ChainExpression":
        expr(n.expression as Any, v);
        return;
      case "CallExpression":
      case "NewExpression":
        v[OP.calls]++;
        if (n.type === "NewExpression") v[OP.allocs]++;
        expr(n.callee as Any, v);
        for (const a of n.arguments as Any[]) expr(a, v);
        return;
      case "BinaryExpression":
      case "AssignmentExpression":
        v[OP.operators]++;
        if (n.operator === "%") remainder(n.left as Any);
        expr(n.left as Any, v);
        expr(n.right as Any, v);
        return;
      case "LogicalExpression":
        v[OP.operators]++;
        expr(n.left as Any, v);
        branch(n.right as Any);
        return;
      case "ConditionalExpression":
        v[OP.operators]++;
        expr(n.test as Any, v);
        branch(n.consequent as Any);
        branch(n.alternate as Any);
        return;
      case "UnaryExpression":
      case "UpdateExpression":
        v[OP.operators]++;
        expr(n.argument as Any, v);
        return;
      case "SequenceExpression":
        for (const e of n.expressions as Any[]) expr(e, v);
        return;
      case "ArrayExpression":
        v[OP.allocs]++;
        for (const e of n.elements as Any[]) if (e) (v[OP.allocs]++, expr(e, v));
        return;
      case "ObjectExpression":
        v[OP.allocs]++;
        for (const p of n.properties as Any[]) {
          v[OP.allocs]++;
          if (p.computed) expr(p.key as Any, v);
          if (p.type === "SpreadElement") expr(p.argument as Any, v);
          else if (isFunction(p.value as Any)) (v[OP.allocs]++, fn(p.value as Any, (p.key as Any).start));
          else expr(p.value as Any, v);
        }
        return;
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        v[OP.allocs]++;
        fn(n);
        return;
      case "ClassExpression":
        klass(n, v);
        return;
      case "SpreadElement":
        expr(n.argument as Any, v);
        return;
      case "AssignmentPattern":
        expr(n.left as Any, v);
        return;
      default:
        children(n, (c) => expr(c, v));
    }
  };

  /** A remainder's left operand, passed through FMOD(site, x): the site counts when x is not an
   *  int32, i.e. when Espruino takes the remainder of a double (soft-float fmod, costly on the board). */
  const remainder = (left: Node) => {
    const id = newSite(curFn());
    vectors[id][OP.fmods]++;
    edits.push({ pos: left.start, text: " " + FMOD + "(" + (base + id) + ",", rank: 3, span: left.end - left.start });
    edits.push({ pos: left.end, text: ")", rank: 0, span: left.end - left.start });
  };

  /** The object of a member a built-in prototype may hold, passed through PROTO(site, x): the site
   *  counts when x is a string, number, boolean, array, typed array or function, whose prototype
   *  Espruino finds by name in the global scope (a walk of all of it) before the member. */
  const builtin = (object: Node) => {
    // two sites: a string's or a function's prototype (String and Function are among the first names
    // of the global scope, made when first used, before the program's: EARLY_NAMES walked), and
    // another's (Array, Number, Uint8Array… made later: all of it walked); PROTO counts one of them
    const id = newSite(curFn());
    vectors[id][OP.builtins]++;
    vectors[id][OP.scanned] += EARLY_NAMES;
    const late = newSite(curFn());
    vectors[late][OP.builtins]++;
    vectors[late][OP.scanned] += rootSize;
    edits.push({ pos: object.start, text: " " + PROTO + "(" + (base + id) + ",", rank: 3, span: object.end - object.start });
    edits.push({ pos: object.end, text: ")", rank: 0, span: object.end - object.start });
  };

  /** A part that runs only sometimes: its own site, wrapped around it. */
  const branch = (n: Any) => {
    const id = newSite(curFn());
    expr(n, vectors[id]);
    wrapExpr(n, id);
  };

  const klass = (n: Any, v: number[]) => {
    v[OP.allocs]++;
    if (n.superClass) expr(n.superClass as Any, v);
    for (const m of (n.body as Any).body as Any[]) {
      v[OP.allocs]++;
      if (m.computed) expr(m.key as Any, v);
      if (m.value) {
        if (isFunction(m.value as Any)) fn(m.value as Any, (m.key as Any).start);
        else branch(m.value as Any); // a field initialiser runs per instance
      }
    }
  };

  // --- functions --------------------------------------------------------------------------------
  const fn = (n: Any, nameAt?: number) => {
    const body = n.body as Any;
    const names = new Set<string>();
    declared(body, n.params as Node[], names);
    if (n.type === "FunctionExpression" && n.id) names.add((n.id as Any).name as string);
    const idx = functions.length;
    const name = n.id ? ((n.id as Any).name as string) : "(anonymous)";
    functions.push({ start: n.start, name, nameAt: n.id ? (n.id as Any).start : nameAt ?? n.start, label: name, tokens: 0 });
    const scope: Scope = { fn: idx, names, top: false };
    if (o.beside && scopes.length === 1 && body.type === "BlockStatement") {
      // the function a file evaluated beside the program is: its scope holds the whole file's names
      // (declared: its parameters, then the body's names in their order)
      scope.walk = new Map();
      Array.from(names).forEach((x, i) => scope.walk!.set(x, i + 1));
      walked = scope.walk.size;
    }
    scopes.push(scope);
    const id = newSite(idx);
    const v = vectors[id];
    v[OP.entries]++;
    v[OP.locals] += (n.params as Node[]).length;
    functions[idx].tokens = lexed(body, v);
    const wrapped = o.wrap !== undefined && o.wrap.has(n.start);
    const span = n.end - n.start + 1;
    if (body.type === "BlockStatement") {
      insertStatement(body.start + 1, id);
      if (wrapped) {
        edits.push({ pos: body.start + 1, text: ENTER + "(" + idx + ");try{", rank: 3, span });
        edits.push({ pos: body.end - 1, text: "}finally{" + EXIT + "(" + idx + ")}", rank: 0, span });
      }
      for (const s of body.body as Any[]) stmt(s);
    } else if (wrapped) {
      expr(body, v);
      edits.push({ pos: body.start, text: "{" + bump(id) + ";" + ENTER + "(" + idx + ");try{return(", rank: 3, span });
      edits.push({ pos: body.end, text: ")}finally{" + EXIT + "(" + idx + ")}}", rank: 0, span });
    } else {
      expr(body, v);
      wrapExpr(body, id);
    }
    scopes.pop();
  };

  // --- statements -------------------------------------------------------------------------------
  const stmt = (n: Any): void => {
    if (n.type === "BlockStatement") {
      for (const s of n.body as Any[]) stmt(s);
      return;
    }
    if (n.type === "EmptyStatement") return;
    const id = newSite(curFn());
    const v = vectors[id];
    v[OP.statements]++;
    insertStatement(n.start, id);
    body(n, v);
  };

  /** A statement nested as the body of another: made a block, so it gets its own site. */
  const nested = (n: Any) => {
    if (n.type === "EmptyStatement") return;
    blockOf(n);
    stmt(n);
  };

  const loopTest = (loop: Any, test: Any | null, at: number) => {
    const id = newSite(curFn());
    const v = vectors[id];
    v[OP.passes]++;
    lexed(loop, v);
    if (test) {
      expr(test, v);
      wrapExpr(test, id);
    } else edits.push({ pos: at, text: "(" + bump(id) + ",1)", rank: 3, span: 0 });
  };

  const body = (n: Any, v: number[]): void => {
    switch (n.type) {
      case "ExpressionStatement":
        expr(n.expression as Any, v);
        return;
      case "VariableDeclaration":
        for (const d of n.declarations as Any[]) {
          v[OP.locals]++;
          if (d.init && isFunction(d.init as Any)) (v[OP.operators]++, v[OP.allocs]++, fn(d.init as Any, (d.id as Any).start));
          else if (d.init) (v[OP.operators]++, expr(d.init as Any, v));
        }
        return;
      case "FunctionDeclaration":
        v[OP.allocs]++;
        fn(n);
        return;
      case "ClassDeclaration":
        klass(n, v);
        return;
      case "ReturnStatement":
      case "ThrowStatement":
        expr(n.argument as Any, v);
        return;
      case "IfStatement":
        expr(n.test as Any, v);
        nested(n.consequent as Any);
        if (n.alternate) nested(n.alternate as Any);
        return;
      case "ForStatement": {
        if (n.init) {
          if ((n.init as Any).type === "VariableDeclaration") body(n.init as Any, v);
          else expr(n.init as Any, v);
        }
        // the test's position when there is none: after the first ";" of the head
        const semi = n.init ? code.indexOf(";", (n.init as Any).end) : code.indexOf(";", code.indexOf("(", n.start));
        loopTest(n, (n.test as Any) || null, semi + 1);
        if (n.update) branch(n.update as Any);
        nested(n.body as Any);
        return;
      }
      case "WhileStatement":
        loopTest(n, n.test as Any, 0);
        nested(n.body as Any);
        return;
      case "DoWhileStatement":
        nested(n.body as Any);
        loopTest(n, n.test as Any, 0);
        return;
      case "ForInStatement":
      case "ForOfStatement": {
        expr(n.right as Any, v);
        const b = n.body as Any;
        blockOf(b);
        const id = newSite(curFn());
        const w = vectors[id];
        w[OP.passes]++;
        lexed(n, w);
        w[OP.locals]++;
        insertStatement(b.type === "BlockStatement" ? b.start + 1 : b.start, id);
        if (b.type === "BlockStatement") for (const s of b.body as Any[]) stmt(s);
        else stmt(b);
        return;
      }
      case "LabeledStatement": {
        // no site between a label and its loop (continue L needs the loop right there)
        const inner = n.body as Any;
        if (inner.type === "BlockStatement") for (const s of inner.body as Any[]) stmt(s);
        else body(inner, v);
        return;
      }
      case "SwitchStatement":
        expr(n.discriminant as Any, v);
        for (const c of n.cases as Any[]) {
          if (c.test) {
            const id = newSite(curFn());
            vectors[id][OP.operators]++;
            expr(c.test as Any, vectors[id]);
            wrapExpr(c.test as Any, id);
          }
          for (const s of c.consequent as Any[]) stmt(s);
        }
        return;
      case "TryStatement":
        for (const s of (n.block as Any).body as Any[]) stmt(s);
        if (n.handler) {
          const h = n.handler as Any;
          const hb = h.body as Any;
          const id = newSite(curFn());
          vectors[id][OP.locals]++;
          insertStatement(hb.start + 1, id);
          for (const s of hb.body as Any[]) stmt(s);
        }
        if (n.finalizer) for (const s of (n.finalizer as Any).body as Any[]) stmt(s);
        return;
      case "BreakStatement":
      case "ContinueStatement":
      case "DebuggerStatement":
        return;
      default:
        children(n, (c) => (isStatement(c) ? stmt(c) : expr(c, v)));
    }
  };

  // --- the program ------------------------------------------------------------------------------
  functions.push({ start: 0, name: "(top)", nameAt: 0, label: "(top)", tokens: 0 });
  scopes.push({ fn: 0, names: new Set(o.beside ? [] : globals), top: true });
  const top = newSite(0);
  functions[0].tokens = lexed(ast as unknown as Node, vectors[top]);
  for (const s of ast.body as Any[]) stmt(s);

  // --- apply the edits --------------------------------------------------------------------------
  edits.sort((a, b) => a.pos - b.pos || a.rank - b.rank || (a.rank === 0 ? a.span - b.span : a.rank === 2 ? 0 : b.span - a.span));
  const out: string[] = [
    o.beside ? bump(top) + ";" :
    "const " + COUNTERS + "=new Float64Array(" + vectors.length + ");" + COUNTERS + "[" + top + "]++;" +
      "function " + FMOD + "(i,x){if(typeof x==\"number\"&&(x|0)!==x)" + COUNTERS + "[i]++;return x}" +
      "function " + PROTO + "(i,x){var t=typeof x;if(t==\"string\"||t==\"function\")" + COUNTERS + "[i]++;else if(t==\"number\"||t==\"boolean\"||Array.isArray(x)||ArrayBuffer.isView(x))" + COUNTERS + "[i+1]++;return x}" +
      "Object.defineProperty(globalThis," + JSON.stringify(COUNTERS_GLOBAL) + ",{value:" + COUNTERS + "});\n",
  ];
  let at = 0;
  for (const e of edits) {
    out.push(code.slice(at, e.pos), e.text);
    at = e.pos;
  }
  out.push(code.slice(at));
  const flat = new Float64Array(vectors.length * N);
  vectors.forEach((v, i) => flat.set(v, i * N));
  return { code: out.join(""), vectors: flat, siteFunction: Int32Array.from(siteFn), functions, sites: vectors.length, globals };
}

/** The program's instrumented copy and, instrumented with `beside` set to it, code it evals: one
 *  Instrumented whose sites and functions are the program's then the other's (the program's copy
 *  counts into an array long enough for both; the other's top level is labelled `label`). */
export function alongside(program: Instrumented, other: Instrumented, label: string): Instrumented {
  const head = "new Float64Array(" + program.sites + ")";
  if (program.code.indexOf(head) < 0) throw new Error("not an instrumented program");
  const functions = program.functions.concat(other.functions.map((f, i) => (i === 0 ? { ...f, name: label, label } : f)));
  const vectors = new Float64Array(program.vectors.length + other.vectors.length);
  vectors.set(program.vectors);
  vectors.set(other.vectors, program.vectors.length);
  const siteFunction = Int32Array.from(Array.from(program.siteFunction).concat(Array.from(other.siteFunction, (f) => f + program.functions.length)));
  return {
    code: program.code.replace(head, "new Float64Array(" + (program.sites + other.sites) + ")"),
    vectors, siteFunction, functions, sites: program.sites + other.sites, globals: program.globals,
  };
}

/** Tokens that are words (names, numbers, strings), as acorn labels them: the lexer reads them
 *  character by character even in pretokenised code (keywords and punctuators are one byte there). */
const WORDS = new Set(["name", "num", "string", "template", "regexp", "privateId"]);

function isFunction(n: Any): boolean {
  return n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression" || n.type === "FunctionDeclaration";
}

function isLoop(n: Any): boolean {
  return n.type === "ForStatement" || n.type === "WhileStatement" || n.type === "DoWhileStatement" || n.type === "ForInStatement" || n.type === "ForOfStatement";
}

function isStatement(n: Any): boolean {
  return /Statement$|Declaration$/.test(n.type);
}

function children(n: Any, f: (c: Any) => void): void {
  for (const k of Object.keys(n)) {
    if (k === "type" || k === "start" || k === "end" || k === "loc") continue;
    const c = n[k] as unknown;
    if (Array.isArray(c)) {
      for (const x of c) if (x && typeof x === "object" && typeof (x as Any).type === "string") f(x as Any);
    } else if (c && typeof c === "object" && typeof (c as Any).type === "string") f(c as Any);
  }
}

function lowerBound(a: number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Counts × site vectors: what the interpreter did, per op (and per function, if asked). */
export function tally(ins: Instrumented, counts: ArrayLike<number>, base?: ArrayLike<number>): Float64Array {
  const out = new Float64Array(N);
  for (let s = 0; s < ins.sites; s++) {
    const c = counts[s] - (base ? base[s] : 0);
    if (!c) continue;
    for (let k = 0; k < N; k++) out[k] += c * ins.vectors[s * N + k];
  }
  return out;
}
