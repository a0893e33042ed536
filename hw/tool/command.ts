// What every command is made of: its words, help and options, and what it can ask for (the port
// opened and the clock greeted, output in words or JSON).

import type { ParseArgsConfig } from "node:util";
import type { Client } from "./client";
import { EXIT, ToolError } from "./errors";
import { asStatus, type Status } from "./wire";

export type Options = NonNullable<ParseArgsConfig["options"]>;
export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  name: string;
  /** One line for `goclock --help`. */
  summary: string;
  /** What follows `goclock NAME` in the usage line, and the lines of help below it. */
  usage: string;
  help: string;
  options?: Options;
  /** How many positional words it takes. */
  words?: [number, number];
  /** Needs --port (every command but list). */
  port?: boolean;
  run(ctx: Ctx): Promise<number>;
}

export interface Ctx {
  values: Values;
  words: string[];
  json: boolean;
  port: string;
  /** Prints the result: words for people, or the JSON value for scripts. */
  print(human: string, json: unknown): void;
  /** A note for people (stderr, so stdout stays the result). */
  note(text: string): void;
  /** Opens --port and greets the clock (once; closed by the caller's end). */
  open(): Promise<Client>;
  /** What a clock reached on a connection of the command's own (list, flash) said of its PIN:
   *  true while it is the factory 0000 (the command then warns, as for the clock it opened). */
  defaultPin: boolean;
}

/** Options every command that talks to a clock takes. */
export const PORT_OPTIONS: Options = {
  port: { type: "string", short: "p" },
  timeout: { type: "string" },
  retries: { type: "string" },
};

export const PORT_HELP =
  "  -p, --port PATH   the clock's serial port (/dev/ttyACM0, /dev/tty.usbmodem…, COM5; goclock list)\n" +
  "  --timeout MS      how long one try waits for the clock's reply (default 1500)\n" +
  "  --retries N       tries after the first when a reply is lost or damaged (default 2)\n" +
  "  --json            the result as JSON (for scripts)";

export const PIN_OPTION: Options = { pin: { type: "string" } };
export const PIN_HELP = "  --pin PIN         unlock with the arbiter's PIN for this command only (or GOCLOCK_PIN)";

/** Said on stderr (and in --json output) by every command while the clock's PIN is 0000. */
export const DEFAULT_PIN_WARNING = "the arbiter's PIN is still the factory 0000: change it before the clock goes on a tournament table (goclock set --new-pin PIN --pin 0000)";

export function usageError(text: string): ToolError {
  return new ToolError(text, EXIT.usage);
}

/** A whole number option in [min, max], or the usage error naming it. */
export function wholeOption(v: Values, name: string, min: number, max: number): number | undefined {
  const s = v[name];
  if (s === undefined) return undefined;
  if (typeof s !== "string" || !/^\d+$/.test(s) || Number(s) < min || Number(s) > max) throw usageError("--" + name + " takes a whole number from " + min + " to " + max + ", not '" + s + "'");
  return Number(s);
}

export async function readStatus(client: Client): Promise<Status> {
  const st = asStatus(await client.request("status"));
  if (typeof st.defaultPin === "boolean") client.defaultPin = st.defaultPin;
  return st;
}

/** 4 digits, or 6 (the longer PIN the clock may offer): anything else is not sent. */
export function isPinShape(pin: string): boolean {
  return /^(\d{4}|\d{6})$/.test(pin);
}

/** The PIN for this command: --pin, else GOCLOCK_PIN; checked for shape before it is sent. */
export function pinOf(v: Values): string | undefined {
  const pin = typeof v.pin === "string" ? v.pin : process.env.GOCLOCK_PIN;
  if (pin === undefined || pin === "") return undefined;
  if (!isPinShape(pin)) throw usageError("a PIN is 4 or 6 digits");
  return pin;
}

/** Runs `fn` with the arbiter's access: unlocked with the PIN first when one is given, and locked
 *  again afterwards (whatever happened) unless it was unlocked before, so a command leaves the
 *  clock's access as it found it. */
export async function asArbiter<T>(client: Client, v: Values, fn: () => Promise<T>): Promise<T> {
  const pin = pinOf(v);
  if (pin === undefined) return fn();
  const before = await readStatus(client);
  if (before.unlocked) return fn();
  await client.request("unlock", { pin: pin });
  try {
    return await fn();
  } finally {
    await client.request("lock").catch(() => undefined);
  }
}
