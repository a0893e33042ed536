// The hall's broadcast (firmware/board.ts advertise) on the Jolt.js's radio: a Bluetooth
// advertisement with the clock's state in its manufacturer data (firmware/link/advert.ts), neither
// connectable nor scannable, so there is nothing to connect or pair with and no console to reach
// (the UART service stays removed, hw/link.ts). Each new advertisement restarts advertising, so a
// change goes out at once; an unchanged one is repeated every ADVERT_INTERVAL_MS. null: the radio
// sleeps (NRF.sleep: no advertising, no power spent).

import { COMPANY, ADVERT_INTERVAL_MS } from "../firmware/link/advert";

export function makeAdvertiser(): (data: string | null) => string | null {
  // one options object and one empty data object, reused: Espruino keeps a reference to them
  const options: AdvertisingOptions = {
    showName: false, manufacturer: COMPANY, manufacturerData: "", connectable: false, scannable: false, interval: ADVERT_INTERVAL_MS,
  };
  const none = {};
  const nrf = NRF; // a built-in is found after the whole global scope: once here (it runs each second)
  return (data) => {
    try {
      if (data === null) nrf.sleep();
      else {
        options.manufacturerData = data;
        nrf.setAdvertising(none, options);
        nrf.wake(); // at once when it slept (boot, a prompt shut); nothing more while it advertises
      }
      return null;
    } catch (e) {
      return "" + ((e && (e as { message?: unknown }).message) || e);
    }
  };
}
