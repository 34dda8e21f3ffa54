#!/usr/bin/env node
// Plays a viewer page headless with the page's own scripts, and prints what it finds.
//   node src/viewer/check.js PAGE.html …    (pages written by coverlab)
// The logic (<script id="logic">): per run, the events read, final depth, events per kind, the
// final grid, and the time and memory to read them; seeking through checkpoints must give the
// states of a forward replay. The page itself (<script id="ui">, on a small stand-in DOM): the
// board is drawn before any step is read, the steps load in slices with a status message, the
// arrow keys step with the select focused, a jump with nothing to jump to says so, the headings
// of two runs, whether candidates are drawn in the grid before and after zooming in, the clues
// drawn outside the grid, and the legend (each kind with a named drawing and words; per puzzle,
// the kinds L.legend lists). On an explain page (explain --html), each step against the board
// the page draws before and after it, and the keys that step, go to the hardest step and to the
// end. It also checks the template (one placeholder, scripts that compile). Exits 1 on a failure.
"use strict";
// Several pages (`node check.js A.html B.html …`, as the tests run it): each checked in turn in
// this one process, as if alone (the module run again with that page), its report after a line
// `== PAGE`; the first failure exits 1. One node start for all: a start is about 0.1 s of CPU.
if (require.main === module && process.argv.length > 3) {
  for (const page of process.argv.slice(2)) {
    console.log("== " + page);
    process.argv = [process.argv[0], process.argv[1], page];
    delete require.cache[__filename];
    require(__filename);
  }
  return;
}
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { performance } = require("perf_hooks");

const fail = (msg) => { console.error("check.js: " + msg); process.exit(1); };
const script = (html, id) => {
  const m = new RegExp('<script id="' + id + '">([\\s\\S]*?)</script>').exec(html);
  if (!m) fail("no <script id=\"" + id + "\"> in the page");
  return m[1];
};
const mb = (bytes) => (bytes / 1048576).toFixed(0) + " MB";

const template = fs.readFileSync(path.join(__dirname, "viewer.html"), "utf8");
if (template.split("<!--COVERLAB_DATA-->").length !== 2) fail("the placeholder must occur exactly once");
if ((template.match(/<script\b/g) || []).length !== (template.match(/<\/script>/g) || []).length) fail("unbalanced <script> tags");
new vm.Script(script(template, "ui"), { filename: "viewer.html#ui" });

const file = process.argv[2];
if (!file) fail("usage: node check.js PAGE.html");
const html = fs.readFileSync(file, "utf8");
// The data blocks, by id.
const blocks = new Map();
for (const m of html.matchAll(/<script type="(?:application\/json|text\/plain)" id="([^"]+)">([\s\S]*?)<\/script>/g)) blocks.set(m[1], m[2]);
const get = (id) => (blocks.has(id) ? blocks.get(id) : null);

const logicContext = vm.createContext({});
vm.runInContext(script(html, "logic"), logicContext, { filename: "page#logic" });
const L = logicContext.CoverLogic;
const data = L.readPage(get);

// The state as a string, to compare two ways of reaching it.
const fingerprint = (eng) => eng.top + "|" + Array.from(eng.cells).join(",") + "|" + (eng.elim ? Array.from(eng.elim).join(",") : "") +
  "|" + JSON.stringify(eng.count);

