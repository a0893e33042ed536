// The project's own bitmap fonts and icons, stored as the device draws them: column bytes, bit 0 at the
// top, one byte per 8-pixel page (the SSD1306 "vertical byte" layout of the frame). A glyph drawn at a
// y that is a multiple of 8 is then a handful of byte ORs (see frame.ts).
//
// Data is written as hex, one glyph per line; glyph g's columns follow each other, each column being
// `pages` bytes from the top. The sheets test/golden/font-small.txt and font-large.txt show every glyph
// as pixels: review a change there.

export interface Font {
  /** Height in 8-pixel pages. */
  pages: number;
  /** Character code of glyph 0; glyphs follow in code order, then those of `extra`. */
  first: number;
  count: number;
  extra: string;
  /** Blank columns between glyphs. */
  spacing: number;
  /** Glyph drawn for a character the font lacks; -1 draws nothing. */
  fallback: number;
  widths: Uint8Array;
  /** Index in data of each glyph's first column. */
  offsets: Uint16Array;
  data: Uint8Array;
}

/** A one-page bitmap (8 rows): one byte per column, bit 0 at the top. */
export interface Icon {
  width: number;
  data: Uint8Array;
}

function hexBytes(hex: string): Uint8Array {
  const n = hex.length >> 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = parseInt(hex.substring(i * 2, i * 2 + 2), 16);
  return out;
}

/** widths: one width for every glyph, or a list (tabular digits with a narrow colon). */
function makeFont(hex: string, pages: number, first: number, count: number, extra: string, widths: number | number[], spacing: number, fallback: number): Font {
  const total = count + extra.length;
  const w = new Uint8Array(total);
  const off = new Uint16Array(total);
  let at = 0;
  for (let g = 0; g < total; g++) {
    w[g] = typeof widths === "number" ? widths : widths[g];
    off[g] = at;
    at += w[g] * pages;
  }
  const data = hexBytes(hex);
  if (data.length !== at) throw new Error("font data has " + data.length + " bytes, expected " + at);
  return { pages: pages, first: first, count: count, extra: extra, spacing: spacing, fallback: fallback, widths: w, offsets: off, data: data };
}

/** Labels and menus: 5x7 capitals, lower case with a one-row descender in the 8th row; printable
 *  ASCII (32-126) and the multiplication sign. Every glyph is 5 columns, 1 blank between: 6 px a
 *  character, 21 characters across the screen. */
const SMALL_HEX =
  "0000000000" + //  
  "00005f0000" + // !
  "0007000700" + // "
  "147f147f14" + // #
  "242a7f2a12" + // $
  "2313086462" + // %
  "3649552250" + // &
  "0000070000" + // '
  "001c224100" + // (
  "0041221c00" + // )
  "14083e0814" + // *
  "08083e0808" + // +
  "00a0600000" + // ,
  "0808080808" + // -
  "0060600000" + // .
  "2010080402" + // /
  "3e5149453e" + // 0
  "00427f4000" + // 1
  "4261514946" + // 2
  "2141454b31" + // 3
  "1814127f10" + // 4
  "2745454539" + // 5
  "3c4a494930" + // 6
  "0171090503" + // 7
  "3649494936" + // 8
  "064949291e" + // 9
  "0036360000" + // :
  "0056360000" + // ;
  "0814224100" + // <
  "1414141414" + // =
  "0041221408" + // >
  "0201510906" + // ?
  "3e415d551e" + // @
  "7e0909097e" + // A
  "7f49494936" + // B
  "3e41414122" + // C
  "7f4141221c" + // D
  "7f49494941" + // E
  "7f09090901" + // F
  "3e4149497a" + // G
  "7f0808087f" + // H
  "00417f4100" + // I
  "2040413f01" + // J
  "7f08142241" + // K
  "7f40404040" + // L
  "7f020c027f" + // M
  "7f0408107f" + // N
  "3e4141413e" + // O
  "7f09090906" + // P
  "3e4151215e" + // Q
  "7f09192946" + // R
  "4649494931" + // S
  "01017f0101" + // T
  "3f4040403f" + // U
  "1f2040201f" + // V
  "3f4038403f" + // W
  "6314081463" + // X
  "0304780403" + // Y
  "6151494543" + // Z
  "007f414100" + // [
  "0204081020" + // backslash
  "0041417f00" + // ]
  "0402010204" + // ^
  "8080808080" + // _
  "0001020400" + // `
  "2054545478" + // a
  "7f44444438" + // b
  "3844444420" + // c
  "384444447f" + // d
  "3854545418" + // e
  "087e090102" + // f
  "18a4a4a47c" + // g
  "7f08040478" + // h
  "00447d4000" + // i
  "4080847d00" + // j
  "7f10284400" + // k
  "00417f4000" + // l
  "7c04780478" + // m
  "7c08040478" + // n
  "3844444438" + // o
  "fc24242418" + // p
  "18242424fc" + // q
  "7c08040408" + // r
  "4854545424" + // s
  "043f444020" + // t
  "3c4040207c" + // u
  "1c2040201c" + // v
  "3c4030403c" + // w
  "4428102844" + // x
  "1ca0a0a07c" + // y
  "4464544c44" + // z
  "0008364100" + // {
  "00007f0000" + // |
  "0041360800" + // }
  "0804081008" + // ~
  "2214081422"; // \xd7 (multiplication sign, as in "3\xd760")

