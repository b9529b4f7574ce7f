// How response bodies are read, decoded and parsed.
const { check, eq } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('response bodies', () => {
  it('parses JSON types, and keeps invalid JSON as text with parseError', async () => {
    const bad = await api.get('/invalid-json');
    eq([bad.status, bad.ok, bad.data], [200, true, '{"broken": tru'], 'raw text in data');
    check(typeof bad.parseError === 'string' && /JSON/.test(bad.parseError), 'parseError: ' + bad.parseError);
    const good = await api.get('/problem');
    eq([good.data, good.parseError], [{ title: 'Not here', status: 404 }, undefined], 'problem+json');
  });

  it('parses ASCII and non-ASCII JSON alike', async () => {
    const docs = ['{"a":"plain","n":[1,2.5,-3e2],"t":true,"z":null}',
                  '{"é":"café ✓ 日本 😀","esc":"\\u00e9\\n\\ud83d\\ude00"}'];
    for (const body of docs) {
      const res = await api.get('/respond', { params: { type: 'application/json', body } });
      eq([res.data, res.parseError], [JSON.parse(body), undefined], 'data of ' + body);
    }
  });

  it('reads text, XML and form types as strings', async () => {
    eq((await api.get('/text')).data, 'hello from sonde', 'text/plain');
    const xml = await api.get('/respond', { params: { type: 'application/xml', body: '<a>1</a>' } });
    eq(xml.data, '<a>1</a>', 'application/xml');
    const atom = await api.get('/respond', { params: { type: 'application/atom+xml', body: '<feed/>' } });
    eq(atom.data, '<feed/>', '+xml');
    const form = await api.get('/respond', { params: { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' } });
    eq(form.data, 'a=1&b=2', 'form');
  });

  it('gives other types as an ArrayBuffer', async () => {
    const res = await api.get('/binary');
    check(res.data instanceof ArrayBuffer, 'data: ' + Object.prototype.toString.call(res.data));
    const bytes = new Uint8Array(res.data);
    eq([bytes.length, bytes[0], bytes[128], bytes[255], res.size], [256, 0, 128, 255, 256], 'bytes');
  });

  it('offers text(), json(), bytes() and arrayBuffer() with the raw body', async () => {
    const res = await api.get('/users/1');
    const text = await res.text();
    eq(JSON.parse(text), res.data, 'text() is the raw JSON');
    eq(await res.json(), res.data, 'json()');
    const bytes = await res.bytes();
    check(bytes instanceof Uint8Array && bytes.length === res.size, 'bytes(): ' + bytes.length);
    eq((await res.arrayBuffer()).byteLength, res.size, 'arrayBuffer()');
    let err;
    try { await (await api.get('/invalid-json')).json(); } catch (e) { err = e; }
    check(err instanceof SyntaxError, 'json() of invalid JSON rejects with a SyntaxError: ' + err);
    const bin = await api.get('/binary');
    eq((await bin.bytes())[200], 200, 'bytes() of a binary body');
  });

  it('decodes gzip, deflate and br; size is the decoded length', async () => {
    for (const enc of ['gzip', 'deflate', 'br']) {
      const res = await api.get(`/encoded/${enc}`);
      eq([res.status, res.data.encoding], [200, enc], `${enc} body`);
      eq(res.headers.get('content-encoding'), enc, `${enc} header`);
      eq(res.size, Number(res.headers.get('x-decoded-length')), `${enc} size`);
    }
  });

  it('gives null for empty bodies and HEAD', async () => {
    eq((await api.get('/empty')).data, null, 'empty');
    eq((await api.head('/users')).data, null, 'HEAD');
  });

  it('rejects a truncated body as a network error', async () => {
    let err;
    try { await api.get('/truncated'); } catch (e) { err = e; }
    check(err instanceof Error, 'expected an Error, got ' + err);
    eq([err.code, err.attempts], ['ECONNRESET', 1], 'code, attempts');
  });
});