console.log(data.title);
let failed = false;
for (const puzzle of data.puzzles) {
  let bd;
  try { bd = L.board(puzzle.board); } catch (err) {
    console.log(`puzzle ${puzzle.board && puzzle.board.name}: cannot be shown: ${err.message}`);
    failed = true;
    continue;
  }
  console.log(`puzzle ${puzzle.board.name}: ${bd.n}x${bd.n}, ${bd.units.length} units, ${bd.constraints.length} constraints`);
  console.log("  legend: " + (L.legend(bd).map((e) => e.kind).join(", ") || "(none)"));
  const players = [];
  for (const run of puzzle.runs) {
    global.gc && global.gc();
    const heap0 = process.memoryUsage().heapUsed, t0 = performance.now();
    const player = new L.Player(bd, get(run.id), run.meta).feedAll(), len = player.len;
    const built = performance.now() - t0;
    global.gc && global.gc();
    const heap = process.memoryUsage().heapUsed - heap0;
    players.push(player);
    const kinds = {};
    for (let i = 0; i < len; i++) {
      const e = player.event(i);
      const kind = e && typeof e === "object" ? String(e.event) : "(not an object)";
      kinds[kind] = (kinds[kind] || 0) + 1;
      if (typeof L.describe(e) !== "string") fail("describe gave no text");
    }
    // Seeking (from checkpoints, backwards, forwards) must give the states of a forward replay.
    const probes = new Set([-1, 0, len - 1, player.K - 1, player.K, 2 * player.K + 1]);
    for (let k = 0; k < 24; k++) probes.add(Math.floor(Math.random() * len));
    const want = new Map(), eng = new L.Engine(bd);
    if (probes.has(-1)) want.set(-1, fingerprint(eng));
    for (let i = 0; i < len; i++) { eng.step(player.ev, i); if (probes.has(i)) want.set(i, fingerprint(eng)); }
    const order = [...want.keys()].sort(() => Math.random() - 0.5);
    for (const p of order) {
      if (fingerprint(player.seek(p)) !== want.get(p)) fail(`run ${run.meta.label}: seek(${p}) differs from a forward replay`);
      player.seek(p + 1); player.seek(p);
      if (fingerprint(player.eng) !== want.get(p)) fail(`run ${run.meta.label}: seek(${p}) after a step differs`);
    }
    const end = player.seek(len - 1);
    L.candidates(bd, end);
    const total = Number(run.meta.total);
    const cut = total > len ? `, capped from ${total}` : "";
    console.log(`  run ${run.meta.label}: ${len} events${cut}${run.meta.cut ? ", cut" : ""}; final depth ${end.top}; max depth ${player.maxDepth};` +
      ` ${player.cps.length} checkpoints every ${player.K}`);
    console.log(`    read in ${built.toFixed(0)} ms, ${mb(heap)} of heap kept (text ${mb(player.text.length)})`);
    console.log("    kinds: " + Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(", "));
    console.log("    counters: " + JSON.stringify(end.count));
    console.log("    last: " + (len ? L.describe(player.event(len - 1)) : "(none)"));
    const rows = [];
    for (let r = 0; r < bd.n; r++) {
      let line = "";
      for (let c = 0; c < bd.n; c++) { const v = end.cells[r * bd.n + c] & 255; line += v ? bd.symbols[v - 1] : "."; }
      rows.push("    " + line);
    }
    console.log(rows.join("\n"));
  }
  if (puzzle.explain) checkExplained(puzzle, bd, players[0]);
  if (players.length === 2) {
    const k = L.firstDifference(players[0], players[1]);
    console.log(k < 0 ? "  the two runs are the same" : `  the runs part at step ${k + 1}`);
  }
}

// An explain page's puzzle: each step's placements and eliminations are candidates on the board
// the page draws before the step, and done on the board after it; the board after the last
// step is the explanation's grid.
function checkExplained(puzzle, bd, player) {
  const x = puzzle.explain, list = x.steps, n = bd.n;
  if (!player) fail(`explain ${puzzle.board.name}: no run of steps`);
  const cellName = (c) => L.cellName(c, n);
  list.forEach((st, k) => {
    const what = `step ${k + 1} (${st.technique})`;
    const before = player.seek(st.at[0] - 1), cells = before.cells.slice(), cand = L.candidates(bd, before);
    for (const [c, v] of st.placements.concat(st.eliminations)) {
      if (cells[c] & 255) fail(`${what}: ${cellName(c)} is already filled on the page`);
      if (cand && !(cand[c] >> (v - 1) & 1)) fail(`${what}: ${bd.symbols[v - 1]} is not a candidate of ${cellName(c)} on the page`);
    }
    const after = player.seek(st.at[1] - 1), left = L.candidates(bd, after);
    for (const [c, v] of st.placements) if ((after.cells[c] & 255) !== v) fail(`${what}: ${cellName(c)} is not ${bd.symbols[v - 1]} after it`);
    for (const [c, v] of st.eliminations) if (left && left[c] >> (v - 1) & 1) fail(`${what}: ${bd.symbols[v - 1]} is still a candidate of ${cellName(c)}`);
  });
  const end = player.seek(player.len - 1);
  const grid = Array.from(end.cells, (c) => (c & 255 ? bd.symbols[(c & 255) - 1] : ".")).join("");
  const same = bd.symbols.every((t) => t.length === 1) ? (grid === x.grid ? "is" : "is not") : "(not compared)";
  const h = list[x.hardest], hard = h ? `hardest step ${x.hardest + 1} (${h.technique})` : "no hardest step";
  console.log(`  explain: ${list.length} steps, ${x.ending}; ${hard}; ` +
    `each step's candidates were there before it and done after it; the board after the last step ${same} the explanation's grid`);
}

