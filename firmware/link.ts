// The link's code in one object: the protocol's requests (link/protocol.ts) and the console API
// (link/console.ts). A board keeps every function of its program in RAM for as long as it runs, yet
// this code runs only while the desktop tool talks or someone types at the prompt: on the board the
// build makes it a Storage file of its own (build/cold.ts), which loadLink() reads and runs when a
// line speaks or a console method is called; the board keeps only the line's cutter and the
// console's entry points (link/line.ts) and lets the rest go once it has answered. Here it is the
// modules themselves.

import { answerLine } from "./link/protocol";
import { makeConsole } from "./link/console";

export interface LinkCode {
  answerLine: typeof answerLine;
  makeConsole: typeof makeConsole;
}

/** The link's functions in one object (what the board's link file hands back when it is run). */
export function linkCode(): LinkCode {
  return { answerLine: answerLine, makeConsole: makeConsole };
}

/** On the board, the link's Storage file (the program's fingerprint covers it); none here. */
export const LINK_FILE: string = "";

/** The link's code, or why it cannot be had (on the board: no link file, or a damaged one). */
export function loadLink(): LinkCode | string {
  return linkCode();
}
