// The playground page: compiles the editor's WGSL with tessera (WebAssembly)
// as you type and shows the diagnostics inline, the outputs and the
// reflection. Everything it loads comes from its own folder.
import init, { compile, profiles } from "./pkg/tessera_playground.js";

const DEFAULT_SOURCE = `// One 8x8 tile of C = A * B with subgroup matrices (Metal's shape).
enable chromium_experimental_subgroup_matrix;

@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

@compute @workgroup_size(32)
fn main() {
    let left = subgroupMatrixLoad<subgroup_matrix_left<f32, 8, 8>, row_major>(&a, 0u, 8u);
    let right = subgroupMatrixLoad<subgroup_matrix_right<f32, 8, 8>, row_major>(&b, 0u, 8u);
    var acc = subgroupMatrixLoad<subgroup_matrix_result<f32, 8, 8>, row_major>(&c, 0u, 8u);
    acc = subgroupMatrixMultiplyAccumulate(left, right, acc);
    subgroupMatrixStore<row_major>(&c, 0u, acc, 8u);
}
`;

const $ = (id) => document.getElementById(id);
const source = $("source");
const highlight = $("highlight");
const profile = $("profile");
let compiles = 0;

function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function severity(m) {
  return m.severity.toLowerCase();
}

// The source with each located diagnostic marked. JavaScript strings count
// UTF-16 code units, as the positions' `_utf16` fields do.
function marked(text, messages) {
  const spans = messages
    .filter((m) => m.position)
    .map((m) => ({
      start: m.position.offset_utf16,
      end: m.position.offset_utf16 + Math.max(m.position.length_utf16, 1),
      cls: severity(m),
      title: m.message,
    }))
    .sort((x, y) => x.start - y.start);
  let out = "";
  let at = 0;
  for (const s of spans) {
    if (s.start < at) continue; // overlapping: the first one wins
    out += escape(text.slice(at, s.start));
    out += `<mark class="${s.cls}" title="${escape(s.title)}">${escape(text.slice(s.start, s.end))}</mark>`;
    at = s.end;
  }
  return out + escape(text.slice(at)) + "\n";
}

function listItem(m) {
  const li = document.createElement("li");
  li.className = severity(m);
  const where = m.position ? `${m.position.line}:${m.position.column_utf16} ` : "";
  const notes = m.notes.map((n) => `\n    = ${n}`).join("");
  li.textContent = `${where}${severity(m)}: ${m.message}${notes}`;
  li.title = m.rendered;
  return li;
}

function update() {
  const text = source.value;
  const result = JSON.parse(compile(text, profile.value));
  const targets = ["spirv", "msl", "wgsl"];
  // Shader-module messages, then each target's own errors.
  const all = result.messages.concat(...result.outputs.map((o) => o.messages));
  highlight.innerHTML = marked(text, all);
  const list = $("diagnostics");
  list.replaceChildren();
  for (const m of result.messages) list.append(listItem(m));
  for (const o of result.outputs) {
    for (const m of o.messages) {
      const li = listItem(m);
      li.textContent = `[${o.target}] ${li.textContent}`;
      list.append(li);
    }
  }
  if (!list.children.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = "no diagnostics";
    list.append(li);
  }
  for (const t of targets) {
    const pre = $(`out-${t}`);
    const out = result.outputs.find((o) => o.target === t);
    if (out && out.text !== null) {
      pre.textContent = out.text;
      pre.className = "";
    } else {
      const why = out ? out.messages : result.messages.filter((m) => m.severity === "Error");
      pre.textContent = why.map((m) => m.rendered).join("");
      pre.className = "failed";
    }
  }
  const reflection = $("out-reflection");
  reflection.textContent = result.reflection ?? "(no reflection: the SPIR-V compilation failed)";
  compiles += 1;
  document.body.dataset.compiles = String(compiles);
  const errors = all.filter((m) => m.severity === "Error").length;
  $("status").textContent = errors ? `${errors} error${errors > 1 ? "s" : ""}` : "compiled";
}

let timer = 0;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 120);
}

await init();
for (const name of JSON.parse(profiles())) {
  const option = document.createElement("option");
  option.value = name;
  option.textContent = name === "any" ? "any (every feature)" : name;
  profile.append(option);
}
source.value = DEFAULT_SOURCE;
source.addEventListener("input", schedule);
source.addEventListener("scroll", () => {
  highlight.scrollTop = source.scrollTop;
  highlight.scrollLeft = source.scrollLeft;
});
profile.addEventListener("change", update);
update();
document.body.dataset.ready = "true";
