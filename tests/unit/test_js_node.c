/* test_js_node: conformance of sonde's Node modules (Buffer, path, events, process,
 * crypto, os, timers, util, url, querystring) with Node 20. Each case is the body of an async
 * function run in a fresh sonde realm (test_js_harness.h); the expected strings are what
 * `node` v20 returned for the same body (generated once and pasted: CI may have no node).
 * Cases whose only difference is an engine's error wording, or a documented gap, are left
 * out. */
#include "test_js_harness.h"

/* Buffer, string_decoder, path */
static const js_case_t buffer_path_cases[] = {
    {"const b = Buffer.from('hello'); return [b.toString('base64'), b.toString('base64url'),"
     " b.toString('hex'), JSON.stringify(b.toJSON()), Buffer.from([1, 2, 300]).toString('hex"
     "'), Buffer.alloc(3, 'ab').toString(), Buffer.byteLength('héllo'), Buffer.concat([b, Bu"
     "ffer.from('!')]).toString()].join('|')",
     "aGVsbG8=|aGVsbG8|68656c6c6f|{\"type\":\"Buffer\",\"data\":[104,101,108,108,111]}|01022"
     "c|aba|6|hello!"},
    {"return require('util').inspect(Buffer.alloc(60)) + ' ' + require('util').inspect(Buffe"
     "r.from('hi'))",
     "<Buffer 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
     "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ... 10 more by"
     "tes> <Buffer 68 69>"},
    {"const b = Buffer.from('hello'); return [b.slice(1, 3).toString(), b.subarray(-2).toStr"
     "ing(), b.indexOf('l'), b.lastIndexOf('l'), b.includes('ell'), Buffer.compare(b, Buffer"
     ".from('hellp')), b.indexOf(Buffer.from('lo')), b.indexOf(108, 3)].join()",
     "el,lo,2,3,true,-1,3,3"},
    {"const b = Buffer.from('hello'); return [b.readUInt16LE(0), b.readInt32BE(1), Buffer.is"
     "Buffer(b), b instanceof Uint8Array, Buffer.from('aGk', 'base64').toString(), Buffer.fr"
     "om('zz', 'hex').length, Buffer.from('a1b', 'hex').toString('hex'), Buffer.from('-_8', "
     "'base64url').toString('hex')].join()",
     "25960,1701604463,true,true,hi,0,a1,fbff"},
    {"const w = Buffer.alloc(8); w.writeUInt32BE(0xdeadbeef, 0); w.writeInt16LE(-2, 4); cons"
     "t n = w.write('xyz', 5); return w.toString('hex') + ' ' + n + ' ' + w.readInt16LE(4) +"
     " ' ' + w.readUint8(0)",
     "deadbeeffe78797a 3 30974 222"},
    {"const f = Buffer.alloc(16); f.writeDoubleBE(1.5, 0); f.writeFloatLE(-2.25, 8); f.write"
     "BigInt64LE(-5n, 8); return f.readDoubleBE(0) + ' ' + f.readBigInt64LE(8) + ' ' + f.rea"
     "dBigUInt64BE(0)",
     "1.5 -5 4609434218613702656"},
    {"return [typeof Buffer.from, Object.getPrototypeOf(Buffer.prototype) === Uint8Array.pro"
     "totype, Buffer.from('€').length, Buffer.from('\\ud800').toString('hex'), Buffer.from('"
     "hi').equals(Buffer.from('hi')), Buffer.from([0xe2, 0x82]).toString(), JSON.stringify(B"
     "uffer.from('ab'))].join('|')",
     "function|true|3|efbfbd|true|�|{\"type\":\"Buffer\",\"data\":[97,98]}"},
    {"try { Buffer.alloc(-1) } catch (e) { return e.code + ' ' + e.message }",
     "ERR_OUT_OF_RANGE The value of \"size\" is out of range. It must be >= 0 && <= 42949672"
     "96. Received -1"},
    {"try { Buffer.from(5) } catch (e) { return e.code + ' ' + e.message }",
     "ERR_INVALID_ARG_TYPE The first argument must be of type string or an instance of Buffe"
     "r, ArrayBuffer, or Array or an Array-like Object. Received type number (5)"},
    {"return [Buffer.from('héllo', 'latin1').toString('latin1'), Buffer.from('hi', 'utf16le'"
     ").toString('hex'), Buffer.from('6869', 'hex').toString('ascii'), Buffer.isEncoding('UT"
     "F-8'), Buffer.isEncoding('nope'), Buffer.from(new Uint16Array([1, 2]).buffer).length, "
     "Buffer.from({ type: 'Buffer', data: [1, 2] }).toString('hex')].join()",
     "héllo,68006900,hi,true,false,4,0102"},
    {"const ab = new ArrayBuffer(4); const v = Buffer.from(ab, 1, 2); v[0] = 7; return new U"
     "int8Array(ab)[1] + ' ' + v.length + ' ' + Buffer.from(Buffer.from('x')).toString()",
     "7 2 x"},
    {"const b = Buffer.from([1, 2, 3, 4]); b.swap16(); const c = Buffer.alloc(4); const n = "
     "b.copy(c, 1, 0, 2); return b.toString('hex') + ' ' + c.toString('hex') + ' ' + n + ' '"
     " + Buffer.alloc(4).fill('ab', 1).toString('hex')",
     "02010403 00020100 2 00616261"},
    {"try { Buffer.from('x', 'nope') } catch (e) { return e.code + ' ' + e.message }",
     "ERR_UNKNOWN_ENCODING Unknown encoding: nope"},
    {"const { StringDecoder } = require('string_decoder'); const d = new StringDecoder('utf8"
     "'); return d.write(Buffer.from([0xe2, 0x82])) + '|' + d.write(Buffer.from([0xac])) + '"
     "|' + d.end() + '|' + new StringDecoder('utf8').end(Buffer.from([0xe2]))",
     "|€||�"},
    {"const b = require('buffer'); return [b.Buffer === Buffer, typeof b.constants.MAX_LENGT"
     "H, b.INSPECT_MAX_BYTES, typeof b.Blob, typeof b.atob].join()",
     "true,number,50,function,function"},
    {"const p = require('path'); return [p.join('/a', '../b', 'c'), p.join('a', '', 'b/'), p"
     ".join(), p.normalize('/a//b/./c/..'), p.normalize('./x/../../y'), p.normalize(''), p.n"
     "ormalize('a/'), p.resolve('/a/b', './c'), p.resolve('/a', '/b', 'c/..'), p.isAbsolute("
     "'/x'), p.isAbsolute('x')].join('|')",
     "/b/c|a/b/|.|/a/b|../y|.|a/|/a/b/c|/b|true|false"},
    {"const p = require('path'); return [p.relative('/a/b/c', '/a/d'), p.relative('/a', '/a/"
     "b/c'), p.relative('/a/b', '/a'), p.relative('/', '/x'), p.relative('/x', '/'), p.relat"
     "ive('/a', '/a')].join('|')",
     "../../d|b/c|..|x|..|"},
    {"const p = require('path'); return [p.dirname('/a/b/c'), p.dirname('/a'), p.dirname('a'"
     "), p.dirname('//a'), p.dirname(''), p.basename('/a/b.txt'), p.basename('/a/b.txt', '.t"
     "xt'), p.basename('/a/b/'), p.basename('b.txt', 'b.txt'), p.extname('a.b.c'), p.extname"
     "('.bashrc'), p.extname('a.'), p.extname('a')].join('|')",
     "/a/b|/|.|//|.|b.txt|b|b||.c||.|"},
    {"const p = require('path'); return JSON.stringify([p.parse('/home/u/f.txt'), p.parse('r"
     "el/.hidden'), p.parse('/'), p.parse('a/b.tar.gz')])",
     "[{\"root\":\"/\",\"dir\":\"/home/u\",\"base\":\"f.txt\",\"ext\":\".txt\",\"name\":\"f"
     "\"},{\"root\":\"\",\"dir\":\"rel\",\"base\":\".hidden\",\"ext\":\"\",\"name\":\".hidde"
     "n\"},{\"root\":\"/\",\"dir\":\"/\",\"base\":\"\",\"ext\":\"\",\"name\":\"\"},{\"root\""
     ":\"\",\"dir\":\"a\",\"base\":\"b.tar.gz\",\"ext\":\".gz\",\"name\":\"b.tar\"}]"},
    {"const p = require('path'); return [p.format({ dir: '/a', base: 'b.txt' }), p.format({ "
     "root: '/', name: 'f', ext: 'md' }), p.format({ name: 'x', ext: '.js' }), p.sep, p.deli"
     "miter, p.posix === p, typeof p.win32.join].join('|')",
     "/a/b.txt|/f.md|x.js|/|:|true|function"},
    {"try { require('path').join('a', 1) } catch (e) { return e.code + ' ' + e.message }",
     "ERR_INVALID_ARG_TYPE The \"path\" argument must be of type string. Received type numbe"
     "r (1)"},
    {"return require('node:path/posix').join('x', 'y') + ' ' + require('path').resolve('rel'"
     ").startsWith(process.cwd())",
     "x/y true"},
};

