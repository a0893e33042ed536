// The byte stream to a clock: a serial port (USB CDC on the Jolt.js, a pseudo-terminal for the
// simulated clock) through `serialport`, cut into lines. Opening takes an exclusive lock, so two
// programs never talk over each other to one clock.

import { existsSync } from "node:fs";
import { SerialPort } from "serialport";
import { EXIT, ToolError } from "./errors";

export const BAUD = 115200;
/** How often a listener to the port's closing also looks whether the device is still there: a
 *  port whose device went away does not always emit "close" (seen with a pseudo-terminal whose other
 *  end closed while the machine was busy), and a cable pulled removes the device's node. */
const GONE_CHECK_MS = 500;
/** A line longer than this is not a reply of ours (the clock keeps replies small): dropped. */
const MAX_LINE = 16384;

export interface Link {
  path: string;
  write(text: string): Promise<void>;
  /** Every complete line received from now on ("\n" removed). */
  onLine(listener: (line: string) => void): void;
  /** Every chunk received from now on, as it came (for a prompt bridged to a terminal). */
  onData(listener: (chunk: Buffer) => void): void;
  /** Once, when the port closes (closed here, or gone: a cable pulled). */
  onClose(listener: () => void): void;
  /** Bytes received so far, noise included: tells "nothing answered" from "something else did". */
  received(): number;
  /** The last bytes received, as printable text (for a message about what answered instead). */
  tail(): string;
  close(): Promise<void>;
}

/** The port error in an arbiter's words. */
function openProblem(path: string, message: string): string {
  if (/cannot lock port|resource temporarily unavailable|busy/i.test(message)) return path + " is busy: another program has it open (a terminal, the Web IDE, another goclock); close it and try again";
  if (/no such file/i.test(message)) return "no serial port " + path + " (goclock list shows the clocks connected)";
  if (/permission denied/i.test(message)) return "no permission to open " + path + " (on Linux: add yourself to the dialout group, then log in again)";
  if (/inappropriate ioctl|is a directory|not a tty/i.test(message)) return path + " is not a serial port";
  return "cannot open " + path + ": " + message;
}

export function openLink(path: string): Promise<Link> {
  const port = new SerialPort({ path: path, baudRate: BAUD, autoOpen: false, lock: true });
  return new Promise((resolve, reject) => {
    port.open((err) => {
      if (err) {
        reject(new ToolError(openProblem(path, err.message), EXIT.port));
        return;
      }
      let pending = "";
      let count = 0;
      let last = "";
      const listeners: ((line: string) => void)[] = [];
      const raw: ((chunk: Buffer) => void)[] = [];
      port.on("data", (chunk: Buffer) => {
        count += chunk.length;
        for (const l of raw) l(chunk);
        const text = chunk.toString("latin1");
        last = (last + text).slice(-200);
        pending += text;
        let nl: number;
        while ((nl = pending.indexOf("\n")) >= 0) {
          const line = pending.slice(0, nl);
          pending = pending.slice(nl + 1);
          for (const l of listeners) l(line);
        }
        if (pending.length > MAX_LINE) pending = "";
      });
      // a port that goes away mid-command (cable pulled) is reported by the request's timeout
      port.on("error", () => undefined);
      resolve({
        path: path,
        write: (s) =>
          new Promise((res, rej) => {
            port.write(s, "latin1", (e) => (e ? rej(new ToolError("cannot write to " + path + ": " + e.message, EXIT.port)) : port.drain(() => res())));
          }),
        onLine: (l) => {
          listeners.push(l);
        },
        onData: (l) => {
          raw.push(l);
        },
        onClose: (l) => {
          let told = false;
          const tell = (): void => {
            if (told) return;
            told = true;
            clearInterval(look);
            l();
          };
          port.once("close", tell);
          const look = setInterval(() => {
            if (!existsSync(path)) tell();
          }, GONE_CHECK_MS);
          look.unref(); // never what keeps the tool running
        },
        received: () => count,
        tail: () => last.replace(/[^\x20-\x7e]+/g, " ").trim(),
        close: () => new Promise((res) => (port.isOpen ? port.close(() => res()) : res())),
      });
    });
  });
}

export interface PortInfo {
  path: string;
  manufacturer?: string;
  serialNumber?: string;
  vendorId?: string;
  productId?: string;
}

/** The serial ports the system knows of, or the reason it cannot list them. */
export async function systemPorts(): Promise<PortInfo[] | string> {
  try {
    return await SerialPort.list();
  } catch (e) {
    return (e as Error).message;
  }
}
