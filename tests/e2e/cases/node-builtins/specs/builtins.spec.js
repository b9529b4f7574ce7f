// Node's modules from a spec, through import (also node: names) and require; each test
// prints one "N ..." line that case.sh compares with what Node 20 prints.
import fs from 'node:fs';
import { readFile, writeFile, rm, mkdir, readdir, stat } from 'fs/promises';
import path from 'path';
import os from 'node:os';
import { format, inspect, promisify, types } from 'util';
import EventEmitter, { once } from 'events';
import { setTimeout as sleep } from 'timers/promises';
import { createHash, createHmac, randomBytes, randomUUID } from 'crypto';
import { execSync, spawnSync } from 'child_process';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sonde-e2e-'));

describe('node builtins', () => {
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('fs in all three forms', async () => {
    const file = path.join(tmp, 'a', 'b', 'data.txt');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'line 1\n');
    fs.appendFileSync(file, 'line 2\n');
    const cb = await new Promise((resolve, reject) =>
      fs.readFile(file, 'utf8', (err, data) => (err ? reject(err) : resolve(data))));
    const st = await stat(file);
    fs.renameSync(file, file + '.bak');
    const names = await readdir(path.dirname(file));
    let missing = '';
    try { fs.readFileSync(file); } catch (e) { missing = e.code; }
    await rm(path.join(tmp, 'a'), { recursive: true });
    console.log(`N fs ${JSON.stringify(cb)} size=${st.size} file=${st.isFile()} names=${names} missing=${missing} gone=${!fs.existsSync(path.join(tmp, 'a'))} text=${(await readFile(__filename, 'utf8')).startsWith('//')}`);
  });

  it('path, url and import.meta', () => {
    const p = path.parse('/srv/app/config.json');
    console.log(`N path ${path.join('/a', '../b', './c')} ${path.relative('/a/b', '/a/c/d')} ${p.name}${p.ext} ${path.basename(import.meta.url)} ${import.meta.dirname === __dirname} ${path.basename(__filename)}`);
  });

  it('util', async () => {
    const later = promisify((v, cb) => setTimeout(() => cb(null, v * 2), 1));
    console.log(`N util ${format('%s:%d:%j', 'a', 7, { k: 1 })} ${inspect({ a: [1, { b: 2 }] })} ${await later(21)} ${types.isDate(new Date())}`);
  });

  it('events and timers/promises', async () => {
    const e = new EventEmitter();
    const seen = [];
    e.on('tick', (n) => seen.push(n));
    setTimeout(() => { e.emit('tick', 1); e.emit('done', 'ok'); }, 5);
    const [result] = await once(e, 'done');
    const value = await sleep(5, 'slept');
    console.log(`N events ${seen} ${result} ${value} ${e.listenerCount('tick')}`);
  });

  it('crypto', () => {
    const md5 = createHash('md5').update('sonde').digest('hex');
    const sha1 = createHash('sha1').update('sonde').digest('base64');
    const sha256 = createHash('sha256').update('so').update('nde').digest('hex');
    const hmac = createHmac('sha256', 'key').update('sonde').digest('base64url');
    console.log(`N crypto ${md5} ${sha1} ${sha256.slice(0, 16)} ${hmac} ${randomBytes(16).length} ${randomUUID().length}`);
  });

  it('child_process', () => {
    const out = execSync('echo hello && echo err >&2', { stdio: 'pipe' }).toString().trim();
    const r = spawnSync('sh', ['-c', 'exit 3']);
    let failed = '';
    try { execSync('exit 2', { stdio: 'pipe' }); } catch (e) { failed = `${e.status} ${e.message}`; }
    console.log(`N child ${out} ${r.status} ${failed}`);
  });

  it('Buffer', () => {
    const b = Buffer.from('sonde ✓');
    console.log(`N buffer ${b.length} ${b.toString('base64')} ${b.toString('hex').slice(0, 10)} ${Buffer.from('c29uZGU', 'base64url')} ${Buffer.concat([Buffer.from('a'), Buffer.alloc(2, 'z')])} ${Buffer.byteLength('€')} ${inspect(Buffer.from('hi'))}`);
  });

  it('process', () => {
    let exitSeen = false;
    process.once('custom', () => { exitSeen = true; });
    process.emit('custom');
    process.stdout.write('N stdout ');
    process.stdout.write('write\n');
    const [s] = process.hrtime();
    console.log(`N process ${process.platform} ${process.version.startsWith('v20')} ${typeof process.pid} ${typeof s} ${typeof process.hrtime.bigint()} ${Object.keys(process.memoryUsage()).length} ${exitSeen} ${process.env.API_BASE_URL !== undefined}`);
  });

  it('require beside import', () => {
    const { createRequire } = require('module');
    const r = createRequire(import.meta.url);
    console.log(`N require ${r('node:path') === path} ${require('fs') === fs} ${require.resolve('os')} ${typeof require('url').URL}`);
  });
});
