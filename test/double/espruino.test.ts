// The board double against what Espruino 2v29 does (src/jsinteractive.c, jswrap_io.c,
// jsflash.c, jswrap_waveform.c, the SSD1306 module): small programs, checked edge by edge.
import { describe, it, expect } from "vitest";
import { Device } from "./device";

function board(code: string, extra: Partial<ConstructorParameters<typeof Device>[0]> = {}) {
  return new Device({ code, buttons: [{ pin: "D2", activeLow: true }], ...extra }).start();
}

const out = (d: Device) => d.printed.map((p) => p.text);

describe("the firmware's world has only Espruino's globals", () => {
  it("a Node-only API or an ES feature Espruino lacks is a ReferenceError or TypeError", () => {
    const d = board(`
      var r = [];
      function t(f) { try { f(); r.push("ok"); } catch (e) { r.push(e.constructor.name); } }
      t(function () { new Map(); });
      t(function () { Array.from([1]); });
      t(function () { setImmediate(function () {}); });
      t(function () { process.nextTick(function () {}); });
      t(function () { require("fs"); });
      t(function () { Buffer.from("x"); });
      t(function () { require("Storage").list(); });
      print(r.join(","));`);
    expect(out(d)).toEqual(["ReferenceError,TypeError,ReferenceError,TypeError,Error,ReferenceError,ok"]);
  });

  it("an exception at the top of the saved code is printed and the code before it still ran", () => {
    const d = board(`var ran = 1; module.exports = {};`);
    expect(d.errors.map((e) => e.text.split("\n")[0])).toEqual(["Uncaught ReferenceError: module is not defined"]);
    expect(d.repl("ran")).toBe(1);
  });

  it("E.on('init') runs after the saved code at every power-on", () => {
    const d = board(`print("code"); E.on("init", function () { print("init " + getTime()); });`);
    d.powerCut(1000, 250);
    d.advance(2000);
    expect(out(d)).toEqual(["code", "init 0", "code", "init 0"]);
    expect(d.boots.map((b) => [b.t, b.reason])).toEqual([[0, "power on"], [1250, "power cut"]]);
  });
});

describe("strings", () => {
  // each figure as Espruino 2v29's Linux build prints it for the same line
  it("indexOf and includes find a text whose start matches the string's end, as on the board; lastIndexOf does not", () => {
    const d = board(`
      var known = " count:1=500 ";
      print([known.indexOf(" count:2="), known.indexOf(" count:1="), "xyz".indexOf("zq"), " start pause ".indexOf(" pausex "),
        " 0:2720 1:1597 2:1200 ".indexOf(" 9:"), "menu link".indexOf("usb"), "a b ".indexOf(" b c "), "abc|".indexOf("|x|"),
        "abc|.".indexOf("|x|"), "abc".indexOf("", 3), "".indexOf(""), "ab".lastIndexOf("bq")].join(","));
      print(["abc".includes("cd"), "abc.".includes("cd")].join(","));`);
    expect(out(d)).toEqual(["12,0,2,12,21,-1,-1,3,-1,-1,-1,-1", "true,false"]);
  });
});

describe("time and timers", () => {
  it("getTime() moves in RTC steps of 1/32768 s and timers fire on that grid", () => {
    const d = board(`setTimeout(function () { print(getTime()); }, 1);`);
    d.advance(10);
    // 1 ms = 1049 ticks of 2^20 Hz; the RTC wakes the chip at the next multiple of 32: 1056
    expect(out(d)).toEqual([String(1056 / 1048576)]);
  });

  it("Date reads the board's clock, not the desk's", () => {
    const d = board(`setTimeout(function () { print(Date.now() + " " + (new Date().getTime() === Date.now())); }, 1500);`);
    d.advance(2000);
    expect(out(d)).toEqual([1536 * 1000 / 1024 + " true"]);
  });

  it("timer ids are 'the last one + 1', so they come back once the list is empty", () => {
    const d = board(`var a = setTimeout(function () {}, 10); var b = setTimeout(function () {}, 20);
      setTimeout(function () { print([a, b, setTimeout(function () {}, 5)].join()); }, 30);`);
    d.advance(100);
    expect(out(d)).toEqual(["1,2,4"]);
    expect(d.repl("setTimeout(function(){}, 1)")).toBe(1);
  });

  it("setInterval keeps its own schedule and catches up in a burst after a stall", () => {
    const d = board(`var n = 0; setInterval(function () { n++; print(n + "@" + Math.round(getTime() * 1000)); }, 100);`);
    d.stall(150, 300);
    d.advance(520);
    expect(out(d)).toEqual(["1@100", "2@450", "3@450", "4@450", "5@500"]);
  });

  it("a timer due during a stall runs after it, with getTime() showing the late hour", () => {
    const d = board(`setTimeout(function () { print(Math.round(getTime() * 1000)); }, 1000);`);
    d.stall(900, 2000);
    d.advance(4000);
    expect(out(d)).toEqual(["2900"]);
  });

  it("after a power-on at an odd instant, timers keep to the board's own RTC grid", () => {
    const d = board(`var n = 0; setInterval(function () { n++; }, 100);`);
    d.powerCut(1000.3, 0.77);
    d.advance(2000);
    expect(d.repl("n")).toBe(9);
    expect(d.boots.length).toBe(2);
  });

  it("sleeps between timers: one wake-up per second for a 1 s interval", () => {
    const d = board(`setInterval(function () {}, 1000);`);
    d.advance(10000);
    expect(d.wakeups().length).toBe(10);
  });
});

