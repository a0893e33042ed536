// What a function's closures capture, read through node:inspector (a function's [[Scopes]] is not
// reachable from JavaScript). Used by the deep jsvar estimate. The inspector answers synchronously
// when the session is in the same thread.

import inspector from "node:inspector";

type Post = (method: string, params?: object) => Record<string, unknown>;

interface Remote {
  type: string;
  value?: unknown;
  objectId?: string;
}

interface Prop {
  name: string;
  value?: Remote;
}

export function deepScopes(): { of: (f: Function) => unknown[]; close: () => void } {
  const session = new inspector.Session();
  session.connect();
  const post: Post = (method, params) => {
    let out: Record<string, unknown> | undefined;
    let err: Error | null = null;
    (session.post as (m: string, p: object, cb: (e: Error | null, r: Record<string, unknown>) => void) => void)(method, params ?? {}, (e, r) => {
      err = e;
      out = r;
    });
    if (err) throw err;
    if (!out) throw new Error("the inspector did not answer synchronously");
    return out;
  };
  const g = globalThis as Record<string, unknown>;
  const KEY = "__boardDoubleProbe";
  const remoteOf = (v: unknown): string => {
    g[KEY] = v;
    try {
      return ((post("Runtime.evaluate", { expression: "globalThis." + KEY, objectGroup: "double" }).result as Remote).objectId)!;
    } finally {
      delete g[KEY];
    }
  };
  const localOf = (r: Remote): unknown => {
    if (!r.objectId) return r.value;
    post("Runtime.callFunctionOn", { objectId: r.objectId, functionDeclaration: "function () { globalThis." + KEY + " = this; }", objectGroup: "double" });
    const v = g[KEY];
    delete g[KEY];
    return v;
  };
  const props = (objectId: string): { result: Prop[]; internalProperties?: Prop[] } =>
    post("Runtime.getProperties", { objectId, ownProperties: true }) as unknown as { result: Prop[]; internalProperties?: Prop[] };
  // a scope is shared by the functions made in it: charge each of its variables once
  const seenPrimitive = new Set<string>();
  const seenObject = new WeakMap<object, Set<string>>();
  const fresh = (name: string, v: unknown): boolean => {
    if (v !== null && (typeof v === "object" || typeof v === "function")) {
      let names = seenObject.get(v as object);
      if (!names) seenObject.set(v as object, (names = new Set()));
      if (names.has(name)) return false;
      names.add(name);
      return true;
    }
    const k = name + ":" + typeof v + ":" + String(v);
    if (seenPrimitive.has(k)) return false;
    seenPrimitive.add(k);
    return true;
  };
  const of = (f: Function): unknown[] => {
    const out: unknown[] = [];
    const p = props(remoteOf(f));
    const scopes = (p.internalProperties || []).find((x) => x.name === "[[Scopes]]");
    if (!scopes || !scopes.value || !scopes.value.objectId) return out;
    for (const s of props(scopes.value.objectId).result) {
      if (!s.value || !s.value.objectId) continue;
      const desc = String((s.value as { description?: string }).description || "");
      if (desc === "Global") continue;
      for (const v of props(s.value.objectId).result) {
        if (!v.value) continue;
        const local = v.value.type === "undefined" ? undefined : localOf(v.value);
        if (fresh(v.name, local)) out.push(local);
      }
    }
    post("Runtime.releaseObjectGroup", { objectGroup: "double" });
    return out;
  };
  return { of, close: () => session.disconnect() };
}
