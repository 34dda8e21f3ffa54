#!/usr/bin/env node
// Plays the traces of a viewer payload headless, with the page's own logic (its
// <script id="logic">), and prints per run: events, final depth, events per kind, final grid.
//   node src/viewer/check.js PAYLOAD.json   (the DATA object)
//   node src/viewer/check.js PAGE.html      (a page written by coverlab)
// It also checks the template (one placeholder, scripts that compile) and that seeking through
// checkpoints gives the same states as playing forward. Exits 1 on a failure.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const fail = (msg) => { console.error("check.js: " + msg); process.exit(1); };
const script = (html, id) => {
  const m = new RegExp('<script id="' + id + '">([\\s\\S]*?)</script>').exec(html);
  if (!m) fail("no <script id=\"" + id + "\"> in the page");
  return m[1];
};

const template = fs.readFileSync(path.join(__dirname, "viewer.html"), "utf8");
if (template.split("/*COVERLAB_DATA*/null").length !== 2) fail("the placeholder must occur exactly once");
if ((template.match(/<script\b/g) || []).length !== (template.match(/<\/script>/g) || []).length) fail("unbalanced <script> tags");
new vm.Script(script(template, "ui"), { filename: "viewer.html#ui" }); // compiles (not run: it needs a DOM)
const context = vm.createContext({});
vm.runInContext(script(template, "logic"), context, { filename: "viewer.html#logic" });
const L = context.CoverLogic;

const file = process.argv[2];
if (!file) fail("usage: node check.js PAYLOAD.json|PAGE.html");
let text = fs.readFileSync(file, "utf8");
if (/^\s*</.test(text)) text = script(text, "data").trim().replace(/^const DATA = /, "").replace(/;$/, "");
const data = JSON.parse(text);
if (!data || !Array.isArray(data.puzzles)) fail("no puzzles in " + file);

// The state as a string, to compare two ways of reaching it.
const fingerprint = (eng) => eng.top + "|" + Array.from(eng.cells).join(",") + "|" + (eng.elim ? Array.from(eng.elim).join(",") : "") +
  "|" + JSON.stringify(eng.count);

console.log(String(data.title));
let failed = false;
for (const puzzle of data.puzzles) {
  let bd;
  try { bd = L.board(puzzle); } catch (err) {
    console.log(`puzzle ${puzzle && puzzle.name}: cannot be shown: ${err.message}`);
    failed = true;
    continue;
  }
  console.log(`puzzle ${puzzle.name}: ${bd.n}x${bd.n}, ${bd.units.length} units, ${bd.constraints.length} constraints`);
  const runs = Array.isArray(puzzle.runs) ? puzzle.runs : [];
  for (const run of runs) {
    const t0 = Date.now();
    const player = new L.Player(bd, run), len = player.len;
    const built = Date.now() - t0;
    const kinds = {};
    for (const e of player.events) {
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
      if (fingerprint(player.seek(p)) !== want.get(p)) fail(`run ${run.label}: seek(${p}) differs from a forward replay`);
      player.seek(p + 1); player.seek(p);
      if (fingerprint(player.eng) !== want.get(p)) fail(`run ${run.label}: seek(${p}) after a step differs`);
    }
    const end = player.seek(len - 1);
    L.candidates(bd, end);
    const cut = Number(run.total) > len ? `, capped from ${run.total}` : "";
    console.log(`  run ${run.label}: ${len} events${cut}${run.cut ? ", cut" : ""}; final depth ${end.top}; max depth ${player.maxDepth};` +
      ` ${player.cps.length} checkpoints every ${player.K} (${built} ms)`);
    console.log("    kinds: " + Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(", "));
    console.log("    counters: " + JSON.stringify(end.count));
    console.log("    last: " + (len ? L.describe(player.events[len - 1]) : "(none)"));
    const rows = [];
    for (let r = 0; r < bd.n; r++) {
      let line = "";
      for (let c = 0; c < bd.n; c++) { const v = end.cells[r * bd.n + c] & 255; line += v ? bd.symbols[v - 1] : "."; }
      rows.push("    " + line);
    }
    console.log(rows.join("\n"));
  }
  if (runs.length === 2) {
    const k = L.firstDifference(runs[0].events || [], runs[1].events || []);
    console.log(k < 0 ? "  the two runs are the same" : `  the runs part at step ${k + 1}`);
  }
}
if (failed) process.exit(1);
