// The protocol client: one request at a time, each answered by the reply with its own sequence number
// and a good CRC, or retried. Nothing else that arrives (an echo, a prompt, a stray print, a half
// line, a late reply to an earlier request) is ever taken for an answer.

import { encodeRequest, parseLine } from "./frame";
import { EXIT, ToolError } from "./errors";
import { openLink, type Link } from "./transport";
import { checkHello, type Hello } from "./wire";

export const CLOCK_NAME = "voiced-go-clock";
export const PROTO = 1;
const DAMAGED_GRACE_MS = 100;
/** Requests that only read: asked again freely when a reply is lost. */
const READS = ["hello", "status", "log"];

export interface ClientOptions {
  /** How long one try waits for its reply. */
  timeoutMs?: number;
  /** Tries after the first (a timeout or a damaged reply). */
  retries?: number;
}

/** The clock's "err" reply, with its code when the clock gives one ("locked", …). */
export class ClockRefusal extends ToolError {
  code: string;
  constructor(message: string, code: string) {
    super(message.replace(/^(error|refused): /, ""), code === "locked" ? EXIT.locked : EXIT.refused);
    this.code = code;
  }
}

/** Which refusals mean "unlock first", for a clock that sends no code. */
function refusalCode(body: Record<string, unknown>): string {
  if (typeof body.code === "string") return body.code;
  const text = String(body.err);
  return /unlock|locked|needs? the PIN/i.test(text) ? "locked" : "refused";
}

export class Client {
  link: Link;
  hello: Hello | null = null;
  private seq: number;
  private timeoutMs: number;
  private retries: number;
  private first = true;
  private waiting: { seq: number; got: (r: { body: Record<string, unknown> } | "damaged") => void } | null = null;
  /** The round trip (ms) of each good reply: for the figures. */
  roundTrips: number[] = [];
  /** The arbiter's PIN is still the factory 0000, as the clock last said (hello, status). */
  defaultPin = false;
  /** The line of the last good reply, as received (what follows it on the line is not ours). */
  lastReply = "";

  constructor(link: Link, o: ClientOptions = {}) {
    this.link = link;
    this.timeoutMs = o.timeoutMs ?? 1500;
    this.retries = o.retries ?? 2;
    // a fresh start each run, so a late reply meant for an earlier run is not ours
    this.seq = 1 + Math.floor(Math.random() * 900000);
    link.onLine((line) => {
      const r = parseLine(line);
      const w = this.waiting;
      if (r.kind === "other" || !w || r.seq !== w.seq) return;
      if (r.kind === "reply") this.lastReply = line;
      w.got(r.kind === "reply" ? { body: r.body } : "damaged");
    });
  }

