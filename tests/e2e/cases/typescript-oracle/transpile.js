// The oracle: TypeScript's own ts.transpileModule (isolatedModules, target ES2022, CommonJS
// for Node) on every corpus file, written under js/ with the same relative paths.
const fs = require('fs');
const path = require('path');
const ts = require(path.resolve('node_modules/typescript'));

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
}

for (const file of walk('corpus').filter((f) => f.endsWith('.ts'))) {
  const out = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      isolatedModules: true,
      esModuleInterop: true,
    },
    reportDiagnostics: true,
  });
  for (const d of out.diagnostics || [])
    console.error(`${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  const target = path.join('js', file.replace(/\.ts$/, '.js'));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, out.outputText);
}
console.log(`typescript ${ts.version}`);
