// Each test prints one line "W <name> ..." that case.sh checks.
const base = `127.0.0.1:${process.env.GQL_PORT}`;

function events(ws, max) {
  const got = [];
  return new Promise((resolve) => {
    ws.onopen = () => got.push(`open(${ws.protocol},${ws.readyState})`);
    ws.onmessage = (e) => {
      got.push(typeof e.data === 'string' ? e.data
        : e.data instanceof ArrayBuffer ? `ab[${new Uint8Array(e.data)}]` : `blob(${e.data.size})`);
    };
    ws.onerror = (e) => got.push(`error(${e.message})`);
    ws.onclose = (e) => { got.push(`close(${e.code},${e.reason},${e.wasClean},${ws.readyState})`); resolve(got); };
  });
}

describe('WebSocket', () => {
  it('echoes text and binary, sends headers and a subprotocol, closes cleanly', async () => {
    const ws = new WebSocket(`ws://${base}/echo`, ['chat'], { headers: { 'x-token': 'abc' } });
    ws.binaryType = 'arraybuffer';
    ws.addEventListener('open', () => {
      ws.send('hello');
      ws.send('headers');
      ws.send(new Uint8Array([9, 8, 7]));
      ws.send(new Blob(['blob!']));
    });
    let n = 0;
    ws.addEventListener('message', () => { if (++n === 4) ws.close(1000, 'done'); });
    const got = await events(ws);
    console.log(`W echo ${ws.url} ${got.join(' ')}`);
  });

  it('reports the server closing and dropping the socket', async () => {
    const a = new WebSocket(`ws://${base}/echo`);
    a.addEventListener('open', () => a.send('close'));
    const b = new WebSocket(`ws://${base}/echo`);
    b.addEventListener('open', () => b.send('drop'));
    const c = new WebSocket(`ws://${base}/echo`);
    c.addEventListener('open', () => c.send('binary'));
    c.addEventListener('message', () => c.close());
    const [ea, eb, ec] = await Promise.all([events(a), events(b), events(c)]);
    console.log(`W server ${ea.join(' ')} | ${eb.join(' ')} | ${ec.join(' ')}`);
  });

  it('fails clearly', async () => {
    const refused = await events(new WebSocket('ws://127.0.0.1:1/x'));
    const notFound = await events(new WebSocket(`ws://${base}/nowhere`));
    const early = new WebSocket(`ws://${base}/echo`);
    early.close();
    const closedEarly = await events(early);
    const errs = [];
    for (const f of [() => new WebSocket('ftp://x/'), () => new WebSocket(`ws://${base}/#x`),
      () => new WebSocket(`ws://${base}/`, ['a', 'a']), () => early.close(1001),
      () => new WebSocket(`ws://${base}/echo`).send('x')]) {
      try { f(); errs.push('no throw'); } catch (e) { errs.push(`${e.name}: ${e.message}`); }
    }
    console.log(`W refused ${refused.join(' ')}`);
    console.log(`W notfound ${notFound.join(' ')}`);
    console.log(`W early ${closedEarly.join(' ')}`);
    console.log(`W throws ${errs.join(' | ')}`);
  });

  it('leaves a socket open at the end of the test', () => {
    globalThis.leftOpen = new WebSocket(`ws://${base}/echo`, [], { headers: { 'x-token': 'left' } });
    // Opened before the file ends, so the server sees it go.
    return new Promise((resolve) => { leftOpen.onopen = resolve; }).then(() => console.log('W left open'));
  });
});

describe('EventSource', () => {
  it('reads events, named events and ids, and reconnects with Last-Event-ID', async () => {
    const es = new EventSource(`http://${base}/events?n=2&close=1`, { headers: { 'x-token': 'tok' }, withCredentials: true });
    const got = [`rs=${es.readyState} wc=${es.withCredentials}`];
    await new Promise((resolve) => {
      es.onopen = () => got.push('open');
      es.onmessage = (e) => {
        got.push(`${e.data.replace('\n', '/')}#${e.lastEventId}`);
        if (e.lastEventId === '4') { es.close(); resolve(); }
      };
      es.addEventListener('custom', (e) => got.push(`custom ${JSON.parse(e.data).named}`));
      es.onerror = () => got.push(`error rs=${es.readyState}`);
    });
    console.log(`W sse ${got.join(' | ')} rs=${es.readyState}`);
  });

  it('fails for good on a wrong content type or status', async () => {
    const out = [];
    for (const path of ['/not-events', '/missing']) {
      const es = new EventSource(`http://${base}${path}`);
      out.push(await new Promise((resolve) => { es.onerror = (e) => resolve(`${es.readyState} ${e.message}`); }));
    }
    try { new EventSource('ws://x/'); } catch (e) { out.push(`${e.name}`); }
    console.log(`W sse-fail ${out.join(' | ')}`);
  });
});