describe("watches", () => {
  const watch = (opts: string) => `pinMode(D2, "input_pullup");
    setWatch(function (e) { print((e.state ? "up" : "down") + " " + Math.round(e.time * 1e4) / 10 + " last " + (e.lastTime === undefined ? "-" : Math.round(e.lastTime * 1e4) / 10)); }, D2, ${opts});`;

  it("without debounce every edge of a bounce runs the callback with its own time", () => {
    const d = board(watch(`{ repeat: true, edge: "both" }`), { seed: 3 });
    d.press("D2", 100, { bounceMs: 5, bounces: 2 });
    d.advance(200);
    const lines = out(d);
    expect(lines.length).toBe(5);
    expect(lines[0]).toMatch(/^down 100 last -$/);
    expect(lines[4]).toMatch(/^down 10[0-5]\.\d /);
  });

  it("with debounce the callback runs once the bounce settles and reports the last edge's time", () => {
    const d = board(watch(`{ repeat: true, edge: "falling", debounce: 10 }`), { seed: 3 });
    d.press("D2", 100, { bounceMs: 5, bounces: 2 });
    d.advance(200);
    const lines = out(d);
    expect(lines.length).toBe(1);
    const t = Number(lines[0].split(" ")[1]);
    expect(t).toBeGreaterThan(100);
    expect(t).toBeLessThanOrEqual(105);
  });

  it("edges during a stall are queued with their own times and handled after it", () => {
    const d = board(watch(`{ repeat: true, edge: "falling" }`) + `print("ready");`);
    d.stall(1000, 2000);
    d.press("D2", 1500);
    d.advance(4000);
    expect(out(d)).toEqual(["ready", "down 1500 last -"]);
    expect(d.printed[1].t).toBe(3000);
  });

  it("a button to GND with no pull-up gives no edge at all", () => {
    const d = board(`setWatch(function () { print("edge"); }, D2, { repeat: true });`);
    d.tap("D2", 100);
    d.advance(500);
    expect(out(d)).toEqual([]);
  });

  it("BTN1 watches the rising edge with a 25 ms debounce by default", () => {
    const d = board(`setWatch(function (e) { print(e.state + " " + Math.round(e.time * 1000)); }, BTN, { repeat: true });`);
    d.tap("BTN1", 100, 200);
    d.advance(1000);
    expect(out(d)).toEqual(["true 100"]);
    expect(d.printed[0].t).toBeCloseTo(125, 0);
  });
});

describe("Storage", () => {
  it("pre-allocates a file, fills it at offsets, and refuses to write twice", () => {
    const d = board(`var s = require("Storage");
      s.write("rec", "AAAA", 0, 12);
      s.write("rec", "BBBB", 4);
      print(JSON.stringify(s.read("rec")));
      try { s.write("rec", "BBBB", 4); } catch (e) { print(e.message); }
      try { s.write("rec", "CCCCCCCCC", 8); } catch (e) { print(e.message); }
      try { s.write("none", "x", 3); } catch (e) { print(e.message); }
      s.write("rec", "Z");
      print(JSON.stringify(s.read("rec")));`);
    expect(out(d)).toEqual([
      '"AAAABBBB\\u00FF\\u00FF\\u00FF\\u00FF"', // Espruino's JSON.stringify escapes past ASCII
      "File already written with different data",
      "Too much data for file size",
      "Unable to find or create file",
      '"Z"',
    ]);
  });

  it("writeJSON drops the quotes of keys; readJSON reads it back, JSON.parse does not", () => {
    const d = board(`var s = require("Storage"); s.writeJSON("j", { a: 1, "b c": [true, "x"] });
      print(s.read("j")); print(JSON.stringify(s.readJSON("j")));
      try { JSON.parse(s.read("j")); } catch (e) { print("JSON.parse fails"); }`);
    expect(out(d)).toEqual(['{a:1,"b c":[true,"x"]}', '{"a":1,"b c":[true,"x"]}', "JSON.parse fails"]);
  });

  it("a power cut in a write leaves the bytes written so far and the rest erased; the board reboots", () => {
    const d = board(`var s = require("Storage");
      if (s.read("f") === undefined) {
        s.write("f", "", 0, 8);
        setTimeout(function () { s.write("f", "12345678", 0); print("written"); }, 100);
      }`);
    d.cutDuringNextWrite(3);
    d.advance(1000);
    expect(Array.from(d.flash.read("f")!)).toEqual([49, 50, 51, 255, 255, 255, 255, 255]);
    expect(out(d)).toEqual([]);
    expect(d.boots.map((b) => b.reason)).toEqual(["power on", "power cut during a flash write"]);
  });

  it("names are cut to 28 characters", () => {
    const d = board(`var s = require("Storage"); s.write("a".repeat(30), "1"); print(s.list(/^a/).join());`);
    expect(out(d)).toEqual(["a".repeat(28)]);
  });
});

