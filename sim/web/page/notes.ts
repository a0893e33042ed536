// The page's one place for what it must tell: a link applied or refused, a question (start the new
// game?), a storage or voice problem. It sits in the bar at the top of the window, with the sound's
// state, so it is seen at every window size and nothing covers it; it stays until dismissed or
// replaced.

export type NoteKind = "ok" | "error" | "ask";

export interface Ask {
  /** What the question offers ("Start the new game") and what keeps things as they are. */
  yes: string;
  no: string;
  /** Whether the answer needs the arbiter's PIN (asked at the click: the lock may have changed). */
  needsPin: () => boolean;
  /** Does it: null when done, else why not (the question stays, with the reason). */
  act: (pin: string | null) => string | null;
}

export class Notes {
  readonly el: HTMLElement;

  constructor(el: HTMLElement) {
    this.el = el;
  }

  clear(): void {
    this.el.hidden = true;
    this.el.textContent = "";
    this.el.className = "";
  }

  /** A message, with a button to dismiss it; or a question with its answers. */
  show(text: string, kind: NoteKind, ask?: Ask): void {
    const el = this.el;
    el.textContent = "";
    el.className = kind;
    el.hidden = false;
    const p = document.createElement("span");
    p.className = "text";
    p.textContent = text;
    el.appendChild(p);
    const self = this;
    if (!ask) {
      el.appendChild(button("×", "dismiss", () => self.clear())).setAttribute("aria-label", "dismiss");
      return;
    }
    // done: the question goes, unless its answer has put a note of its own in its place
    const form: HTMLFormElement = askForm(ask, () => {
      if (el.contains(form)) self.clear();
    });
    el.appendChild(form);
  }
}

function button(label: string, cls: string, fn: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", fn);
  return b;
}

/** The answers to a question: yes (with a PIN field when it needs one), no, and why a yes failed. */
export function askForm(ask: Ask, done: () => void): HTMLFormElement {
  const form = document.createElement("form");
  form.className = "ask";
  const pin = document.createElement("input");
  pin.type = "password";
  pin.inputMode = "numeric";
  pin.autocomplete = "off";
  pin.maxLength = 4;
  pin.placeholder = "PIN";
  pin.setAttribute("aria-label", "the arbiter's PIN");
  pin.hidden = !ask.needsPin();
  const why = document.createElement("span");
  why.className = "why";
  const yes = document.createElement("button");
  yes.type = "submit";
  yes.className = "yes";
  yes.textContent = ask.yes;
  form.append(pin, yes, button(ask.no, "no", done), why);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (ask.needsPin() && pin.hidden) {
      pin.hidden = false; // the lock came on since the question was asked
      why.textContent = "the tournament lock is on: the arbiter's PIN";
      pin.focus();
      return;
    }
    const r = ask.act(pin.hidden ? null : pin.value);
    pin.value = "";
    if (r === null) done();
    else why.textContent = r;
  });
  return form;
}
