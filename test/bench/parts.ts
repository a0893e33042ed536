// The parts' figures the power model (power.ts) and the legibility figure work from, each with where
// it comes from. hw/README.md cites them (a test checks its copies against these). Where a datasheet
// gives no figure the value is an estimate, said so, and chosen on the pessimistic side: the model
// must not promise hours the clock does not have.

export interface Figure {
  value: number;
  unit: string;
  source: string;
  /** Not from a datasheet or a vendor's page: reasoned, and pessimistic. */
  estimate?: boolean;
}

function fig(value: number, unit: string, source: string, estimate?: boolean): Figure {
  return estimate ? { value, unit, source, estimate } : { value, unit, source };
}

/** The microcontroller (nRF52840 running Espruino) and the Jolt.js board around it. */
export const MCU = {
  runMa: fig(8, "mA", "Espruino, Power Consumption page: nRF52 devices, Run (processing JavaScript) 4-8 mA; the top of the range"),
  sleepMa: fig(0.003, "mA", "Espruino, Power Consumption page: nRF52 Sleep, with Bluetooth advertising disabled, 0.003 mA"),
  /** While a Waveform plays: the high-speed clock runs for its hardware timer and the PWM. */
  timerMa: fig(1, "mA", "Espruino, Power Consumption page: nRF52 Sleep with HSE on (a high speed timer in use) ~1 mA"),
  bluetoothMa: fig(0, "mA", "radio off: NRF.sleep() at every boot (hw/link.ts), nothing advertises"),
  boardMa: fig(0.1, "mA", "Jolt.js regulator, charger and the drivers asleep: not published; Jolt.js is sold to run for months on a battery, i.e. far below this", true),
  /** One motor-driver bank awake (the speaker's while a clip plays, the battery reading's for 50 ms a minute). */
  driverMa: fig(2.7, "mA", "a motor-driver bank awake (nSLEEP high): not published for the Jolt.js's drivers; the figure hw/speaker.ts saves by putting it to sleep", true),
};

/** The radio, for the hall's broadcast (the tournament setting on; at home it sleeps: bluetoothMa). */
export const RADIO = {
  txMa: fig(10.8, "mA", "nRF52840 Product Specification, radio current consumption IRADIO_TX3: transmitting at 0 dBm (Espruino's default power), 1 Mbps Bluetooth LE, HFXO, on the LDO regulator (Espruino's Jolt.js build does not enable the DC/DC converter: boards/JOLTJS.py has no ESPR_DCDC_ENABLE; with it, IRADIO_TX1, 6.4 mA)"),
  rampUs: fig(140, "µs", "nRF52840 Product Specification, RADIO: tTXEN, the transmitter's ramp-up in its default mode, counted at the transmit current (an upper bound)"),
  overheadBytes: fig(16, "bytes", "Bluetooth Core, LE link layer: preamble 1, access address 4, PDU header 2, the advertiser's address 6, CRC 3 around the advertising data, 8 µs a byte at 1 Mbit/s"),
  channels: fig(3, "", "Bluetooth Core: a legacy advertising event goes out on the three advertising channels, 37, 38 and 39"),
};

/** The cell: Adafruit 258. */
export const CELL = {
  mAh: fig(1200, "mAh", "Adafruit 258, Lithium Ion Polymer Battery 3.7 V 1200 mAh"),
  /** The share of the rated capacity counted on: an aged cell in a cool hall. */
  usable: fig(0.9, "", "ageing and temperature: 10 % of the rated capacity not counted on", true),
  /** The motor drivers' supply: the cell through the board's power diode (hw/battery.ts). */
  diodeV: fig(0.35, "V", "hw/battery.ts: the power diode between the cell and the drivers' supply"),
  /** The cell when full: the speaker's current is reckoned at it (the most current it can draw). */
  fullV: fig(4.2, "V", "a LiPo cell charged full (the curve in hw/battery.ts ends there)"),
};

/** The speaker: Adafruit 1890, across two motor-driver outputs (no amplifier). */
export const SPEAKER = {
  ohms: fig(8, "Ω", "Adafruit 1890, Mini Metal Speaker w/ Wires, 8 Ω 0.5 W"),
};

/** A 128×64 OLED module: what the legibility and the display's current are reckoned from. */
export interface OledModule {
  name: string;
  part: string;
  controller: string;
  /** Active area (the lit pixels' extent). */
  widthMm: number;
  heightMm: number;
  areaSource: string;
  /** Segment current per lit pixel at contrast 255, while its row is driven (1/64 of the time). */
  isegUa: Figure;
  /** The panel's supply (VCC) and the efficiency of what makes it from the module's 3.3 V. */
  vccV: Figure;
  efficiency: Figure;
  /** Logic, oscillator and the converter's own draw with nothing lit. */
  staticMa: Figure;
  recommended: boolean;
}

