// The board's wiring as data: every pin the drivers use, in one place, so another Espruino board is
// one more function here. Sources (hw/README.md has the links): the Jolt.js page of EspruinoDocs
// (Qwiic connectors, motor drivers, button), boards/JOLTJS.py of the Espruino firmware (pin numbers,
// nFAULT lines, BTN with a pull-down) and the Jolt.js Talking Clock tutorial (speaker on H0).
//
// A function, not a constant: the pin objects exist only on the device, and only once it has booted.

export interface ButtonPin {
  pin: Pin;
  /** How the pin is set up: a button to GND needs a pull-up, one to VCC a pull-down. */
  mode: PinMode;
  /** The level the pin reads while the button is held. */
  pressedHigh: boolean;
}

export interface Pins {
  name: string;
  /** In the order of firmware/board.ts: LEFT, RIGHT, MENU (as seen from the display's side). */
  buttons: ButtonPin[];
  /** Connectors to switch on before anything on them is used. */
  power: Qwiic[];
  /** I²C addresses to try, in order: cheap modules answer at 0x3C, Adafruit's 128×64 at 0x3D.
   *  `reset`: the display's RES pin (the SSD1309 modules need a reset pulse), or null. */
  display: { sda: Pin; scl: Pin; bitrate: number; addresses: number[]; reset: Pin | null };
  /** The speaker across pin and npin (PWM, differential); driver = Jolt.js motor driver bank, -1 if none. */
  speaker: { pin: Pin; npin: Pin; driver: number; fault: Pin | null };
  /** A motor driver output left unconnected, switched to the supply voltage to measure it; null if none. */
  batterySense: { pin: Pin; driver: number } | null;
  /** The player buttons' lamps, LEFT then RIGHT: each pin drives the gate of the FET that switches
   *  that lamp (high = lit); null if the board has none. */
  lamps: Pin[] | null;
}

/** Jolt.js (nRF52840): display on Qwiic Q0 (its RES on Q2's SDA), player buttons on Qwiic Q1, the
 *  buttons' lamps through FETs from Qwiic Q3's pins, speaker on H0/H1. The lamps are not on the
 *  motor drivers: each bank's driver sleeps between uses (the speaker's, the battery reading's),
 *  and an awake driver costs more than the FETs (hw/README.md, power). */
export function joltjs(): Pins {
  return {
    name: "Jolt.js",
    buttons: [
      { pin: Jolt.Q1.sda, mode: "input_pullup", pressedHigh: false }, // LEFT: Q1 SDA (blue wire) to GND
      { pin: Jolt.Q1.scl, mode: "input_pullup", pressedHigh: false }, // RIGHT: Q1 SCL (yellow wire) to GND
      { pin: BTN, mode: "input_pulldown", pressedHigh: true }, // MENU: the on-board button (D0, to VCC)
    ],
    // Q0 and Q1 switch their GND through a FET: off, the display is dark and the buttons never close.
    power: [Jolt.Q0, Jolt.Q1],
    display: { sda: Jolt.Q0.sda, scl: Jolt.Q0.scl, bitrate: 400000, addresses: [0x3c, 0x3d], reset: Jolt.Q2.sda },
    speaker: { pin: H0, npin: H1, driver: 0, fault: D19 },
    batterySense: { pin: H4, driver: 1 },
    lamps: [Jolt.Q3.sda, Jolt.Q3.scl],
  };
}