/* events, process, module */
static const js_case_t events_process_cases[] = {
    {"const EE = require('events'); const e = new EE(); const log = []; e.on('a', (x) => log"
     ".push('on' + x)); e.once('a', (x) => log.push('once' + x)); e.prependListener('a', () "
     "=> log.push('first')); e.emit('a', 1); e.emit('a', 2); return log.join() + ' ' + e.lis"
     "tenerCount('a') + ' ' + e.eventNames()",
     "first,on1,once1,first,on2 2 a"},
    {"const EE = require('events'); const e = new EE(); try { e.emit('error', new Error('boo"
     "m')) } catch (err) { return err.message }",
     "boom"},
    {"const EE = require('events'); try { new EE().emit('error', 'str') } catch (err) { retu"
     "rn err.code + ' ' + err.message }",
     "ERR_UNHANDLED_ERROR Unhandled error. ('str')"},
    {"const EE = require('events'); const e = new EE(); const f = () => {}; e.on('x', f); e."
     "on('x', f); e.off('x', f); const n1 = e.listenerCount('x'); e.removeAllListeners(); re"
     "turn n1 + ' ' + e.listenerCount('x') + ' ' + (EE.EventEmitter === EE) + ' ' + EE.defau"
     "ltMaxListeners",
     "1 0 true 10"},
    {"const { once, EventEmitter } = require('node:events'); const e = new EventEmitter(); s"
     "etTimeout(() => e.emit('ready', 1, 2), 1); const args = await once(e, 'ready'); return"
     " args.join()",
     "1,2"},
    {"const { once, EventEmitter } = require('events'); const e = new EventEmitter(); setTim"
     "eout(() => e.emit('error', new Error('bad')), 1); try { await once(e, 'never') } catch"
     " (err) { return err.message }",
     "bad"},
    {"const EE = require('events'); class My extends EE { constructor() { super(); this.x = "
     "1 } }; const m = new My(); let got; m.on('e', function (v) { got = this.x + v }); m.em"
     "it('e', 2); return got + ' ' + (m instanceof EE)",
     "3 true"},
    {"const EE = require('events'); function Old() { EE.call(this) } require('util').inherit"
     "s(Old, EE); const o = new Old(); let n = 0; o.on('z', () => n++); o.emit('z'); return "
     "n + ' ' + o.listeners('z').length",
     "1 1"},
    {"const EE = require('events'); const e = new EE(); const log = []; e.on('newListener', "
     "(n) => log.push('new:' + n)); e.on('removeListener', (n) => log.push('rm:' + n)); cons"
     "t f = () => {}; e.on('q', f); e.removeListener('q', f); return log.join()",
     "new:removeListener,new:q,rm:q"},
    {"const { on, EventEmitter } = require('events'); const e = new EventEmitter(); setTimeo"
     "ut(() => { e.emit('d', 1); e.emit('d', 2); }, 1); const got = []; for await (const [v]"
     " of on(e, 'd')) { got.push(v); if (got.length === 2) break; } return got.join()",
     "1,2"},
    {"return [process.platform, typeof process.pid, process.version.startsWith('v20.'), type"
     "of process.versions.node, process.arch === require('os').arch(), typeof process.uptime"
     "(), Array.isArray(process.hrtime()), typeof process.hrtime.bigint(), Object.keys(proce"
     "ss.memoryUsage()).join('+'), typeof process.memoryUsage.rss()].join()",
     "linux,number,true,string,true,number,true,bigint,rss+heapTotal+heapUsed+external+array"
     "Buffers,number"},
    {"const t = process.hrtime(); const d = process.hrtime(t); return d.length + ' ' + (d[0]"
     " === 0)",
     "2 true"},
    {"return [typeof process.stdout.write, process.stdout.fd, process.stderr.fd, typeof proc"
     "ess.on, typeof process.emit, typeof process.nextTick, typeof process.exit, typeof proc"
     "ess.cwd()].join()",
     "function,1,2,function,function,function,function,string"},
    {"let n = 0; process.on('custom', (v) => n += v); process.emit('custom', 2); process.emi"
     "t('custom', 3); return n + ' ' + process.listenerCount('custom')",
     "5 1"},
    {"process.env.SONDE_T = 'v'; const v = process.env.SONDE_T; delete process.env.SONDE_T; "
     "return v + ' ' + process.env.SONDE_T",
     "v undefined"},
    {"const before = process.cwd(); process.chdir('/tmp'); const now = process.cwd(); proces"
     "s.chdir(before); return now",
     "/tmp"},
    {"try { process.chdir('/nope-dir') } catch (e) { return e.code }", "ENOENT"},
    {"let w; process.once('warning', (x) => w = x); process.emitWarning('careful', 'CustomWa"
     "rning', 'C01'); const sync = w; await new Promise((r) => setTimeout(r, 1)); return Str"
     "ing(sync) + ' ' + w.name + ' ' + w.message + ' ' + w.code",
     "undefined CustomWarning careful C01"},
    {"return require('process') === process", "true"},
    {"const m = require('module'); return [typeof m.createRequire, m.isBuiltin('fs'), m.isBu"
     "iltin('node:path'), m.isBuiltin('nope'), m.builtinModules.includes('fs')].join()",
     "function,true,true,false,true"},
    {"return typeof require.resolve + ' ' + require.resolve('fs') + ' ' + require.resolve('n"
     "ode:path')",
     "function fs node:path"},
    {"try { require('./nope-file') } catch (e) { return e.code }", "MODULE_NOT_FOUND"},
};

