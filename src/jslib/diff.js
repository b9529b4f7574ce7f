/* sonde:diff: how failure messages show JavaScript values. Jest's pretty-format (one-line
 * for "Expected:/Received:", indented for diffs), its printDiffOrStringify with the
 * "- Expected / + Received" line diff, Node's inspect as assert messages use it
 * (compact: false, sorted keys) and Node's AssertionError message for an operator.
 * Evaluated once per realm by src/assert/ (js_jslib), only when a message is needed; the
 * message text around these values is C. No colours: sonde's reporters add their own. */
(function () {
  'use strict';
  const objToString = Object.prototype.toString;
  const isAsymmetric = (v) => !!v && typeof v.asymmetricMatch === 'function';

  /* ---- Jest's pretty-format ---- */

  function ctorName(v) {
    return (typeof v.constructor === 'function' && v.constructor.name) || 'Object';
  }

  function printBasic(v) {
    if (v === true || v === false || v === undefined || v === null) return String(v);
    switch (typeof v) {
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return `${v}n`;
      case 'string': return `"${v.replace(/"|\\/g, '\\$&')}"`;
      case 'function': return `[Function ${v.name || 'anonymous'}]`;
      case 'symbol': return String(v);
    }
    const tag = objToString.call(v);
    if (tag === '[object WeakMap]') return 'WeakMap {}';
    if (tag === '[object WeakSet]') return 'WeakSet {}';
    if (tag === '[object Date]') return isNaN(+v) ? 'Date { NaN }' : Date.prototype.toISOString.call(v);
    if (tag === '[object Error]' || v instanceof Error) return `[${Error.prototype.toString.call(v)}]`;
    if (tag === '[object RegExp]') return RegExp.prototype.toString.call(v);
    return null;
  }

  /* min: one line ({"a": 1}); otherwise two-space indented with trailing commas. */
  function prettyFormat(value, min, maxDepth) {
    const sp = min ? { outer: '', inner: ' ', indent: '' } : { outer: '\n', inner: '\n', indent: '  ' };
    const sortedKeys = (o) => Object.keys(o).sort().concat(Object.getOwnPropertySymbols(o)
      .filter((s) => Object.getOwnPropertyDescriptor(o, s).enumerable));
    function list(items, indent, depth, refs, print) {
      if (!items.length) return '';
      const next = indent + sp.indent;
      let out = sp.outer;
      items.forEach((item, i) => {
        out += next + print(item, next, depth, refs);
        if (i < items.length - 1) out += ',' + sp.inner;
        else if (!min) out += ',';
      });
      return out + sp.outer + indent;
    }
    function printer(v, indent, depth, refs, calledToJSON) {
      const basic = printBasic(v);
      if (basic !== null) return basic;
      if (isAsymmetric(v)) return printAsymmetric(v, indent, depth, refs);
      if (refs.includes(v)) return '[Circular]';
      refs = [...refs, v];
      const hit = ++depth > maxDepth;
      const tag = objToString.call(v);
      if (typeof v.toJSON === 'function' && !hit && !calledToJSON)
        return printer(v.toJSON(), indent, depth - 1, refs, true);
      if (tag === '[object Arguments]')
        return hit ? '[Arguments]'
          : `${min ? '' : 'Arguments '}[${list([...v], indent, depth, refs, printer)}]`;
      if (Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView))) {
        const name = v.constructor ? v.constructor.name : 'Array';
        if (hit) return `[${name}]`;
        const items = Array.from({ length: v.length }, (_, i) => (i in v ? { v: v[i] } : null));
        return `${min ? '' : `${name} `}[${list(items, indent, depth, refs,
          (it, ind, d, r) => (it ? printer(it.v, ind, d, r) : ''))}]`;
      }
      if (tag === '[object Map]') {
        if (hit) return '[Map]';
        return `Map {${list([...v], indent, depth, refs,
          ([k, val], ind, d, r) => `${printer(k, ind, d, r)} => ${printer(val, ind, d, r)}`)}}`;
      }
      if (tag === '[object Set]')
        return hit ? '[Set]' : `Set {${list([...v], indent, depth, refs, printer)}}`;
      if (hit) return `[${ctorName(v)}]`;
      return `${min ? '' : `${ctorName(v)} `}{${list(sortedKeys(v), indent, depth, refs,
        (k, ind, d, r) => `${printer(k, ind, d, r)}: ${printer(v[k], ind, d, r)}`)}}`;
    }
    function printAsymmetric(v, indent, depth, refs) {
      const name = v.toString();
      const entry = (k, ind, d, r) => `${printer(k, ind, d, r)}: ${printer(v.sample[k], ind, d, r)}`;
      if (name === 'ArrayContaining' || name === 'ArrayNotContaining')
        return ++depth > maxDepth ? `[${name}]`
          : `${name} [${list(v.sample, indent, depth, refs, printer)}]`;
      if (name === 'ObjectContaining' || name === 'ObjectNotContaining')
        return ++depth > maxDepth ? `[${name}]`
          : `${name} {${list(sortedKeys(v.sample), indent, depth, refs, entry)}}`;
      if (/^String(Not)?(Matching|Containing)$/.test(name))
        return `${name} ${printer(v.sample, indent, depth, refs)}`;
      if (typeof v.toAsymmetricMatcher === 'function') return v.toAsymmetricMatcher();
      return name;
    }
    return printer(value, '', 0, []);
  }

  /* jest-matcher-utils stringify: one line, depth 10, halved while longer than 10000. */
  function stringify(v, maxDepth = 10) {
    const r = prettyFormat(v, true, maxDepth);
    return r.length >= 10000 && maxDepth > 1 ? stringify(v, Math.floor(maxDepth / 2)) : r;
  }

  /* ---- line diff ---- */

  /* [op, line] with op ' ', '-' (only in a) or '+' (only in b); within a change the '-'
   * lines come first. LCS on lines after trimming the common ends; a very large middle is
   * shown as replaced rather than spending quadratic time on it. */
  function diffLines(a, b) {
    let start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) start++;
    let ea = a.length, eb = b.length;
    while (ea > start && eb > start && a[ea - 1] === b[eb - 1]) { ea--; eb--; }
    const ma = a.slice(start, ea), mb = b.slice(start, eb);
    const ops = a.slice(0, start).map((l) => [' ', l]);
    if (ma.length * mb.length > 4e6) {
      ma.forEach((l) => ops.push(['-', l]));
      mb.forEach((l) => ops.push(['+', l]));
    } else {
      const n = ma.length, m = mb.length;
      const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
      for (let i = n - 1; i >= 0; i--)
        for (let j = m - 1; j >= 0; j--)
          lcs[i][j] = ma[i] === mb[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      let i = 0, j = 0, dels = [], ins = [];
      const flush = () => {
        dels.forEach((l) => ops.push(['-', l]));
        ins.forEach((l) => ops.push(['+', l]));
        dels = [];
        ins = [];
      };
      while (i < n || j < m) {
        if (i < n && j < m && ma[i] === mb[j]) { flush(); ops.push([' ', ma[i]]); i++; j++; }
        else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) dels.push(ma[i++]);
        else ins.push(mb[j++]);
      }
      flush();
    }
    a.slice(ea).forEach((l) => ops.push([' ', l]));
    return ops;
  }

  /* jest-diff's unified output: change counts, then the lines with 5 lines of context and
   * "@@ -a,b +c,d @@" marks where common lines were left out. */
  function printUnified(ops, aLabel, bLabel) {
    const context = 5;
    const dels = ops.filter((o) => o[0] === '-').length, ins = ops.filter((o) => o[0] === '+').length;
    const pad = (s, n) => s + ' '.repeat(Math.max(0, n - s.length));
    const lw = Math.max(aLabel.length, bLabel.length);
    const cw = Math.max(String(dels).length, String(ins).length);
    const head = `- ${pad(aLabel, lw)}  - ${' '.repeat(cw - String(dels).length)}${dels}\n` +
      `+ ${pad(bLabel, lw)}  + ${' '.repeat(cw - String(ins).length)}${ins}\n\n`;
    const line = ([op, l]) => (l.length ? `${op} ${l}` : op === ' ' ? '' : op);
    const keep = new Array(ops.length).fill(false);
    ops.forEach((o, i) => {
      if (o[0] === ' ') return;
      const last = Math.min(ops.length - 1, i + context);
      for (let k = Math.max(0, i - context); k <= last; k++) keep[k] = true;
    });
    if (keep.every(Boolean)) return head + ops.map(line).join('\n');
    const out = [];
    let ai = 0, bi = 0, i = 0;
    while (i < ops.length) {
      if (!keep[i]) { if (ops[i][0] !== '+') ai++; if (ops[i][0] !== '-') bi++; i++; continue; }
      let j = i, ac = 0, bc = 0;
      const hunk = [];
      for (; j < ops.length && keep[j]; j++) {
        hunk.push(line(ops[j]));
        if (ops[j][0] !== '+') ac++;
        if (ops[j][0] !== '-') bc++;
      }
      out.push(`@@ -${ai + 1},${ac} +${bi + 1},${bc} @@`, ...hunk);
      ai += ac; bi += bc; i = j;
    }
    return head + out.join('\n');
  }

  const typeOf = (v) => {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'array';
    const t = typeof v;
    if (t !== 'object') return t;
    const tag = objToString.call(v).slice(8, -1);
    return ['Map', 'Set', 'Date', 'RegExp'].includes(tag) ? tag.toLowerCase() : 'object';
  };

  /* Where `expected` holds an asymmetric matcher that the received value satisfies, put
   * the matcher into the received copy, so the diff does not show it as a change. */
  function replaceMatched(expected, received, seenE = [], seenR = []) {
    const both = (t) => typeOf(expected) === t && typeOf(received) === t;
    if (!(both('object') || both('array')) || seenE.includes(expected) || seenR.includes(received))
      return { expected, received };
    seenE.push(expected);
    seenR.push(received);
    /* Copies keep their prototypes, so the diff still names their classes. */
    const copy = (v) =>
      (Array.isArray(v) ? [...v] : Object.assign(Object.create(Object.getPrototypeOf(v)), v));
    const e = copy(expected), r = copy(received);
    for (const key of Object.keys(e)) {
      if (!(key in r)) continue;
      if (isAsymmetric(e[key])) {
        if (e[key].asymmetricMatch(r[key])) r[key] = e[key];
      } else if (isAsymmetric(r[key])) {
        if (r[key].asymmetricMatch(e[key])) e[key] = r[key];
      } else {
        const inner = replaceMatched(e[key], r[key], seenE, seenR);
        e[key] = inner.expected;
        r[key] = inner.received;
      }
    }
    return { expected: e, received: r };
  }

  const labelPrinter = (...labels) => {
    const w = Math.max(...labels.map((l) => l.length));
    return (l) => `${l}: ${' '.repeat(w - l.length)}`;
  };

  /* jest-matcher-utils printDiffOrStringify (expand: false). */
  function printDiffOrStringify(expected, received, eLabel = 'Expected', rLabel = 'Received') {
    const te = typeOf(expected), tr = typeOf(received);
    if (te === 'string' && tr === 'string' && expected.length && received.length &&
        expected.length <= 20000 && received.length <= 20000 && expected !== received &&
        (expected.includes('\n') || received.includes('\n')))
      return printUnified(diffLines(expected.split('\n'), received.split('\n')), eLabel, rLabel);
    const lineDiffable = te === tr && ['object', 'array', 'map', 'set'].includes(te) &&
      !(expected instanceof Error && received instanceof Error) && !isAsymmetric(received);
    if (lineDiffable) {
      const { expected: e, received: r } = replaceMatched(expected, received);
      const a = prettyFormat(e, false, Infinity), b = prettyFormat(r, false, Infinity);
      if (a !== b) return printUnified(diffLines(a.split('\n'), b.split('\n')), eLabel, rLabel);
    }
    const label = labelPrinter(eLabel, rLabel);
    const es = stringify(expected), rs = stringify(received);
    return `${label(eLabel)}${es}\n${label(rLabel)}${es === rs ? 'serializes to the same string' : rs}`;
  }

  /* jest-diff's diff(a, b): null when a line diff says nothing more than the values. */
  function diff(a, b) {
    if (Object.is(a, b)) return 'Compared values have no visual difference.';
    const r = printDiffOrStringify(a, b);
    return r.startsWith('- Expected') ? r : null;
  }

  /* ---- Node's inspect as assert messages call it ---- */

  const nodeMeta = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '\\': '\\\\' };
  function nodeQuote(s) {
    let q = "'";
    if (s.includes("'")) {
      if (!s.includes('"')) q = '"';
      else if (!s.includes('`') && !s.includes('${')) q = '`';
    }
    return q + s.replace(/[\x00-\x1f\x7f\\'"`]/g, (c) => {
      if (c === q) return '\\' + c;
      if (c === "'" || c === '"' || c === '`') return c;
      return nodeMeta[c] || '\\x' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
    }) + q;
  }
  const nodeKey = (k) => (typeof k === 'symbol' ? `[${String(k)}]`
    : /^[a-zA-Z_][a-zA-Z_0-9]*$/.test(k) ? k : nodeQuote(k));

  function nodeInspect(value) {
    const seen = [];
    function fn(v) {
      const src = Function.prototype.toString.call(v);
      if (src.startsWith('class')) return `[class ${v.name || '(anonymous)'}]`;
      const type = (v.constructor && v.constructor.name) || 'Function';
      return `[${type}${v.name ? `: ${v.name}` : ' (anonymous)'}]`;
    }
    function block(open, items, close, indent) {
      if (!items.length) return `${open}${close}`;
      const next = indent + '  ';
      return `${open}\n${items.map((s) => next + s).join(',\n')}\n${indent}${close}`;
    }
    /* sorted: true sorts the printed entries of objects, Maps and Sets, and an array's
     * extra keys. */
    function keysOf(o, skipIndex) {
      const keys = Object.keys(o).filter((k) => !(skipIndex && /^(0|[1-9][0-9]*)$/.test(k)));
      return keys.concat(Object.getOwnPropertySymbols(o)
        .filter((s) => Object.prototype.propertyIsEnumerable.call(o, s)));
    }
    function print(v, indent) {
      switch (typeof v) {
        case 'number': return Object.is(v, -0) ? '-0' : String(v);
        case 'bigint': return `${v}n`;
        case 'string': return nodeQuote(v);
        case 'symbol': return String(v);
        case 'undefined': case 'boolean': return String(v);
        case 'function': return fn(v);
      }
      if (v === null) return 'null';
      if (seen.includes(v)) return '[Circular *1]';
      const tag = objToString.call(v).slice(8, -1);
      if (tag === 'Date') return isNaN(+v) ? 'Invalid Date' : v.toISOString();
      if (tag === 'RegExp') return String(v);
      if (v instanceof Error) return `[${Error.prototype.toString.call(v)}]`;
      if (tag === 'Number' || tag === 'String' || tag === 'Boolean')
        return `[${tag}: ${print(v.valueOf(), indent)}]`;
      seen.push(v);
      const next = indent + '  ';
      const props = (skipIndex) =>
        keysOf(v, skipIndex).map((k) => `${nodeKey(k)}: ${print(v[k], next)}`).sort();
      let out;
      const proto = Object.getPrototypeOf(v);
      const name = proto === null ? null : (proto.constructor && proto.constructor.name) || 'Object';
      if (Array.isArray(v) || ArrayBuffer.isView(v)) {
        const items = [];
        for (let i = 0; i < v.length; i++) {
          if (i in v) { items.push(print(v[i], next)); continue; }
          let j = i;
          while (j < v.length && !(j in v)) j++;
          items.push(`<${j - i} empty item${j - i > 1 ? 's' : ''}>`);
          i = j - 1;
        }
        const prefix = name === 'Array' ? '' : `${name}(${v.length}) `;
        out = block(`${prefix}[`, items.concat(Array.isArray(v) ? props(true) : []), ']', indent);
      } else if (tag === 'Map') {
        out = block(`Map(${v.size}) {`, [...v].map(([k, x]) => `${print(k, next)} => ${print(x, next)}`)
          .concat(props(false)).sort(), '}', indent);
      } else if (tag === 'Set') {
        out = block(`Set(${v.size}) {`, [...v].map((x) => print(x, next)).concat(props(false)).sort(),
          '}', indent);
      } else {
        const prefix = name === null ? '[Object: null prototype] '
          : name === 'Object' ? '' : `${name} `;
        out = block(`${prefix}{`, props(false), '}', indent);
      }
      seen.pop();
      return out;
    }
    return print(value, '');
  }

  /* ---- Node's AssertionError message (lib/internal/assert/assertion_error.js, v20) ---- */

  const readable = {
    deepStrictEqual: 'Expected values to be strictly deep-equal:',
    strictEqual: 'Expected values to be strictly equal:',
    strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
    deepEqual: 'Expected values to be loosely deep-equal:',
    notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
    notStrictEqual: 'Expected "actual" to be strictly unequal to:',
    notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
    notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
    notIdentical: 'Values have same structure but are not reference-equal:',
    notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
  };
  const isObj = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';

  /* createErrDiff: Node compares the inspected lines position by position. */
  function errDiff(actual, expected, operator, header) {
    let other = '', res = '', end = '', skipped = false, indicator = '', i = 0;
    const actualInspected = nodeInspect(actual);
    const actualLines = actualInspected.split('\n');
    const expectedLines = nodeInspect(expected).split('\n');
    if (operator === 'strictEqual' && ((isObj(actual) && typeof actual !== 'function' &&
        isObj(expected) && typeof expected !== 'function') ||
        (typeof actual === 'function' && typeof expected === 'function')))
      operator = 'strictEqualObject';
    if (actualLines.length === 1 && expectedLines.length === 1 && actualLines[0] !== expectedLines[0]) {
      const inputLength = actualLines[0].length + expectedLines[0].length;
      if (inputLength <= 12) {
        const object = (v) => typeof v === 'object' && v !== null;
        if (!object(actual) && !object(expected) && (actual !== 0 || expected !== 0))
          return `${header || readable[operator]}\n\n${actualLines[0]} !== ${expectedLines[0]}\n`;
      } else if (operator !== 'strictEqualObject' && inputLength < 80) {
        while (actualLines[0][i] === expectedLines[0][i]) i++;
        if (i > 2) { indicator = `\n  ${' '.repeat(i)}^`; i = 0; }
      }
    }
    let a = actualLines[actualLines.length - 1], b = expectedLines[expectedLines.length - 1];
    while (a === b) {
      if (i++ < 3) end = `\n  ${a}${end}`;
      else other = a;
      actualLines.pop();
      expectedLines.pop();
      if (actualLines.length === 0 || expectedLines.length === 0) break;
      a = actualLines[actualLines.length - 1];
      b = expectedLines[expectedLines.length - 1];
    }
    const maxLines = Math.max(actualLines.length, expectedLines.length);
    if (maxLines === 0) {
      const lines = actualInspected.split('\n');
      if (lines.length > 50) { lines[46] = '...'; lines.length = 47; }
      return `${header || readable.notIdentical}\n\n${lines.join('\n')}\n`;
    }
    if (i >= 5) { end = `\n...${end}`; skipped = true; }
    if (other !== '') { end = `\n  ${other}${end}`; other = ''; }
    let printedLines = 0, identical = 0;
    const msg = `${header || readable[operator]}\n+ actual - expected`;
    const skippedMsg = ' ... Lines skipped';
    let lines = actualLines, plusMinus = '+', maxLength = expectedLines.length;
    if (actualLines.length < maxLines) {
      lines = expectedLines;
      plusMinus = '-';
      maxLength = actualLines.length;
    }
    const flushIdentical = () => {
      if (identical > 2) {
        if (identical > 3) {
          if (identical > 4) {
            if (identical === 5) { res += `\n  ${lines[i - 3]}`; printedLines++; }
            else { res += '\n...'; skipped = true; }
          }
          res += `\n  ${lines[i - 2]}`; printedLines++;
        }
        res += `\n  ${lines[i - 1]}`; printedLines++;
      }
      identical = 0;
    };
    for (i = 0; i < maxLines; i++) {
      if (maxLength < i + 1) {
        flushIdentical();
        if (lines === actualLines) res += `\n${plusMinus} ${lines[i]}`;
        else other += `\n${plusMinus} ${lines[i]}`;
        printedLines++;
      } else {
        const expectedLine = expectedLines[i];
        let actualLine = actualLines[i];
        let diverging = actualLine !== expectedLine &&
          (!actualLine.endsWith(',') || actualLine.slice(0, -1) !== expectedLine);
        if (diverging && expectedLine.endsWith(',') && expectedLine.slice(0, -1) === actualLine) {
          diverging = false;
          actualLine += ',';
        }
        if (diverging) {
          flushIdentical();
          res += `\n+ ${actualLine}`;
          other += `\n- ${expectedLine}`;
          printedLines += 2;
        } else {
          res += other;
          other = '';
          identical++;
          if (identical <= 2) { res += `\n  ${actualLine}`; printedLines++; }
        }
      }
      if (printedLines > 50 && i < maxLines - 2)
        return `${msg}${skippedMsg}\n${res}\n...${other}\n...`;
    }
    return `${msg}${skipped ? skippedMsg : ''}\n${res}${other}${end}${indicator}`;
  }

  /* header: a message the caller gave; Node 20 puts it in place of the operator's line of a
   * strictEqual/deepStrictEqual diff (other operators show the caller's message alone). */
  function nodeMessage(actual, expected, operator, header) {
    if (operator === 'deepStrictEqual' || operator === 'strictEqual')
      return errDiff(actual, expected, operator, header);
    if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
      let base = readable[operator];
      const res = nodeInspect(actual).split('\n');
      if (operator === 'notStrictEqual' && isObj(actual)) base = readable.notStrictEqualObject;
      if (res.length > 50) { res[46] = '...'; res.length = 47; }
      if (res.length === 1) return `${base}${res[0].length > 5 ? '\n\n' : ' '}${res[0]}`;
      return `${base}\n\n${res.join('\n')}\n`;
    }
    let res = nodeInspect(actual), other = nodeInspect(expected);
    const known = readable[operator];
    if (operator === 'notDeepEqual' && res === other) {
      res = `${known}\n\n${res}`;
      return res.length > 1024 ? `${res.slice(0, 1021)}...` : res;
    }
    if (res.length > 512) res = `${res.slice(0, 509)}...`;
    if (other.length > 512) other = `${other.slice(0, 509)}...`;
    if (operator === 'deepEqual') {
      res = `${known}\n\n${res}\n\nshould loosely deep-equal\n\n`;
    } else {
      const newOp = readable[`${operator}Unequal`];
      if (newOp) res = `${newOp}\n\n${res}\n\nshould not loosely deep-equal\n\n`;
      else other = ` ${operator} ${other}`;
    }
    return `${res}${other}`;
  }

  return {
    stringify: (v) => stringify(v),
    format: (v) => prettyFormat(v, false, Infinity),
    printDiffOrStringify,
    diff,
    typeOf,
    nodeInspect,
    nodeMessage,
  };
})()
