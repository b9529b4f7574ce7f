// fetch, Headers, Request, Response, FormData and Blob against the test server; each test
// prints one "F ..." line that case.sh checks (values as Node 20's fetch gives them).
const base = process.env.API_BASE_URL;

describe('fetch', () => {
  it('GETs JSON with headers and a query', async () => {
    const res = await fetch(`${base}/echo?x=1&y=a%20b`, { headers: { 'X-Test': 'yes' } });
    const body = await res.json();
    console.log(`F get ${res.status} ${res.ok} ${res.statusText} ${res.headers.get('content-type')} ` +
      `x=${body.query.x} y=${body.query.y} h=${body.headers['x-test']} ua=${body.headers['user-agent']} ` +
      `accept=${body.headers.accept} used=${res.bodyUsed} type=${res.type}`);
  });

  it('POSTs strings, JSON, forms, files and bytes', async () => {
    const json = await (await fetch(`${base}/echo`, {
      method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' },
    })).json();
    const text = await (await fetch(`${base}/echo`, { method: 'PUT', body: 'plain' })).json();
    const form = new FormData();
    form.append('name', 'value');
    form.append('file', new Blob(['file body'], { type: 'text/plain' }), 'f.txt');
    const multipart = await (await fetch(`${base}/echo`, { method: 'POST', body: form })).json();
    const urlenc = await (await fetch(`${base}/echo`, {
      method: 'POST', body: new URLSearchParams({ q: 'a b', n: '2' }),
    })).json();
    const bytes = await (await fetch(new Request(`${base}/echo`, { method: 'PATCH', body: new TextEncoder().encode('raw') }))).json();
    console.log(`F post ${json.method} ${json.json.a} ${json.headers['content-type']} | ${text.method} ${text.body} ${text.headers['content-type']}`);
    console.log(`F form ${multipart.headers['content-type'].split(';')[0]} ${multipart.body.includes('name="file"; filename="f.txt"')} ${multipart.body.includes('file body')}`);
    console.log(`F urlenc ${urlenc.body} ${urlenc.headers['content-type']} | ${bytes.method} ${bytes.body}`);
  });

  it('follows redirects as asked', async () => {
    const followed = await fetch(`${base}/status/302`);
    const manual = await fetch(`${base}/status/301`, { redirect: 'manual' });
    let error = '';
    try {
      await fetch(`${base}/status/307`, { redirect: 'error' });
    } catch (e) {
      error = `${e.name}: ${e.message} (${e.cause && e.cause.message})`;
    }
    console.log(`F redirect ${followed.status} ${followed.redirected} ${followed.url.replace(base, '')} | ${manual.status} ${manual.headers.get('location')} | ${error}`);
  });

  it('reads bodies every way', async () => {
    const t = await fetch(`${base}/text`);
    const copy = t.clone();
    const blob = await copy.blob();
    const buf = await (await fetch(`${base}/text`)).arrayBuffer();
    const head = await fetch(`${base}/text`, { method: 'HEAD' });
    const problem = await fetch(`${base}/problem`);
    let again = '';
    const txt = await t.text();
    try { await t.text(); } catch (e) { again = e.message; }
    console.log(`F bodies ${txt} | ${blob.size} ${blob.type} | ${buf.byteLength} | ${head.status} ${head.body} | ${problem.status} ${problem.ok} ${(await problem.json()).title} | ${again}`);
  });

  it('is aborted by a signal and reports network errors', async () => {
    const started = Date.now();
    const out = [];
    try { await fetch(`${base}/delay/3000`, { signal: AbortSignal.timeout(50) }); } catch (e) { out.push(`${e.name}: ${e.message}`); }
    const c = new AbortController();
    const pending = fetch(`${base}/delay/3000`, { signal: c.signal });
    setTimeout(() => c.abort(), 20);
    try { await pending; } catch (e) { out.push(`${e.name}: ${e.message}`); }
    try { await fetch('http://127.0.0.1:9/'); } catch (e) { out.push(`${e.name}: ${e.message} ${e.cause.code}`); }
    try { await fetch('/relative'); } catch (e) { out.push(`${e.name}: ${e.message}`); }
    console.log(`F errors ${out.join(' | ')} fast=${Date.now() - started < 2500}`);
  });

  it('builds Responses and Headers', async () => {
    const r = Response.json({ ok: 1 }, { status: 201, headers: { 'X-A': '1' } });
    const h = new Headers([['Set-Cookie', 'a=1'], ['set-cookie', 'b=2'], ['X-B', '1']]);
    h.append('x-b', '2');
    console.log(`F build ${r.status} ${r.headers.get('content-type')} ${await r.text()} | ${[...h].map(([k, v]) => `${k}=${v}`).join(';')} | ${h.getSetCookie().length}`);
  });

  it('shares the api client connection', async () => {
    await api.get('/echo');
    await fetch(`${base}/echo`);
    await api.get('/echo');
    console.log('F shared done');
  });
});
