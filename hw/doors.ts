// Imported first by hw/main.ts, so that the first thing the program does at power-on, before the
// rest of it is even read (Espruino runs a program as it reads it, hundreds of milliseconds for
// this one), is to shut every door: no console on USB or Bluetooth, the radio asleep.

import { bootLink } from "./link";

bootLink();
