// Every web global a spec reaches for; each test prints one "W ..." line that case.sh
// compares with what Node 20 prints for the same code.
describe('web globals', () => {
  it('URL and URLSearchParams', () => {
    const u = new URL('/users?role=admin&role=dev#top', process.env.API_BASE_URL);
    u.searchParams.append('q', 'a b&c');
    u.hash = '';
    console.log(`W url path=${u.pathname} search=${u.search} roles=${u.searchParams.getAll('role')} port=${u.port !== ''}`);
    const p = new URLSearchParams([['b', '2'], ['a', '1'], ['b', '0']]);
    p.sort();
    console.log(`W params ${p} size=${p.size} has=${p.has('a')}`);
  });

  it('TextEncoder, TextDecoder, atob, btoa', () => {
    const bytes = new TextEncoder().encode('héllo €');
    console.log(`W text len=${bytes.length} back=${new TextDecoder().decode(bytes)} b64=${btoa('hi!')} raw=${atob('aGkh')}`);
  });

  it('AbortController and AbortSignal.timeout', async () => {
    const c = new AbortController();
    c.abort();
    const t = AbortSignal.timeout(10);
    await new Promise((r) => setTimeout(r, 50));
    console.log(`W abort ${c.signal.aborted} ${c.signal.reason.name} ${t.aborted} ${t.reason.name}`);
  });

  it('aborts an api request with a signal', async () => {
    const started = Date.now();
    try {
      await api.get('/delay/3000', { signal: AbortSignal.timeout(50) });
      throw new Error('not aborted');
    } catch (e) {
      console.log(`W api-abort ${e.name} fast=${Date.now() - started < 2000}`);
    }
  });

  it('structuredClone', () => {
    const src = { m: new Map([['k', [1, 2]]]), d: new Date(86400000) };
    src.self = src;
    const c = structuredClone(src);
    console.log(`W clone ${c.self === c} ${c.m.get('k')} ${c.d.toISOString()} ${c !== src}`);
  });

  it('crypto', async () => {
    const d = await crypto.subtle.digest('SHA-1', new TextEncoder().encode('abc'));
    const r = crypto.getRandomValues(new Uint8Array(8));
    console.log(`W crypto ${Buffer.from(d).toString('hex')} uuid=${/^[0-9a-f-]{36}$/.test(crypto.randomUUID())} rnd=${r.length}`);
  });

  it('performance.now and queueMicrotask', async () => {
    const t0 = performance.now();
    const order = [];
    queueMicrotask(() => order.push('micro'));
    order.push('sync');
    await new Promise((r) => setTimeout(r, 20));
    console.log(`W timing ${order} elapsed=${performance.now() - t0 >= 15}`);
  });

  it('Event and EventTarget', () => {
    const t = new EventTarget();
    let got = '';
    t.addEventListener('ping', (e) => { got = `${e.type}:${e instanceof Event}`; }, { once: true });
    t.dispatchEvent(new Event('ping'));
    console.log(`W event ${got} ${new DOMException('x', 'NotFoundError').code}`);
  });
});
