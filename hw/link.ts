// The Link (firmware/board.ts) on Espruino: the USB line speaks the clock's protocol; the JavaScript
// prompt (REPL) is nowhere unless opened. Espruino gives a line's data to USB.on("data") only while
// the console is elsewhere, so the console is forced to nowhere, E.setConsole(null, {force: true}),
// which must be said at every boot (a reset forgets it); forced, it no longer follows USB or
// Bluetooth when they connect. Bluetooth is off (NRF.sleep(): nobody can connect, no radio cost),
// and its UART service is removed as well, so that nothing that wakes the radio brings back a console.

import type { Link } from "../firmware/board";

export function attempt(f: () => void): string | null {
  try {
    f();
    return null;
  } catch (e) {
    return "" + ((e && (e as { message?: unknown }).message) || e);
  }
}

/** No prompt anywhere: USB to the protocol, Bluetooth off. */
export function shutPrompts(): void {
  attempt(() => E.setConsole(null, { force: true }));
  attempt(() => NRF.sleep());
}

/** Whether USB is open at the host's end: Espruino 2v25 and later can tell (USB.isConnected). */
function usbOpen(): boolean {
  try {
    return USB.isConnected();
  } catch (e) {
    return true; // an older Espruino cannot tell: the prompt ends with the game's start alone
  }
}

export function makeLink(): Link {
  // the phone of a Bluetooth prompt has gone: the prompt must not wait for the next one
  let phoneGone = false;
  return {
    onData: (fn) => {
      attempt(() => USB.on("data", fn)); // a board without USB has no link, and still keeps time
    },
    write: (text) => {
      attempt(() => USB.write(text));
    },
    crc32: (text) => E.CRC32(text),
    openPrompt: (pending) => {
      if (attempt(() => E.setConsole("USB", { force: true }))) return false;
      // what asked for it (the tools' Ctrl-C and whatever followed) goes to the REPL as typed
      attempt(() => USB.inject(pending));
      return true;
    },
    openBluetooth: (passkey) =>
      attempt(() => {
        phoneGone = false;
        NRF.setServices({}, { uart: true });
        // the hall's advertisement (hw/air.ts) made the radio unconnectable: the phone must connect
        NRF.setAdvertising({}, { connectable: true, scannable: true, showName: true });
        NRF.setSecurity({ passkey: passkey, mitm: 1, display: 1 });
        NRF.on("disconnect", () => {
          phoneGone = true;
          shutPrompts();
        });
        NRF.wake();
        E.setConsole("Bluetooth", { force: true });
      }),
    shut: () => {
      attempt(() => NRF.removeAllListeners("disconnect"));
      shutPrompts();
      // the UART service goes too: the hall's advertisement wakes the radio again (hw/air.ts)
      attempt(() => NRF.setServices({}, { uart: false }));
    },
    isOpen: (line) => (line === "Bluetooth" ? !phoneGone : usbOpen()),
  };
}

/** At power-on, before anything else runs: every door shut, the UART service gone. */
export function bootLink(): void {
  shutPrompts();
  attempt(() => NRF.setServices({}, { uart: false }));
}
