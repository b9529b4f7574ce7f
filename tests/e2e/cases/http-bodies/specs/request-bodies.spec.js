// What each kind of body becomes on the wire, and which Content-Type goes with it.
const { check, eq } = require(`${process.env.E2E_SHARED}/http-check.js`);
const { Blob, File, FormData, URLSearchParams, utf8 } = require('./web.js');

const sent = async (body, options) => (await api.post('/echo', body, options)).data;

describe('request bodies', () => {
  it('sends objects and arrays as JSON', async () => {
    const o = await sent({ a: 1, nested: { b: [true, null] } });
    eq([o.headers['content-type'], o.body], ['application/json', '{"a":1,"nested":{"b":[true,null]}}'], 'object');
    const a = await sent([1, 'two']);
    eq([a.headers['content-type'], a.body], ['application/json', '[1,"two"]'], 'array');
    const n = await sent(42);
    eq([n.headers['content-type'], n.body], ['application/json', '42'], 'number');
  });

  it('sends strings as they are: text/plain, or application/json when they are JSON', async () => {
    const t = await sent('hello, world');
    eq([t.headers['content-type'], t.body], ['text/plain', 'hello, world'], 'text');
    const j = await sent('{"already":"json"}');
    eq([j.headers['content-type'], j.body], ['application/json', '{"already":"json"}'], 'JSON text');
  });

  it('sends URLSearchParams form-encoded', async () => {
    const f = await sent(new URLSearchParams({ a: '1', b: 'x y&z' }));
    eq([f.headers['content-type'], f.body], ['application/x-www-form-urlencoded', 'a=1&b=x+y%26z'], 'form');
  });

  it('takes URLSearchParams as params too', async () => {
    const res = await api.get('/echo?x=0', { params: new URLSearchParams({ a: '1', b: 'x y' }) });
    eq(res.request.url, `${process.env.API_BASE_URL}/echo?x=0&a=1&b=x+y`, 'request.url');
    eq(res.data.query, { x: '0', a: '1', b: 'x y' }, 'query');
  });

  it('sends FormData as multipart with string and file parts', async () => {
    const form = new FormData();
    form.append('title', 'Report');
    form.append('file', new Blob(['col1,col2\n1,2\n'], { type: 'text/csv' }), 'data.csv');
    const m = await sent(form);
    const type = m.headers['content-type'];
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type);
    check(boundary, 'content-type: ' + type);
    const b = boundary[1];
    eq(m.body, `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nReport\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="data.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\ncol1,col2\n1,2\n\r\n--${b}--\r\n`, 'multipart body');
  });

  it('sends a Blob with its own type', async () => {
    const r = await sent(new Blob(['<x/>'], { type: 'application/xml' }));
    eq([r.headers['content-type'], r.body], ['application/xml', '<x/>'], 'blob');
  });

  it('sends ArrayBuffers and typed arrays as octet-stream, only the bytes a view covers', async () => {
    const bytes = utf8('0123456789');
    const buf = await sent(bytes.buffer);
    eq([buf.headers['content-type'], buf.body], ['application/octet-stream', '0123456789'], 'ArrayBuffer');
    const view = await sent(bytes.subarray(2, 5));
    eq(view.body, '234', 'Uint8Array view');
    const dv = await sent(new DataView(bytes.buffer, 7, 3));
    eq(dv.body, '789', 'DataView');
    eq(view.headers['content-length'], '3', 'content-length');
  });

  it('never overwrites an explicit Content-Type', async () => {
    const o = await sent({ a: 1 }, { headers: { 'content-type': 'application/vnd.api+json' } });
    eq(o.headers['content-type'], 'application/vnd.api+json', 'object with its own type');
    const s = await sent('<a/>', { headers: { 'Content-Type': 'application/xml' } });
    eq(s.headers['content-type'], 'application/xml', 'string with its own type');
    api.setHeader('Content-Type', 'text/csv');
    const d = await sent('a,b');
    eq(d.headers['content-type'], 'text/csv', 'a default set by setHeader');
    api.setHeader('Content-Type', 'application/json');
  });

  it('sends no body for undefined and null', async () => {
    for (const body of [undefined, null]) {
      const r = await sent(body);
      eq([r.body, r.headers['content-length']], ['', '0'], String(body));
    }
  });
});
