// The timing core's public face. Pure: numbers in, data out; no timers, no I/O, no host globals.
export * from "./control";
export * from "./schedule";
export { type SideClock, type Reading, type Call, NEVER } from "./side";
export * from "./game";
export * from "./arbiter";
export * from "./clock";
import "./window"; // Clock.window and Clock.answerAt, on its prototype: after clock.ts
