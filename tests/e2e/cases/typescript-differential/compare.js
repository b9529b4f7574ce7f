// The differential of issue 14 at token level: for every TypeScript file of the corpus,
// TypeScript's ts.transpileModule (isolatedModules, target ES2022, ES modules kept) and
// sonde's eraser (sonde-ts-erase) must give the same JavaScript token sequence, and every
// token sonde leaves must stand on the line it stood on in the source.
//
//   node compare.js ORACLE_DIR SONDE_TS_ERASE WORK_DIR CORPUS_LIST KNOWN_LIST
//
// CORPUS_LIST names the corpus: lines `package-dir` (relative to ORACLE_DIR/node_modules)
// and `dir PATH` whose .ts/.mts/.cts files (not declaration files, not .tsx: JSX is not
// supported) are taken. KNOWN_LIST holds the documented differences, `PATH: ineligible
// TSnnnn: reason` for a file TypeScript's own rules make ineligible under isolatedModules
// and ES modules (TypeScript must report that error for it) and `PATH: refused "message":
// reason` for one holding syntax sonde refuses (sonde must refuse it with that message);
// either counts as a failure when it does not hold, and neither counts as a pass.
//
// What erasure legitimately differs in is normalised away: whitespace and comments (not
// tokens), semicolons (sonde keeps the source's; TypeScript's printer writes its own),
// trailing commas before ')' and '}' (the printer drops some).
// Prints one line per failing file with the first difference, then the counts; exits 1
// unless every eligible file passes.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const [oracleDir, eraser, workDir, corpusList, knownList] = process.argv.slice(2);
const ts = require(path.join(oracleDir, 'node_modules/typescript'));
const acorn = require(path.join(oracleDir, 'node_modules/acorn'));

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}
const isTs = (f) => /\.[mc]?ts$/.test(f) && !/\.d\.[mc]?ts$/.test(f);