describe("the display and the speaker", () => {
  it("Graphics with vertical_byte keeps 8 rows a byte, top row in bit 0 (the SSD1306's page layout)", () => {
    const d = board(`var g = Graphics.createArrayBuffer(128, 64, 1, { vertical_byte: true });
      g.setPixel(3, 0); g.setPixel(3, 9); g.setPixel(127, 63);
      var h = Graphics.createArrayBuffer(16, 2, 1); h.setPixel(1, 1);
      var b = new Uint8Array(g.buffer); print([b[3], b[131], b[1023], new Uint8Array(h.buffer)[2]].join());`);
    expect(out(d)).toEqual(["1,2,128,2"]);
  });

  it("the SSD1306 module over Q0's I2C shows each flipped buffer once the port is powered", () => {
    const d = board(`Q0.setPower(1);
      var g = require("SSD1306").connect(Q0.i2c, function () { new Uint8Array(g.buffer).fill(0x0f); g.flip(); });`);
    d.advance(1000);
    expect(d.frames.length).toBe(1);
    expect(d.frames[0].visible).toBe(true);
    expect(d.frames[0].bytes.every((b) => b === 0x0f)).toBe(true);
    expect(d.frames[0].t).toBeGreaterThan(100); // after the init and the 1024 bytes' bus time
  });

  it("without power on the port the panel does not answer: hardware I2C throws, software I2C is silent", () => {
    const d = board(`I2C1.setup({ scl: Q0.scl, sda: Q0.sda });
      try { I2C1.writeTo(0x3c, 0, 0xaf); } catch (e) { print(e.message); }
      Q0.i2c.writeTo(0x3c, 0, 0xaf); print("silent");`);
    expect(out(d)).toEqual(["I2C Write Error 33281", "silent"]);
  });

  it("a Waveform from a Storage clip starts at its `time` and is traced to the file", () => {
    const clip = new Uint8Array(800).fill(128);
    const d = board(`analogWrite(H0, 0.5, { freq: 80000 });
      var w = new Waveform(E.toArrayBuffer(require("Storage").read("v.e30")));
      w.on("finish", function () { print("finish " + Math.round(getTime() * 1000)); });
      w.startOutput(H0, 8000, { time: getTime() + 0.5, npin: H1 });
      try { w.startOutput(H0, 8000); } catch (e) { print(e.message); }`, { files: { "v.e30": clip } });
    d.advance(1000);
    expect(d.sounds.map((s) => [s.startsAt, s.endsAt, s.file, s.audible])).toEqual([[500, 600, "v.e30", true]]);
    expect(out(d)).toEqual(["Waveform is already running", "finish 600"]);
  });

  it("stop() silences at once but the Waveform stays 'running' until the loop handles it", () => {
    const d = board(`analogWrite(H0, 0.5, { freq: 80000 });
      var w = new Waveform(8000); w.startOutput(H0, 8000); w.stop();
      try { w.startOutput(H0, 8000); } catch (e) { print(e.message); }
      setTimeout(function () { w.startOutput(H0, 8000); print("again"); }, 10);`);
    d.advance(100);
    expect(out(d)).toEqual(["Waveform is already running", "again"]);
    expect(d.sounds.map((s) => s.stopped)).toEqual([true, false]);
  });
});

describe("the watchdog", () => {
  it("a callback that runs past the watchdog's timeout (counted from the last idle pass) reboots the board", () => {
    const d = board(`E.enableWatchdog(1); print("boot");`);
    d.stall(100, 2000);
    d.advance(3000);
    expect(d.boots.map((b) => [b.t, b.reason])).toEqual([[0, "power on"], [1000, "watchdog"]]);
  });
});