/* crypto, os, timers/promises, util */
static const js_case_t misc_cases[] = {
    {"const c=require('crypto'); return [c.createHash('sha256').update('a').update(Buffer.fr"
     "om('b')).digest('hex'), c.createHash('md5').update('hi').digest('base64'), c.createHma"
     "c('sha1','k').update('m').digest('base64url'), c.createHash('SHA512').update('x').dige"
     "st().length].join()",
     "fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603,SfaKXIST7CwL9ImCHCH8O"
     "w==,dytxyKKZfnaL4B2XEeSk80ok7zM,64"},
    {"const c=require('node:crypto'); try{c.createHash('nope')}catch(e){return e.message}",
     "Digest method not supported"},
    {"const c=require('crypto'); const h=c.createHash('sha1'); h.digest(); try{h.update('x')"
     "}catch(e){return e.message+' '+e.code}",
     "Digest already called ERR_CRYPTO_HASH_FINALIZED"},
    {"const c=require('crypto'); return [c.randomBytes(4).length, c.randomInt(5,6), c.random"
     "UUID().length, c.timingSafeEqual(Buffer.from('a'),Buffer.from('a')), c.pbkdf2Sync('p',"
     "'s',1000,16,'sha256').toString('hex'), c.createHash('sha256').update('é').digest('hex'"
     "), c.createHash('sha256').update('é','latin1').digest('hex')].join()",
     "4,5,36,true,07f5f5e23e40846c35c4c7bbc8244ee2,4a99557e4033c3539de2eb65472017cad5f9557f7"
     "a0625a09f1c3f6e2ba69c4c,de2e331d891ae267a7009cb45b4e8830f170e0c937288ea2731a1941c7a53b"
     "0d"},
    {"const b = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('a')); return"
     " Buffer.from(b).toString('hex') + b.constructor.name",
     "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bbArrayBuffer"},
    {"try{crypto.getRandomValues(new Float32Array(2))}catch(e){return e.name+': '+e.message}",
     "TypeMismatchError: The data argument must be an integer-type TypedArray"},
    {"try{crypto.getRandomValues(new Uint8Array(70000))}catch(e){return e.name+': '+e.message}",
     "QuotaExceededError: The requested length exceeds 65,536 bytes"},
    {"try { await crypto.subtle.digest('MD5', new Uint8Array(1)) } catch(e) { return e.name "
     "+ ' ' + e.message }",
     "NotSupportedError Unrecognized algorithm name"},
    {"const k = await crypto.subtle.importKey('raw', new TextEncoder().encode('secret'), {na"
     "me:'HMAC', hash:'SHA-256'}, false, ['sign','verify']); const s = await crypto.subtle.s"
     "ign('HMAC', k, new TextEncoder().encode('data')); return Buffer.from(s).toString('base"
     "64') + ' ' + await crypto.subtle.verify('HMAC', k, s, new TextEncoder().encode('data')"
     ") + ' ' + k.algorithm.hash.name + ' ' + k.type",
     "GywWt1vSqHDBFBU8zaW8/KYzFLxyL6Fg1pDeEzzLuds= true SHA-256 secret"},
    {"return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(cr"
     "ypto.randomUUID())",
     "true"},
    {"const os=require('os'); return [os.EOL==='\\n', os.platform(), os.type(), typeof os.cp"
     "us()[0].model, os.tmpdir(), typeof os.hostname(), os.endianness(), os.homedir()===proc"
     "ess.env.HOME, Array.isArray(os.networkInterfaces().lo)].join()",
     "true,linux,Linux,string,/tmp,string,LE,true,true"},
    {"const tp=require('timers/promises'); const c=new AbortController(); c.abort(); try { a"
     "wait tp.setTimeout(10,'v',{signal:c.signal}) } catch(e) { return [e.name,e.code,e.mess"
     "age,e.constructor.name, e.cause.name].join() }",
     "AbortError,ABORT_ERR,The operation was aborted,AbortError,AbortError"},
    {"const tp=require('node:timers/promises'); let n=0; for await (const v of tp.setInterva"
     "l(5,'x')) { if(++n==3) break; } return n + ' ' + await tp.setImmediate('i') + ' ' + aw"
     "ait tp.setTimeout(5, 'late') + ' ' + typeof tp.scheduler.wait",
     "3 i late function"},
    {"return Object.keys(require('timers/promises')).join() + ' ' + typeof require('timers')"
     ".setTimeout",
     "setTimeout,setImmediate,setInterval,scheduler function"},
    {"const u=require('util'); return [u.format('%s=%d %j', 'a', 42, {x:1}), u.inspect({a:{b"
     ":{c:{d:1}}}}, {depth:0}), u.inspect('str'), u.isDeepStrictEqual({a:[1,{b:2}]},{a:[1,{b"
     ":2}]}), u.isDeepStrictEqual([1],['1']), u.types.isPromise(Promise.resolve()), u.types."
     "isDate(new Date()), u.types.isRegExp(/x/), u.types.isUint8Array(Buffer.from('')), u.ty"
     "pes.isAsyncFunction(async()=>{})].join('|')",
     "a=42 {\"x\":1}|{ a: [Object] }|'str'|true|false|true|true|true|true|true"},
    {"const u=require('util'); const f=u.promisify((a,cb)=>setTimeout(()=>cb(null,a*2),1)); "
     "return await f(21)",
     "42"},
    {"const u=require('util'); const f=u.promisify((cb)=>cb(new Error('bad'))); try { await "
     "f() } catch(e) { return e.message }",
     "bad"},
    {"const u=require('util'); function A(){}; function B(){}; u.inherits(A,B); return (new "
     "A() instanceof B) + ' ' + (A.super_===B)",
     "true true"},
    {"const u=require('util'); return u.inspect(new Map([[1,{a:[1,2,3]}]]), {compact:false})",
     "Map(1) {\n  1 => {\n    a: [\n      1,\n      2,\n      3\n    ]\n  }\n}"},
    {"const u=require('util'); return u.inspect({b:1,a:2,c:{z:1,y:2}}, {sorted:true})",
     "{ a: 2, b: 1, c: { y: 2, z: 1 } }"},
    {"const u=require('util'); return u.inspect('x'.repeat(30), {maxStringLength: 5}) + u.in"
     "spect([1,2,3,4,5], {maxArrayLength: 2}) + u.inspect({a:1,b:2}, {breakLength: 3})",
     "'xxxxx'... 25 more characters[ 1, 2, ... 3 more items ]{\n  a: 1,\n  b: 2\n}"},
    {"const u=require('util'); class Foo { [u.inspect.custom](d, o, i) { return 'Foo<' + i(t"
     "his.x, o) + ',' + d + '>' } constructor(){this.x='y'} }; return u.inspect({f: new Foo("
     ")})",
     "{ f: Foo<'y',1> }"},
    {"const u=require('util'); return u.stripVTControlCharacters('\\x1b[31mred\\x1b[39m') + "
     "u.types.isMap(new Map()) + u.getSystemErrorName(-2)",
     "redtrueENOENT"},
    {"const u = require('util'); const cb = u.callbackify(async (x) => x + 1); return await "
     "new Promise(r => cb(1, (e, v) => r(v)))",
     "2"},
    {"return require('util').inspect(Buffer.from('hello world'))",
     "<Buffer 68 65 6c 6c 6f 20 77 6f 72 6c 64>"},
    {"return require('util').inspect(new Error('boom').message) + require('util').format('%s"
     "', 1n) + require('util').format('%i', '42.5px') + require('util').format('a', 'b', 3)",
     "'boom'1n42a b 3"},
};