  /** One try: the reply's body, "damaged", or null when nothing came in time. A damaged copy of
   *  the reply (or a reply-shaped line of noise) asks for a retry only if no good reply follows it
   *  within DAMAGED_GRACE_MS: the good one is often right behind it. */
  private tryOnce(seq: number, body: Record<string, unknown>): Promise<Record<string, unknown> | "damaged" | null> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let timer: ReturnType<typeof setTimeout>;
      const finish = (r: Record<string, unknown> | "damaged" | null) => {
        clearTimeout(timer);
        this.waiting = null;
        resolve(r);
      };
      timer = setTimeout(() => finish(null), this.timeoutMs);
      this.waiting = {
        seq: seq,
        got: (r) => {
          if (r !== "damaged") {
            this.roundTrips.push(performance.now() - started);
            finish(r.body);
            return;
          }
          clearTimeout(timer);
          timer = setTimeout(() => finish("damaged"), DAMAGED_GRACE_MS);
        },
      };
      // a leading newline ends whatever half line the clock may hold, so our frame starts clean
      const text = (this.first ? "\n" : "") + encodeRequest(seq, body);
      this.first = false;
      this.link.write(text).catch((e) => {
        clearTimeout(timer);
        this.waiting = null;
        reject(e);
      });
    });
  }

  /** Sends {c, …args}; resolves with the reply's "ok" value, throws a ClockRefusal on "err" and a
   *  ToolError when no good reply comes after every retry. A request that changes the clock (not in
   *  READS) is sent again only when the clock says its frame came damaged (it did not act on it):
   *  after a lost or damaged reply the clock may have acted, and a second "pause" would be refused
   *  or a second "correct" done twice, so the arbiter is told to look instead. */
  async request(c: string, args: Record<string, unknown> = {}): Promise<unknown> {
    this.seq = this.seq >= 999999 ? 1 : this.seq + 1;
    const seq = this.seq;
    const body = Object.assign({ c: c }, args);
    const again = READS.indexOf(c) >= 0;
    let damaged = 0;
    for (let i = 0; i <= this.retries; i++) {
      const r = await this.tryOnce(seq, body);
      if (r !== null && r !== "damaged" && r.err === "bad frame") {
        damaged++;
        continue;
      }
      if (r === null || r === "damaged" || !("ok" in r || "err" in r)) {
        if (r !== null) damaged++;
        if (!again) throw this.unconfirmed(c, body);
        continue;
      }
      if ("err" in r) throw new ClockRefusal(String(r.err), refusalCode(r));
      return r.ok;
    }
    if (damaged > 0) throw new ToolError("the line to " + this.link.path + " is too noisy: " + damaged + " damaged replies to '" + c + "'; check the cable", EXIT.noAnswer);
    throw this.silence(c);
  }

  private unconfirmed(c: string, body: Record<string, unknown>): ToolError {
    const what = c === "op" ? String(body.words) : c;
    return new ToolError("the clock on " + this.link.path + " did not confirm '" + what + "' (its reply was lost or damaged): it may have done it, so it is not sent again; goclock status shows", EXIT.noAnswer);
  }

  private silence(c: string): ToolError {
    const port = this.link.path;
    if (this.hello) return new ToolError("the clock on " + port + " stopped answering ('" + c + "' got no reply in " + (this.retries + 1) + " tries)", EXIT.noAnswer);
    if (this.link.received() === 0) return new ToolError("no answer on " + port + ": is the clock on and its cable a data cable?", EXIT.noAnswer);
    const tail = this.link.tail();
    const prompt = /Uncaught|>\s*$|Espruino/.test(tail);
    return new ToolError(
      port + " is not a clock of this kind: it answered, but never in the clock's protocol" +
        (prompt ? " (an Espruino prompt answered: flash the clock firmware with goclock flash)" : "") +
        (tail ? "; last received: " + JSON.stringify(tail.slice(-60)) : ""),
      EXIT.notClock,
    );
  }

  /** The greeting every command starts with: proves this is our clock and speaks our protocol. */
  async greet(): Promise<Hello> {
    const ok = (await this.request("hello")) as Partial<Hello> | null;
    if (!ok || typeof ok !== "object" || ok.clock !== CLOCK_NAME) {
      throw new ToolError(this.link.path + " answered in a framed protocol, but as " + JSON.stringify(ok && (ok as Hello).clock) + ", not a " + CLOCK_NAME, EXIT.notClock);
    }
    if (ok.proto !== PROTO) throw new ToolError("the clock on " + this.link.path + " speaks protocol " + ok.proto + "; this goclock speaks " + PROTO + ": update the firmware or the tool", EXIT.notClock);
    checkHello(ok);
    this.hello = ok as Hello;
    this.defaultPin = ok.defaultPin === true;
    return this.hello;
  }

  close(): Promise<void> {
    return this.link.close();
  }
}

/** Opens the port and greets the clock; closes the port again if that fails. */
export async function connect(path: string, o: ClientOptions = {}): Promise<Client> {
  const link = await openLink(path);
  const client = new Client(link, o);
  try {
    await client.greet();
  } catch (e) {
    await client.close();
    throw e;
  }
  return client;
}