const SSD1306_ISEG = fig(100, "µA", "SSD1306 datasheet Rev 1.5 §8.8: ISEG = contrast/256 × IREF × 8, IREF set to 12.5 µA \"to achieve ISEG = 100 µA at maximum contrast 255\"");
const SSD1306_VCC = fig(7.5, "V", "SSD1306 datasheet Rev 1.5 §8.10: the charge pump (8D 14) makes VCC = 7.5 V");
const PUMP = fig(0.6, "", "switched-capacitor pump from 3.3 V to 7.5 V: not in the datasheet", true);
const SSD1306_STATIC = fig(0.8, "mA", "logic, oscillator and pump with nothing lit: not in the modules' pages (Adafruit: \"about 20 mA on average\" lit)", true);

export const OLEDS: OledModule[] = [
  {
    name: "0.96\"", part: "Adafruit 326", controller: "SSD1306", widthMm: 21.74, heightMm: 10.86,
    areaSource: "UG-2864HSWEG01 panel (Adafruit 326): active area 21.74 × 10.86 mm",
    isegUa: SSD1306_ISEG, vccV: SSD1306_VCC, efficiency: PUMP, staticMa: SSD1306_STATIC, recommended: false,
  },
  {
    name: "1.3\"", part: "Adafruit 938", controller: "SSD1306", widthMm: 29.42, heightMm: 14.7,
    areaSource: "Adafruit 938 (1.3\" 128×64 panel): active area 29.42 × 14.70 mm, 0.23 mm pitch",
    isegUa: SSD1306_ISEG, vccV: SSD1306_VCC, efficiency: PUMP, staticMa: SSD1306_STATIC, recommended: false,
  },
  {
    name: "2.42\"", part: "Adafruit 2719 or Waveshare 2.42inch OLED Module", controller: "SSD1309", widthMm: 55.01, heightMm: 27.49,
    areaSource: "2.42\" 128×64 SSD1309 modules (Adafruit 2719, Waveshare): active area 55.01 × 27.49 mm, 0.40 mm pixels",
    isegUa: fig(350, "µA", "not published for the modules: the SSD1306's 100 µA scaled by the pixel's area, (0.43/0.23)², for the same brightness", true),
    vccV: fig(12.5, "V", "SSD1309 datasheet Rev 1.1: no charge pump, VCC from outside (the module's boost converter, 12-13 V)"),
    efficiency: fig(0.75, "", "the module's boost converter from 3.3 V: not published", true),
    staticMa: fig(1.5, "mA", "logic and the boost converter's own draw with nothing lit: not published", true),
    recommended: true,
  },
];

/** The player button's lamp: a red LED in place of the Adafruit 1192's 12 V lamp, fed from Qwiic Q1's
 *  3.3 V through a resistor, switched by a FET (hw/README.md, wiring). */
export const LAMP = {
  supplyV: fig(3.3, "V", "Jolt.js 3.3 V rail on Qwiic Q1's red wire (its regulator: the cell's current is the lamp's)"),
  ledV: fig(2.0, "V", "a red 5 mm LED's forward voltage at 10 mA (typical of red LEDs' datasheets)"),
  ohms: fig(220, "Ω", "chosen: (3.3 V - 2.0 V) / 220 Ω is about 6 mA, ample for a red LED under the 60 mm dome, and half the current of 10 mA"),
};

/** The lamp's current while lit, mA. */
export function lampMa(): number {
  return (1000 * (LAMP.supplyV.value - LAMP.ledV.value)) / LAMP.ohms.value;
}

/** The large digits' height on a module: ink rows × the pixel pitch. */
export function digitMm(o: OledModule, rows: number): number {
  return (rows * o.heightMm) / 64;
}

/** The display module's current from the cell (mA) with `lit` pixels at `contrast`: each lit pixel
 *  draws ISEG × contrast/256 for 1/64 of the time from VCC, which the module makes from 3.3 V (the
 *  Jolt.js's regulator: linear, so the cell gives the same current). */
export function oledMa(o: OledModule, lit: number, contrast: number): number {
  const panelMa = ((lit / 64) * o.isegUa.value * (contrast / 256)) / 1000;
  return o.staticMa.value + (panelMa * o.vccV.value) / (3.3 * o.efficiency.value);
}

/** Every figure with its name, for the README's check. */
export function allFigures(): Record<string, Figure> {
  const out: Record<string, Figure> = {};
  const add = (prefix: string, o: Record<string, unknown>) => {
    for (const k of Object.keys(o)) if (o[k] && typeof o[k] === "object" && "value" in (o[k] as object)) out[prefix + "." + k] = o[k] as Figure;
  };
  add("mcu", MCU);
  add("cell", CELL);
  add("speaker", SPEAKER);
  add("lamp", LAMP);
  add("radio", RADIO);
  for (const o of OLEDS) add("oled" + o.name.replace(/[^0-9]/g, ""), o as unknown as Record<string, unknown>);
  return out;
}