// ---- The page on a stand-in DOM: just what the ui script touches. ----
function fakeDom() {
  const timers = [];
  let draws = 0;
  // A canvas context that draws nothing but keeps the texts written (text, x, y) in `texts`.
  const context2d = () => new Proxy({ texts: [] }, {
    get(t, k) {
      if (k in t) return t[k];
      if (k === "measureText") return () => ({ width: 10 });
      if (k === "fillText") return (text, x, y) => { draws++; t.texts.push([String(text), x, y, t.fillStyle]); };
      return () => {};
    },
    set(t, k, v) { t[k] = v; return true; },
  });
  class Elem {
    constructor(tag, id) {
      this.tagName = tag.toUpperCase(); this.id = id || ""; this.children = []; this._text = ""; this.attrs = {};
      this.style = {}; this.dataset = {}; this.listeners = {}; this.hidden = false; this.value = ""; this.className = "";
      this.clientWidth = 600; this.width = 0; this.height = 0;
    }
    get textContent() { return this._text + this.children.map((c) => (typeof c === "string" ? c : c.textContent)).join(""); }
    set textContent(v) { this._text = String(v); this.children = []; }
    set innerHTML(v) { this._text = String(v); this.children = []; }
    append(...xs) { this.children.push(...xs); if (this.tagName === "SELECT" && !this.value && xs[0]) this.value = xs[0].value; }
    setAttribute(k, v) { this.attrs[k] = String(v); }
    getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; }
    addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
    getContext() { return this.ctx || (this.ctx = context2d()); }
    getBoundingClientRect() { return { left: 0, top: 0, width: this.clientWidth, height: this.clientWidth }; }
  }
  const byId = new Map();
  const body = template.slice(template.indexOf("<body>"), template.indexOf("<script"));
  for (const m of body.matchAll(/<(\w+)[^>]*\bid="([^"]+)"/g)) byId.set(m[2], new Elem(m[1], m[2]));
  const kind = byId.get("kind");
  for (const m of body.matchAll(/<option value="(\w+)">/g)) kind.append(new Elem("option"));
  kind.value = "guess";
  const doc = new Elem("document");
  doc.documentElement = new Elem("html");
  doc.getElementById = (id) => byId.get(id) || (blocks.has(id) ? { textContent: blocks.get(id) } : null);
  doc.createElement = (tag) => new Elem(tag);
  const win = { innerHeight: 900, devicePixelRatio: 1, addEventListener() {} };
  const context = vm.createContext({
    document: doc, window: win, performance, console,
    setTimeout: (fn) => { timers.push(fn); return timers.length; },
    requestAnimationFrame: (fn) => { timers.push(() => fn(performance.now())); return timers.length; },
    Option: function (text, value) { this.text = text; this.value = String(value); },
  });
  return { context, byId, doc, timers, draws: () => draws };
}