/* url (file URLs, legacy parse/format/resolve), querystring */
static const js_case_t url_module_cases[] = {
    {"const url=require('url'); return [url.pathToFileURL('/a b#c?d%e').href, url.pathToFile"
     "URL('rel/x/').href === 'file://' + require('path').resolve('rel/x') + '/', url.fileURL"
     "ToPath('file:///a%20b/%C3%A9'), url.fileURLToPath(new URL('file:///x'))].join('|')",
     "file:///a%20b%23c%3Fd%25e|true|/a b/é|/x"},
    {"const url=require('url'); const r=[]; for (const u of ['http://a/', 'file://host/a', '"
     "file:///a%2fb']) { try{url.fileURLToPath(u)}catch(e){r.push(e.code+' '+e.message)} } r"
     "eturn r.join('|')",
     "ERR_INVALID_URL_SCHEME The URL must be of scheme file|ERR_INVALID_FILE_URL_HOST File U"
     "RL host must be \"localhost\" or empty on linux|ERR_INVALID_FILE_URL_PATH File URL pat"
     "h must not include encoded / characters"},
    {"return JSON.stringify(require('url').parse('http://user:pw@Host.com:8080/p/a/t/h?query"
     "=string&a=1#hash'))",
     "{\"protocol\":\"http:\",\"slashes\":true,\"auth\":\"user:pw\",\"host\":\"host.com:8080"
     "\",\"port\":\"8080\",\"hostname\":\"host.com\",\"hash\":\"#hash\",\"search\":\"?query="
     "string&a=1\",\"query\":\"query=string&a=1\",\"pathname\":\"/p/a/t/h\",\"path\":\"/p/a/"
     "t/h?query=string&a=1\",\"href\":\"http://user:pw@host.com:8080/p/a/t/h?query=string&a="
     "1#hash\"}"},
    {"return JSON.stringify(require('url').parse('/p?x=1&x=2', true))",
     "{\"protocol\":null,\"slashes\":null,\"auth\":null,\"host\":null,\"port\":null,\"hostna"
     "me\":null,\"hash\":null,\"search\":\"?x=1&x=2\",\"query\":{\"x\":[\"1\",\"2\"]},\"path"
     "name\":\"/p\",\"path\":\"/p?x=1&x=2\",\"href\":\"/p?x=1&x=2\"}"},
    {"const url=require('url'); return url.format({protocol:'https', hostname:'a.com', pathn"
     "ame:'/x', query:{q:'1 2', r:['a','b']}}) + ' ' + url.format(new URL('http://u:p@a/b?c#"
     "d'), {fragment:false, search:false, auth:false})",
     "https://a.com/x?q=1%202&r=a&r=b http://a/b"},
    {"const qs=require('querystring'); return qs.stringify({a:'b c', d:\"!'()*~\", e:[1,2], "
     "f:'', g:null, h:undefined}) + ' ' + JSON.stringify(qs.parse('a=1&a=2&b=%20x+y&c')) + '"
     " ' + qs.escape('a b&') + ' ' + qs.unescape('a%20b+c')",
     "a=b%20c&d=!'()*~&e=1&e=2&f=&g=&h= {\"a\":[\"1\",\"2\"],\"b\":\" x y\",\"c\":\"\"} a%20"
     "b%26 a b+c"},
    {"const url=require('url'); return url.domainToASCII('münchen.de') + '|' + url.domainToA"
     "SCII('EXAMPLE.com')",
     "xn--mnchen-3ya.de|example.com"},
    {"const url=require('url'); return url.resolve('http://a/b/c', '../d') + ' ' + url.resol"
     "ve('/one/two/three', 'four') + ' ' + url.resolve('http://example.com/one', '/two')",
     "http://a/d /one/two/four http://example.com/two"},
    {"return JSON.stringify(require('url').urlToHttpOptions(new URL('https://u:p@[::1]:8443/"
     "p?q=1#h')))",
     "{\"protocol\":\"https:\",\"hostname\":\"::1\",\"hash\":\"#h\",\"search\":\"?q=1\",\"pa"
     "thname\":\"/p\",\"path\":\"/p?q=1\",\"href\":\"https://u:p@[::1]:8443/p?q=1#h\",\"port"
     "\":8443,\"auth\":\"u:p\"}"},
    {"const {URL: U, URLSearchParams: P} = require('node:url'); return (U === URL) + ' ' + ("
     "P === URLSearchParams)",
     "true true"},
    {"return require('url').format('http://A.com/x?y#z')", "http://a.com/x?y#z"},
};

#define TABLE(fn, cases) \
  static void fn(void **state) { h_run_table(cases, sizeof(cases) / sizeof(cases[0])); }
TABLE(test_buffer_path, buffer_path_cases)
TABLE(test_events_process, events_process_cases)
TABLE(test_misc, misc_cases)
TABLE(test_url_module, url_module_cases)

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_buffer_path),
      cmocka_unit_test(test_events_process),
      cmocka_unit_test(test_misc),
      cmocka_unit_test(test_url_module),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
