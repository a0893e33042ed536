// The page's one display adapter: the 128×64 one-bit frame in the SSD1306's page layout (the bytes
// the device sends to its display) put on a canvas of exactly 128×64 pixels, which CSS scales by a
// whole number with `image-rendering: pixelated`, so every device pixel is a crisp square.

import { WIDTH, HEIGHT, getPixel } from "../../../firmware/gfx/frame";

const ON = [0xd8, 0xf0, 0xff]; // the OLED's lit pixels
const OFF = [0x06, 0x0a, 0x12];

export class Display {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private image: ImageData;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    this.ctx = canvas.getContext("2d")!;
    this.image = this.ctx.createImageData(WIDTH, HEIGHT);
  }

  show(frame: Uint8Array): void {
    const d = this.image.data;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const c = getPixel(frame, x, y) ? ON : OFF;
        const i = (y * WIDTH + x) * 4;
        d[i] = c[0];
        d[i + 1] = c[1];
        d[i + 2] = c[2];
        d[i + 3] = 255;
      }
    }
    this.ctx.putImageData(this.image, 0, 0);
  }

  /** The largest whole scale that fits `width` CSS pixels (at least 1). */
  fit(width: number): void {
    const s = Math.max(1, Math.floor(width / WIDTH));
    this.canvas.style.width = WIDTH * s + "px";
    this.canvas.style.height = HEIGHT * s + "px";
  }
}
