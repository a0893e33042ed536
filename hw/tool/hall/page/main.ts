// The hall's web page: the same table as `goclock hall` prints, live. The server (../web.ts) sends
// the rows that changed as Server-Sent Events ("row": one clock, as --json gives it; "ignored": the
// counts; "hello": what it listens to); the page keeps the latest of each clock and draws the table
// again at most once a frame (and each second, for the silent clocks' seconds). It loads nothing but
// its own script.

import { type RowJson, LEGEND, batteryText, ignoredText, marksText, sideText, turnText } from "../text";

const rows = new Map<string, RowJson>();
let ignored: Record<string, number> = {};
let what = "";
let drawPending = false;

function cell(tr: HTMLTableRowElement, text: string, cls: string): void {
  const td = document.createElement("td");
  td.textContent = text;
  td.className = cls;
  tr.appendChild(td);
}

function draw(): void {
  drawPending = false;
  const list = Array.from(rows.values()).sort((a, b) => a.board - b.board || (a.address < b.address ? -1 : 1));
  const now = Date.now();
  const out = document.createDocumentFragment();
  for (const r of list) {
    const tr = document.createElement("tr");
    tr.dataset.board = String(r.board);
    tr.dataset.address = r.address;
    tr.className = r.marks.map((m) => "m-" + m.replace(/ /g, "-")).join(" ");
    const turn = turnText(r);
    cell(tr, r.board ? String(r.board) : "-", "board");
    cell(tr, sideText(r.black), "black" + (turn === "B" ? " turn" : ""));
    cell(tr, sideText(r.white), "white" + (turn === "W" ? " turn" : ""));
    cell(tr, turn, "to-move");
    cell(tr, r.phase, "phase");
    cell(tr, batteryText(r), "battery");
    cell(tr, marksText(r, now), "marks");
    cell(tr, r.address, "address");
    out.appendChild(tr);
  }
  document.getElementById("rows")!.replaceChildren(out);
  document.getElementById("what")!.textContent = list.length + " clock" + (list.length === 1 ? "" : "s") + " on " + what;
  document.getElementById("ignored")!.textContent = ignoredText(ignored);
}

function later(): void {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(draw);
}

document.getElementById("legend")!.textContent = LEGEND;
const events = new EventSource("/events");
events.addEventListener("hello", (e) => {
  what = (JSON.parse((e as MessageEvent).data) as { what: string }).what;
  rows.clear(); // a reconnection sends every row again
  later();
});
events.addEventListener("row", (e) => {
  const r = JSON.parse((e as MessageEvent).data) as RowJson;
  rows.set(r.address, r);
  later();
});
events.addEventListener("ignored", (e) => {
  ignored = JSON.parse((e as MessageEvent).data) as Record<string, number>;
  later();
});
events.addEventListener("error", () => {
  document.getElementById("what")!.textContent = "the hall does not answer (goclock hall --web stopped?); trying again";
});
setInterval(later, 1000);