export const SMALL: Font = makeFont(SMALL_HEX, 1, 32, 95, "\xd7", 5, 1, 31 /* "?" */);

/** The times: 0-9 and ":", 32 rows (4 pages; ink in rows 2-31, so a glyph at y = 8 leaves a gap under
 *  an 8-row header), digits 10 columns with 3-pixel strokes, the colon 2.
 *
 *  Why this size: each side's time has its own half of the screen, left and right as the players sit
 *  (the buttons are left and right too), 63 columns each. The widest time, H:MM:SS, is 5 digits, 2 colons
 *  and 6 gaps = 5*10 + 2*2 + 6 = 60 columns, so 10 columns is the widest digit that fits; 30 rows is as
 *  tall as the screen allows beside a header line, a periods line and a message line. On a 1.3" OLED
 *  (0.23 mm pixels) a digit is 6.9 mm tall, about 8 minutes of arc at 3 m (a 20/20 eye reads 5); on a
 *  0.96" (0.17 mm) it is 5.1 mm, about 6 minutes. Stacking the times instead would allow wider digits
 *  but no taller ones, and would lose the left/right match with the buttons. */
const LARGE_HEX =
  "f0ffff3ff8ffff7ff8ffff7f1c0000e01c0000e01c0000e01c0000e0f8ffff7ff8ffff7ff0ffff3f" + // 0
  "4000000060000000300000e0180000e0fcfffffffcfffffffcffffff000000e0000000e000000000" + // 1
  "f000f8fff800fcfff800feff1c000fe01c8007e01cc003e01ce001e0f8ff00e0f87f00e0f03f00e0" + // 2
  "f000003cf800007cf800007c1c8003e01c8003e01c8003e01cc007e0f8ffff7ff8fffe7ff07ffc3f" + // 3
  "fcff1f00fcff1f00fcff1f0000001c0000001c0000001c00fcfffffffcfffffffcffffff00001c00" + // 4
  "fcff003cfcff007cfcff007c1ce000e01ce000e01ce000e01ce000e01ce0ff7f1cc0ff7f1c80ff3f" + // 5
  "f0ffff3ff8ffff7ff8ffff7f1c6000e01c7000e01c7000e01c7000e0f8f0ff7ff8e0ff7ff0c0ff3f" + // 6
  "1c0000001c0000001c0000fe1c00e0ff1c00feff1ce0ff031cfe3f00fcff0300fc3f0000fc030000" + // 7
  "f01fff3ff8bfff7ff8ffff7f1ce000e01cc000e01cc000e01ce000e0f8ffff7ff8bfff7ff01fff3f" + // 8
  "f0ff0f3cf8ff1f7cf8ff3f7c1c0038e01c0038e01c0038e01c0018e0f8ffff7ff8ffff7ff0ffff3f" + // 9
  "001ce000001ce000"; // :

export const LARGE: Font = makeFont(LARGE_HEX, 4, 48, 11, "", [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 2], 1, -1);

/** A pennant on a pole: the side that ran out of time. */
export const FLAG: Icon = { width: 7, data: hexBytes("ff1f0e0e0e0404") };

/** An almost empty battery. */
export const BATTERY: Icon = { width: 13, data: hexBytes("7f415d5d414141414141417f1c") };
