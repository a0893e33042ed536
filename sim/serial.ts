// The clock's link (firmware/board.ts Link) on a desktop serial path: a serial device or one end of a
// pseudo-terminal pair (socat), where the desktop tool talks to the simulated clock as to a real one.
//
// Opened with Node's own fs and tty, not the serialport package: the path is a terminal device, and
// tty.ReadStream's setRawMode gives what a serial line needs (bytes as they come: no echo, no line
// editing, no CR/LF translation) without a native addon in the simulator. A pty has no baud rate;
// a real serial adapter is left at the rate its driver set (USB CDC lines, as Jolt.js's, ignore it).

import { closeSync, constants, openSync } from "node:fs";
import { ReadStream, WriteStream, isatty } from "node:tty";
import { Readable, Writable } from "node:stream";
import { createReadStream, createWriteStream } from "node:fs";
import { crc32 } from "node:zlib";
import type { Link } from "../firmware/board";

export interface SerialLink {
  link: Link;
  close(): void;
}

/** Opens PATH for the link; throws with the system's reason when it cannot. */
export function openSerial(path: string): SerialLink {
  const fd = openSync(path, constants.O_RDWR | constants.O_NOCTTY);
  let input: Readable;
  let output: Writable;
  if (isatty(fd)) {
    const r = new ReadStream(fd);
    r.setRawMode(true);
    input = r;
    output = new WriteStream(fd);
  } else {
    input = createReadStream("", { fd: fd, autoClose: false });
    output = createWriteStream("", { fd: fd, autoClose: false });
  }
  let handler: ((chunk: string) => void) | null = null;
  // the tool's end of a pty closed: reading fails (EIO) until a tool opens it again, and the next
  // data says it is open once more
  let open = true;
  input.on("data", (d: Buffer) => {
    open = true;
    if (handler) handler(d.toString("latin1"));
  });
  input.on("error", () => {
    open = false; // the other end went away: the clock keeps running
  });
  output.on("error", () => undefined);
  const link: Link = {
    onData: (fn) => {
      handler = fn;
    },
    write: (text) => {
      output.write(Buffer.from(text, "latin1"));
    },
    crc32: (text) => crc32(Buffer.from(text, "latin1")),
    openPrompt: () => false, // the simulator has no JavaScript prompt to give
    openBluetooth: () => "the simulator has no Bluetooth",
    shut: () => undefined,
    isOpen: (line) => line === "USB" && open,
  };
  return {
    link,
    close: () => {
      input.destroy();
      output.destroy();
      try {
        closeSync(fd);
      } catch {
        // already closed by the streams
      }
    },
  };
}
