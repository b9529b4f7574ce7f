import { helper, answer, revealed, more, Thing } from './lib/helpers.js';
import greet, { named } from './lib/default.mjs';
import * as ns from './lib/helpers.js';
import users from './fixtures/users.json';
import double from './lib/double.cjs.js';
import where from './lib/where.js';
import { api as client } from 'sonde';
const { api: a2 } = require('wdio-api-runner');

function check(cond, msg) {
  if (!cond) throw new Error(msg);
}
function eq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

// Top-level await before describe, and a dynamic import.
const echo = await client.get('/echo');
const lateMod = await import('./lib/late.js');
console.log(`CONFIG ${echo.data.headers['x-config']}`);
console.log(`LATE ${lateMod.late} ${JSON.stringify(lateMod.default)}`);
console.log(`PATHS ${__dirname} ${__filename} ${import.meta.url}`);

describe('ES modules', () => {
  it('imports named, renamed, re-exported and default bindings', () => {
    eq(helper('x'), 'helped x', 'helper()');
    eq(answer, 42, 'answer');
    eq(revealed, 'hidden', 'export { secret as revealed }');
    eq(more, 'more', 'export * from');
    eq(new Thing().kind, 'thing', 'exported class');
    eq(greet('bob'), 'hi bob', 'default export of an .mjs file');
    eq(named, 'named from mjs', 'named export next to a default');
  });

  it('imports a namespace', () => {
    eq(ns.helper('n'), 'helped n', 'ns.helper');
    eq([ns.answer, ns.revealed, ns.more], [42, 'hidden', 'more'], 'ns values');
    check(ns.Thing === Thing, 'ns.Thing is the same class');
    eq(ns.default, undefined, 'ns.default (export * skips defaults)');
  });

  it('imports JSON and a CommonJS module.exports function', () => {
    eq(users, [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }], 'users.json');
    eq(typeof double, 'function', 'typeof double');
    eq(double(21), 42, 'double(21)');
  });

  it('ran top-level await and import() before the tests', async () => {
    eq(echo.status, 200, 'status of the top-level request');
    eq(lateMod.late, 'loaded late', 'dynamic import named');
    eq(lateMod.default, { lazy: true }, 'dynamic import default');
    const again = await import('./lib/late.js');
    check(again === lateMod, 'a second import() gives the same module');
  });

  it('gives the one api client through import and require', async () => {
    check(client === api, "import { api } from 'sonde'");
    check(a2 === api, "require('wdio-api-runner').api");
    eq((await a2.get('/users/1')).data.name, 'Ada Lovelace', 'request through the alias');
  });

  it('sets __dirname, __filename and import.meta.url', () => {
    eq(__dirname, `${process.cwd()}/specs`, '__dirname');
    eq(__filename, `${process.cwd()}/specs/modules.spec.js`, '__filename');
    eq(import.meta.url, `file://${__filename}`, 'import.meta.url');
    eq(where, { dir: `${__dirname}/lib`, file: `${__dirname}/lib/where.js` }, 'a helper module\'s own');
  });
});
