// Loads the playground in headless Chromium and checks it as a user would:
// the default shader's outputs, a typed shader's outputs and warning, a
// typed error (message, line and UTF-16 column, the inline mark), the
// device-profile selector; then saves a screenshot. Any failed check, page
// error or request outside the page's own server fails the run.
//
// Usage: node test.mjs URL SCREENSHOT.png (scripts/playground.sh test)
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [url, screenshot] = process.argv.slice(2);
if (!url || !screenshot) {
  console.error("usage: node test.mjs URL SCREENSHOT.png");
  process.exit(2);
}

// Typed into the editor. The comment has non-ASCII text before the lines
// the diagnostics point at; the misspelled rule is a warning with a
// suggestion.
const SQUARES = `// Squares — café
diagnostic(off, subgroup_unifromity);
@group(0) @binding(0) var<storage, read_write> v: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    v[id.x] = v[id.x] * v[id.x];
}
`;
// Before `nope`: `𝄞` is two UTF-16 units (four bytes), `é` one (two bytes).
const ERROR_LINE = "fn broken() { /* 𝄞 */ let é = nope; }";

const failures = [];
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

const profileDir = mkdtempSync(join(tmpdir(), "tessera-playground-chromium-"));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  viewport: { width: 1440, height: 900 },
});
const page = context.pages()[0] ?? (await context.newPage());
const origin = new URL(url).origin;
const outside = [];
page.on("request", (r) => {
  if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) outside.push(r.url());
});
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(String(e)));
page.on("console", (m) => {
  if (m.type() === "error") pageErrors.push(m.text());
});

const text = (id) => page.locator(`#${id}`).innerText();
const compiles = () => page.evaluate(() => Number(document.body.dataset.compiles ?? 0));
// Runs `action`, then waits for the page to compile again.
async function andCompile(action) {
  const before = await compiles();
  await action();
  await page.waitForFunction((n) => Number(document.body.dataset.compiles ?? 0) > n, before, {
    timeout: 15000,
  });
}

try {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 30000 });

  // The default shader: every output.
  check((await text("out-spirv")).includes("OpCapability CooperativeMatrixKHR"), "default: SPIR-V with cooperative matrices");
  check((await text("out-msl")).includes("simdgroup_float8x8"), "default: MSL with simdgroup matrices");
  check((await text("out-wgsl")).includes("subgroupMatrixMultiplyAccumulate"), "default: WGSL");
  check((await text("out-reflection")).includes('"tessera_reflection": 1'), "default: reflection");
  const options = await page.locator("#profile option").allTextContents();
  check(options.length === 5 && options.includes("metal"), `profiles offered: ${options.join(", ")}`);

  // Type a shader.
  const editor = page.locator("#source");
  await editor.fill("");
  await andCompile(() => editor.pressSequentially(SQUARES));
  check((await text("out-spirv")).includes('OpEntryPoint GLCompute %'), "typed: SPIR-V entry point");
  check((await text("out-msl")).includes("kernel void"), "typed: MSL kernel");
  check((await text("out-wgsl")).includes("fn main("), "typed: WGSL");
  check((await text("out-reflection")).includes('"workgroup_size": [64, 1, 1]'), "typed: reflection");
  const warning = await text("diagnostics");
  check(
    warning.includes("2:17 warning: unknown diagnostic rule 'subgroup_unifromity'") &&
      warning.includes("did you mean 'subgroup_uniformity'"),
    `typed: the warning with its position and help (${JSON.stringify(warning)})`,
  );
  check((await page.locator("#highlight mark.warning").innerText()) === "subgroup_unifromity", "typed: the warning marked inline");

  // Type an error at the end: one error, at line 9 (after SQUARES' 8
  // lines), column 32 in UTF-16 units (35 in bytes).
  await page.keyboard.press("Control+End");
  await andCompile(() => page.keyboard.type(ERROR_LINE));
  const errors = await text("diagnostics");
  check(errors.includes("9:32 error: unresolved identifier 'nope'"), `error: message and position (${JSON.stringify(errors)})`);
  check((await page.locator("#highlight mark.error").innerText()) === "nope", "error: marked inline");
  check((await text("status")) === "1 error", "error: status");
  check(
    (await page.locator("#out-spirv").getAttribute("class")) === "failed" &&
      (await text("out-spirv")).includes("shader.wgsl:9:"),
    "error: the SPIR-V panel shows the error",
  );

  // Remove it again; the metal profile compiles the shader to MSL.
  await andCompile(() => editor.fill(SQUARES));
  await andCompile(() => page.selectOption("#profile", "metal"));
  check((await text("status")) === "compiled", "metal: compiled");
  check((await text("out-msl")).includes("kernel void"), "metal: MSL");

  // A 16x16 matrix does not fit Metal: a pipeline error at the load.
  const big = SQUARES.replace(
    "    v[id.x] = v[id.x] * v[id.x];",
    "    let m = subgroupMatrixLoad<subgroup_matrix_result<f32, 16, 16>, row_major>(&f, 0u, 16u);",
  )
    .replace("diagnostic(off, subgroup_unifromity);", "enable chromium_experimental_subgroup_matrix;")
    .replace("array<u32>;", "array<u32>;\n@group(0) @binding(1) var<storage, read_write> f: array<f32>;")
    .replace("@workgroup_size(64)", "@workgroup_size(32)");
  await andCompile(() => editor.fill(big));
  const metal = await text("diagnostics");
  check(metal.includes("[msl] 8:") && metal.includes("not supported by the device"), `metal: 16x16 refused (${JSON.stringify(metal)})`);
  await andCompile(() => page.selectOption("#profile", "h100-vulkan"));
  check((await text("out-spirv")).includes("OpTypeCooperativeMatrixKHR"), "h100-vulkan: 16x16 SPIR-V");

  // The screenshot: the typed shader with its warning, every output.
  await andCompile(() => editor.fill(SQUARES));
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
} catch (e) {
  failures.push(String(e));
  console.log(`FAIL ${e}`);
} finally {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
}

check(pageErrors.length === 0, `no page errors ${JSON.stringify(pageErrors)}`);
check(outside.length === 0, `no requests outside ${origin} ${JSON.stringify(outside)}`);
if (failures.length) {
  console.log(`playground test: ${failures.length} failed`);
  process.exit(1);
}
console.log("playground test: passed");