if (data.puzzles.length) {
  const dom = fakeDom(), $ = (id) => dom.byId.get(id);
  const t0 = performance.now();
  vm.runInContext(script(html, "logic"), dom.context, { filename: "page#logic" });
  vm.runInContext(script(html, "ui"), dom.context, { filename: "page#ui" });
  const shown = performance.now() - t0;
  const panes = $("panes").children.filter((c) => c.className === "pane");
  const steps = (q) => q.children.find((c) => c.className === "stats").textContent;
  const want = data.puzzles[0].runs.reduce((m, r) => Math.max(m, Number(r.meta.total) || 0), 0);
  if (!(dom.draws() > 0 || panes.length)) fail("the board was not drawn before the steps were read");
  console.log(`page: the board is drawn before any step is read (${panes.length} grid${panes.length === 1 ? "" : "s"}, ` +
    `${steps(panes[0] || { children: [{ className: "stats", textContent: "" }] }).split(" \u00b7")[0]}, ` +
    `after ${shown.toFixed(0)} ms; ${want} steps to read)`);
  let slices = 0;
  const statuses = [];
  while (dom.timers.length) {
    dom.timers.shift()();
    slices++;
    const st = $("status").textContent;
    if (st && statuses[statuses.length - 1] !== st) statuses.push(st);
    if (slices > 1e6) fail("the page never finished loading");
  }
  const loaded = performance.now() - t0;
  if (dom.doc.documentElement.dataset.state !== "ready") fail("the page did not say it was ready");
  console.log(`page: read in ${slices} slices, ${loaded.toFixed(0)} ms; first status "${statuses[0] || ""}"; now "${$("status").textContent}"`);
  const key = (k, target) => {
    const ev = { key: k, target, prevented: false, preventDefault() { this.prevented = true; } };
    for (const fn of dom.doc.listeners.keydown || []) fn(ev);
    return ev.prevented;
  };
  if (panes.length) {
    const before = steps(panes[0]);
    key("ArrowRight", $("kind"));
    console.log(`page: ArrowRight with the select focused: "${before.split(" \u00b7")[0]}" -> "${steps(panes[0]).split(" \u00b7")[0]}"`);
    // Jumps with nothing to jump to: past the end, and before the start (a trace's events; on
    // an explain page the buttons go to another puzzle, checked below).
    if (data.kind !== "explain") {
      key("End", $("first"));
      for (const k of ["guess", "conflict", "solution"]) {
        $("kind").value = k;
        $("next").onclick();
        console.log(`page: next ${k} from the end: "${$("status").textContent}"`);
      }
      key("Home", $("first"));
      $("kind").value = "solution";
      $("prev").onclick();
      console.log(`page: previous solution from the start: "${$("status").textContent}"`);
    }
    const grid = panes[0].children.find((c) => c.className === "gwrap").children[0];
    // Candidates in the grid (data-candidates: "all", or "hovered" when too small to read), zooming in.
    const seen = [];
    for (let z = 0; z < 4; z++) {
      seen.push(`${grid.style.width} ${grid.dataset.candidates}`);
      $("zoomin").onclick();
    }
    console.log("page: candidates by zoom: " + seen.join(", "));
    const labels = ["first", "back", "play", "fwd", "last", "prev", "next", "hardest", "zoomin", "zoomout"].map((id) => id + ": " + (/aria-label="([^"]+)"/.exec(template.slice(template.indexOf('id="' + id + '"')))[1]));
    console.log("page: button labels: " + labels.join(", "));
    console.log("page: headings: " + panes.map((q) => q.children[0].textContent).join(" | "));
    // The clues drawn outside the grid (little killers, sandwiches), in the first grid at step 1.
    const ctx = grid.getContext("2d"), size = parseFloat(grid.style.width), g = L.geometry(L.board(data.puzzles[0].board), size);
    ctx.texts.length = 0;
    key("Home", $("first"));
    const out = (v) => v < g.off || v > g.end;
    const clues = ctx.texts.filter(([, x, y]) => out(x) || out(y)).map(([t]) => t);
    console.log("page: clues outside the grid: " + (clues.join(", ") || "(none)"));
  }
  // An explain page: the arrow keys step through the explanation, H goes to the hardest step,
  // End to the board after the last step; what a step places and rules out is drawn.
  if (data.kind === "explain" && panes.length) {
    const q = panes[0], grid = q.children.find((c) => c.className === "gwrap").children[0], ctx = grid.getContext("2d");
    const evt = () => q.children.find((c) => c.className === "evt").textContent;
    const red = () => ctx.texts.filter((t) => t[3] === "#d0202a").length;
    key("Home", $("first"));
    console.log(`explain page: at the start "${steps(q)}": "${evt()}"`);
    key("ArrowRight", $("first"));
    console.log(`explain page: ArrowRight: "${steps(q)}"`);
    ctx.texts.length = 0;
    key("h", $("first"));
    const st = data.puzzles[0].explain.steps[data.puzzles[0].explain.hardest] || { eliminations: [] };
    console.log(`explain page: H: "${steps(q)}", status "${$("status").textContent}"; drawn: ${grid.dataset.highlight}; ` +
      `${red()} candidates struck in red of ${st.eliminations.length} it rules out (candidates ${grid.dataset.candidates})`);
    key("End", $("first"));
    console.log(`explain page: End: "${steps(q)}": "${evt()}"`);
    // N and P go to the next and previous puzzle (the heading names it).
    const sub = () => $("sub").textContent, status = () => $("status").textContent;
    key("p", $("first"));
    console.log(`explain page: P at the first puzzle: "${sub()}", status "${status()}"`);
    key("n", $("first"));
    console.log(`explain page: N: "${sub()}", status "${status()}"`);
    key("p", $("first"));
    console.log(`explain page: P: "${sub()}", status "${status()}"`);
  }
  // The legend: an item per kind, each a drawing with a name for screen readers and words.
  const legend = $("legend"), items = $("legend-list").children;
  for (const item of items) {
    const [cv, words] = item.children;
    if (!cv || cv.getAttribute("role") !== "img" || !cv.getAttribute("aria-label")) fail("a legend drawing without its name: " + item.dataset.kind);
    if (!cv.ctx || !cv.ctx.texts) fail("a legend drawing was not drawn: " + item.dataset.kind);
    if (!words || !words.textContent) fail("a legend item without words: " + item.dataset.kind);
  }
  console.log("page: legend " + (legend.hidden ? "hidden" : "shown") + ": " + items.map((i) => i.dataset.kind).join(", "));
  for (const item of items) console.log("  " + item.children[1].textContent);
}
if (failed) process.exit(1);
