// The report's glue, nothing more: figures are Plotly figures built in Python (their JSON
// sits in <script class="figure"> elements) and are only handed to Plotly.newPlot here,
// when they come near the screen;
// lazily loaded sections are gzip+base64 fragments inflated when their <details> opens;
// table headers sort their table.
"use strict";

async function inflate(id) {
  const b64 = document.getElementById(id).textContent;
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(stream).text();
}

let template = null;  // the figures' shared Plotly template, kept once in the page

function draw(div) {
  const s = div.querySelector(":scope > script.figure");
  if (!s) return;
  template ??= JSON.parse(document.getElementById("plotly-template").textContent);
  const fig = JSON.parse(s.textContent);
  fig.layout.template = template;
  s.remove();
  Plotly.newPlot(div, fig.data, fig.layout, {responsive: true, displaylogo: false});
}

// Figures on the page itself are drawn when they come near the screen (a long report has
// dozens); those in a section just opened are drawn at once.
const nearScreen = new IntersectionObserver((entries) => {
  for (const e of entries) {
    if (e.isIntersecting) {
      nearScreen.unobserve(e.target);
      draw(e.target);
    }
  }
}, {rootMargin: "600px"});

function drawFigures(root, now) {
  for (const div of root.querySelectorAll("div.plot")) {
    if (now) draw(div); else nearScreen.observe(div);
  }
}

function cellValue(td) {
  const v = td.textContent.trim();
  const n = parseFloat(v.replace(/[,+%µs]/g, ""));  // "12•" is 12, "+3" is 3
  return v === "" ? null : (isNaN(n) ? v : n);
}

function sortTable(th) {
  const table = th.closest("table");
  const col = Array.from(th.parentElement.children).indexOf(th);
  const asc = th.dataset.sort !== "asc";
  for (const h of th.parentElement.children) delete h.dataset.sort;
  th.dataset.sort = asc ? "asc" : "desc";
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  rows.sort((a, b) => {
    const x = cellValue(a.cells[col]), y = cellValue(b.cells[col]);
    if (x === y) return 0;
    if (x === null) return 1;  // blanks last, either way
    if (y === null) return -1;
    const c = (typeof x === "number" && typeof y === "number") ? x - y : String(x).localeCompare(String(y));
    return asc ? c : -c;
  });
  body.append(...rows);
}

document.addEventListener("click", (e) => {
  const th = e.target.closest("table.sortable thead th");
  if (th) sortTable(th);
});

// "toggle" does not bubble; listening in the capture phase sees every <details>.
document.addEventListener("toggle", async (e) => {
  const d = e.target;
  if (!d.open || !d.dataset.blob || d.dataset.loaded) return;
  d.dataset.loaded = "loading";
  const body = d.querySelector(":scope > .lazy-body");
  body.innerHTML = await inflate(d.dataset.blob);
  drawFigures(body, true);
  d.dataset.loaded = "yes";
}, true);

document.addEventListener("DOMContentLoaded", () => drawFigures(document, false));
