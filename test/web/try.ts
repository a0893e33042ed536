import { startSim, startChrome, openClock } from "./harness";
const sim = await startSim();
const c = await startChrome();
const ctx = await c.browser.newContext({ viewport: { width: 1200, height: 900 } });
const p = await openClock(ctx, sim.url, false);
await p.click(".where");
await p.waitForTimeout(500);
for (let i = 0; i < 3; i++) {
  console.log(await p.evaluate(`(() => { const a = window.__goclockAudio; return null; })()`));
}
console.log(await p.evaluate(`(async () => { const a = new AudioContext(); await a.resume(); await new Promise(r => setTimeout(r, 300)); const out = []; for (let i = 0; i < 5; i++) { const ts = a.getOutputTimestamp(); out.push([a.state, a.currentTime, performance.now(), ts.contextTime, ts.performanceTime, a.baseLatency, a.outputLatency, a.sampleRate]); await new Promise(r => setTimeout(r, 100)); } return out; })()`));
await c.close(); sim.stop();