// Files and their names in reports: a package's files from the package's name on, a
// folder's from the name of the folder above it on (`typescript-oracle/corpus/enums.ts`).
const files = [];
const labels = new Map();
for (const raw of fs.readFileSync(corpusList, 'utf8').split('\n')) {
  const line = raw.replace(/#.*/, '').trim();
  if (!line) continue;
  const dir = line.startsWith('dir ') ? path.resolve(line.slice(4).trim())
    : path.join(oracleDir, 'node_modules', line);
  const base = line.startsWith('dir ') ? path.dirname(path.dirname(dir)) : path.join(oracleDir, 'node_modules');
  for (const f of walk(dir).filter(isTs).sort()) {
    files.push(f);
    labels.set(f, path.relative(base, f));
  }
}
const known = new Map();
if (knownList && fs.existsSync(knownList))
  for (const raw of fs.readFileSync(knownList, 'utf8').split('\n')) {
    const m = /^(\S+\.[mc]?ts): (.*)$/.exec(raw);
    if (m) known.set(m[1], m[2]);
  }
const label = (f) => labels.get(f);

// sonde's side: one process for the whole corpus.
fs.mkdirSync(workDir, { recursive: true });
const outOf = (i) => path.join(workDir, `${i}.js`);
fs.writeFileSync(path.join(workDir, 'list'), files.map((f, i) => `${f}\t${outOf(i)}\n`).join(''));
let refusals = '';
try {
  execFileSync(eraser, [path.join(workDir, 'list')], { stdio: ['ignore', 'ignore', 'pipe'] });
} catch (e) {
  if (e.status !== 1) throw e;
  refusals = e.stderr.toString();
}
const refused = new Map();
for (const line of refusals.split('\n')) {
  const i = line.indexOf(':');
  if (i > 0) refused.set(line.slice(0, i), line.slice(i + 1));
}

// Tokens as text with their 1-based line and 0-based column; null if acorn cannot read it.
function tokens(js) {
  const out = [];
  try {
    for (const t of acorn.tokenizer(js, { ecmaVersion: 'latest', sourceType: 'module',
      locations: true, allowHashBang: true, allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true })) {
      const text = js.slice(t.start, t.end);
      if (text === ';') continue;
      // A trailing comma before ')' or '}' means nothing; TypeScript's printer drops
      // some (arguments, parameters) and keeps others.
      if ((text === ')' || text === '}') && out.length && out[out.length - 1].text === ',') out.pop();
      out.push({ text, line: t.loc.start.line, col: t.loc.start.column });
    }
  } catch (e) {
    return { error: e.message };
  }
  return { toks: out };
}

// Words and signs the transforms (enum, namespace, parameter properties, accessor,
// `import x = require`, `export =`) write that the source line need not hold.
const synthetic = new Set(['var', 'function', '(', ')', '{', '}', '||', '=', '[', ']', ',', '.',
  'this', 'get', 'set', 'value', 'return', 'module', 'exports', 'require', 'const', 'let',
  'void', '0', 'export', '=>']); // '=>' moves up to ')' when a return type starts a line
// The source offset of each line's start, to look a token up where it stands.
function lineStarts(src) {
  const starts = [0];
  const re = /\r\n|[\n\r\u2028\u2029]/g;
  for (let m; (m = re.exec(src));) starts.push(m.index + m[0].length);
  return starts;
}
// Parameter properties become field declarations at the start of the class body.
function paramProps(src) {
  const names = new Set();
  const re = /\b(?:private|public|protected|readonly|override)\s+(?:readonly\s+)?([\w$]+)/g;
  for (let m; (m = re.exec(src));) names.add(m[1]);
  return names;
}
// An enum's or a namespace's name recurs on its last line, `})(E || (E = {}))`, and a
// namespace's exported declaration is copied after it, `}N.f = f;`.
function transformedNames(src) {
  const names = new Set();
  const re = /\b(?:enum|namespace|module)\s+([\w$]+)/g;
  for (let m; (m = re.exec(src));) names.add(m[1]);
  if (names.size === 0) return names;
  const exported = /\bexport\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class)\s+([\w$]+)/g;
  for (let m; (m = exported.exec(src));) names.add(m[1]);
  return names;
}
let transformed = new Set(), hasEnum = false;
function lineProblem(src, starts, props, t) {
  if (t.line > starts.length) return `token ${t.text} on line ${t.line}, past the source's end`;
  const at = starts[t.line - 1] + t.col;
  if (src.slice(at, at + t.text.length) === t.text) return null;
  const line = src.slice(starts[t.line - 1], t.line < starts.length ? starts[t.line] : src.length);
  if (line.includes(t.text) || synthetic.has(t.text) || /^\d+$/.test(t.text)) return null;
  const unq = /^["'](.*)["']$/.exec(t.text);
  if (unq && (line.includes(unq[1]) || hasEnum)) return null; // a member name, a folded value
  const acc = /^#(.*)_accessor_storage$/.exec(t.text);
  if (acc && line.includes(acc[1])) return null;
  if (props.has(t.text)) return null; // after the body's '{' or the super(...) call
  if (transformed.has(t.text)) return null;
  return `token ${t.text} on line ${t.line} is not on that line of the source`;
}

// Parentheses TypeScript drops with an assertion (`(x as T).y` is `x.y`, as sonde's eraser
// prints it too, but not everywhere) and sonde keeps, where a line break after `return`
// needs them or sonde cannot tell they are redundant: a difference in parentheses alone
// passes when both programs parse to the same syntax tree (acorn, positions aside).
function sameWithoutParens(x, y) {
  const strip = (toks) => toks.filter((t) => t.text !== '(' && t.text !== ')').map((t) => t.text);
  const a = strip(x), b = strip(y);
  return a.length === b.length && a.every((t, i) => t === b[i]);
}
function tree(js) {
  const ast = acorn.parse(js, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true,
    allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true });
  return JSON.stringify(ast, (key, value) => (key === 'start' || key === 'end' ? undefined
    : typeof value === 'bigint' ? `${value}n` : value));
}
function sameTree(x, y) {
  try {
    return tree(x) === tree(y);
  } catch (e) {
    return false;
  }
}
// A namespace's exported constant: TypeScript assigns it to the namespace object and
// reads it from there (`N.x = v`, `N.x`); sonde declares it and copies it (`const x = v`,
// `N.x = x`), keeping the reads inside the body as they were. Both streams are brought to
// one form (`x = v`, `x`), for the namespaces of the source only.
function namespaceNames(src) {
  const names = new Set();
  const re = /\b(?:namespace|module)\s+([\w$.]+)\s*\{/g;
  for (let m; (m = re.exec(src));) for (const part of m[1].split('.')) names.add(part);
  return names;
}
function normaliseNamespaces(mine, theirs, spaces) {
  const copied = new Set();
  const is = (toks, i, text) => i < toks.length && toks[i].text === text;
  const constants = new Set();
  for (let i = 0; i + 1 < mine.length; i++) if (mine[i].text === 'const') constants.add(mine[i + 1].text);
  for (let i = 0; i + 4 < mine.length; i++)
    if (spaces.has(mine[i].text) && is(mine, i + 1, '.') && is(mine, i + 3, '=') &&
        mine[i + 2].text === mine[i + 4].text && constants.has(mine[i + 2].text))
      copied.add(`${mine[i].text}.${mine[i + 2].text}`);
  // An exported variable the namespace may assign is an accessor of the namespace object.
  const accessor = (n, x) => `Object . defineProperty ( ${n} , "${x}" , { get : ( ) => ${x} , set : ( v )` +
    ` => { ${x} = v } , enumerable : true , configurable : true } )`;
  const accessors = [];
  for (let i = 0; i + 6 < mine.length; i++) {
    if (mine[i].text !== 'Object' || !is(mine, i + 1, '.') || !is(mine, i + 2, 'defineProperty')) continue;
    const n = mine[i + 4].text, x = mine[i + 6].text.slice(1, -1);
    const want = accessor(n, x).split(' ');
    if (spaces.has(n) && want.every((w, k) => is(mine, i + k, w))) {
      copied.add(`${n}.${x}`);
      accessors.push([i, want.length]);
    }
  }
  for (const [i, len] of accessors.reverse()) mine = mine.slice(0, i).concat(mine.slice(i + len));
  const exported = new Set([...copied].map((k) => k.split('.')[1]));
  const unqualify = (toks) => {
    const out = [];
    for (let i = 0; i < toks.length; i++) {
      if (is(toks, i + 1, '.') && copied.has(`${toks[i].text}.${toks[i + 2]?.text}`) &&
          !(i > 0 && toks[i - 1].text === '.')) {
        out.push(toks[i + 2]);
        i += 2;
      } else {
        out.push(toks[i]);
      }
    }
    return out;
  };
  const a = [];
  for (let i = 0; i < mine.length; i++) {
    const t = mine[i];
    if (is(mine, i + 1, '.') && copied.has(`${t.text}.${mine[i + 2]?.text}`) && is(mine, i + 3, '=') &&
        mine[i + 2].text === mine[i + 4]?.text) {
      i += 4;
      continue;
    }
    if (['const', 'let', 'var'].includes(t.text) && exported.has(mine[i + 1]?.text) && is(mine, i + 2, '='))
      continue;
    a.push(t);
  }
  const b = unqualify(theirs);
  return [unqualify(a), b];
}
let parenOnly = 0, namespaceForm = 0;
// The error codes TypeScript reports for one file on its own (a program of that file, as
// isolatedModules sees it): transpileModule reports syntax errors only, and a file that
// only CommonJS can express (`import x = require()`, TS1202) transpiles without a word.
function programCodes(file) {
  const program = ts.createProgram([file], { ...compilerOptions, noResolve: true, noLib: true,
    types: [] });
  const sf = program.getSourceFile(file);
  return new Set([...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
    .map((d) => d.code));
}
const counts = { pass: 0, fail: 0, ineligible: 0, refused: 0 };
const failures = [];
const compilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
  isolatedModules: true };
files.forEach((file, i) => {
  const name = label(file);
  const src = fs.readFileSync(file, 'utf8');
  const tsOut = ts.transpileModule(src, { fileName: path.basename(file), compilerOptions,
    reportDiagnostics: true });
  const diags = (tsOut.diagnostics || []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
  const fail = (why) => { counts.fail++; failures.push(`${name}: ${why}`); };
  if (known.has(name)) {
    const reason = known.get(name);
    const refusal = /^refused "([^"]+)"/.exec(reason);
    if (refusal) {
      if (!(refused.get(file) || '').includes(refusal[1]))
        return fail(`listed as refused with "${refusal[1]}", but sonde ${refused.has(file) ? `says: ${refused.get(file).trim()}` : 'erases it'}`);
      counts.refused++;
    } else {
      const code = /^ineligible TS(\d+):/.exec(reason);
      if (!code) return fail(`known-differences says neither ineligible TSnnnn: nor refused "...": ${reason}`);
      if (!programCodes(file).has(Number(code[1])))
        return fail(`listed as ineligible with TS${code[1]}, but TypeScript does not report it`);
      counts.ineligible++;
    }
    return;
  }
  if (diags.length) return fail(`TypeScript reports: ${diags[0]} (list it in known-differences if isolatedModules rules make it ineligible)`);
  if (refused.has(file)) return fail(`sonde refuses it: ${refused.get(file).trim()}`);
  if (!fs.existsSync(outOf(i))) return fail('sonde wrote no output');
  const mine = fs.readFileSync(outOf(i), 'utf8');
  const a = tokens(mine), b = tokens(tsOut.outputText);
  if (b.error) return fail(`acorn cannot tokenise TypeScript's output: ${b.error}`);
  if (a.error) return fail(`acorn cannot tokenise sonde's output: ${a.error}`);
  const spaces = namespaceNames(src);
  if (spaces.size) {
    const before = a.toks.length;
    [a.toks, b.toks] = normaliseNamespaces(a.toks, b.toks, spaces);
    if (a.toks.length !== before) namespaceForm++;
  }
  const n = Math.min(a.toks.length, b.toks.length);
  let k = 0;
  while (k < n && a.toks[k].text === b.toks[k].text) k++;
  if ((k < n || a.toks.length !== b.toks.length) && sameWithoutParens(a.toks, b.toks) &&
      sameTree(mine, tsOut.outputText)) {
    parenOnly++;
  } else if (k < n || a.toks.length !== b.toks.length) {
    const ctx = (toks) => toks.slice(Math.max(0, k - 4), k + 5).map((t) => t.text).join(' ');
    const at = k < a.toks.length ? `line ${a.toks[k].line}` : 'the end';
    return fail(`tokens differ at ${at} (token ${k}): sonde \`${ctx(a.toks)}\` TypeScript \`${ctx(b.toks)}\``);
  }
  const starts = lineStarts(src);
  const mineLines = lineStarts(mine).length;
  const exportTail = /\nexport \{\};$/.test(mine) && mineLines === starts.length + 1;
  if (mineLines !== starts.length && !exportTail)
    return fail(`${starts.length} lines became ${mineLines}`);
  const props = paramProps(src);
  transformed = transformedNames(src);
  hasEnum = /\benum\s/.test(src);
  for (const t of exportTail ? a.toks.slice(0, -3) : a.toks) {
    const problem = lineProblem(src, starts, props, t);
    if (problem) return fail(problem);
  }
  counts.pass++;
});
for (const f of failures) console.log(`FAIL ${f}`);
const eligible = counts.pass + counts.fail;
console.log(`typescript ${ts.version}: ${counts.pass}/${eligible} files give TypeScript's tokens on the source's lines` +
  ` (${parenOnly} of them differ only in redundant parentheses, ${namespaceForm} hold namespace` +
  ` constants in sonde's form; ${files.length} in the corpus,` +
  ` ${counts.ineligible} ineligible under isolatedModules and ${counts.refused} refused as documented` +
  ` in known-differences)`);
process.exit(counts.fail === 0 && eligible > 0 ? 0 : 1);
