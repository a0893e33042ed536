// The three buttons as a player meets them: large buttons to click or touch, and the keys z (left),
// m (right) and b (MENU), each held as long as the key or finger is held. Every gesture also turns
// the sound on (browsers allow audio only from one): a click or key on a button presses it and turns
// the sound on in the same gesture; a click or key anywhere else only turns the sound on.

import { LEFT, RIGHT, MENU } from "../../../firmware/board";

const KEYS: Record<string, number> = { z: LEFT, m: RIGHT, b: MENU };
const TEXT_INPUTS = ["text", "password", "search", "number", "email", "url", "tel"];

export interface Buttons {
  /** A button edge at board ms t (the instant of the input event). */
  edge(button: number, down: boolean, t: number): void;
  /** The board ms of an input event. */
  stamp(e: Event): number;
  /** A gesture: turn the sound on if it is not (a no-op once it is). */
  unlock(): void;
}

export function listen(elements: Record<number, HTMLElement>, to: Buttons): void {
  const held: Record<number, boolean> = {};
  const edge = (b: number, down: boolean, e: Event) => {
    if (!!held[b] === down) return; // a key's auto-repeat; a release of what was not pressed
    held[b] = down;
    elements[b].classList.toggle("down", down);
    to.edge(b, down, to.stamp(e));
  };
  // keys typed into text (a script, a PIN) are not buttons; on the volume slider or the voice's list
  // (focused once used) they are: a player's next key must still end the move
  const typing = (e: Event) => {
    const t = e.target as HTMLElement | null;
    if (!t) return false;
    if (t.tagName === "INPUT") return TEXT_INPUTS.indexOf((t as HTMLInputElement).type) >= 0;
    return t.tagName === "TEXTAREA" || t.isContentEditable;
  };
  const shortcut = (e: KeyboardEvent) => e.ctrlKey || e.metaKey || e.altKey;

  // Capture phase: seen before anything else on the page, so the sound is on before a press's first
  // call is handed over. Chromium counts a touch as a gesture only at its end (pointerup), a mouse
  // at its down edge: both are tried.
  for (const type of ["pointerdown", "pointerup", "click"]) window.addEventListener(type, () => to.unlock(), true);
  window.addEventListener("keydown", (e) => {
    if (!shortcut(e)) to.unlock();
  }, true);

  window.addEventListener("keydown", (e) => {
    const k = e.key.toLowerCase(); // Caps Lock or Shift: the same button
    if (typing(e) || shortcut(e) || !(k in KEYS)) return;
    e.preventDefault();
    edge(KEYS[k], true, e);
  });
  window.addEventListener("keyup", (e) => {
    const k = e.key.toLowerCase();
    if (k in KEYS) edge(KEYS[k], false, e);
  });
  for (const key of Object.keys(elements)) {
    const b = Number(key);
    const el = elements[b];
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault(); // no focus ring, no text selection, no double-tap zoom
      el.setPointerCapture(e.pointerId);
      edge(b, true, e);
    });
    const up = (e: PointerEvent) => edge(b, false, e);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch holds MENU, no menu pops up
  }
  // a button still held when the window loses focus would stay down for ever
  window.addEventListener("blur", () => {
    for (const key of Object.keys(held)) if (held[Number(key)]) edge(Number(key), false, new Event("blur"));
  });
}
