const port = process.env.GQL_TLS_PORT;
describe('TLS', () => {
  it('opens wss: and https: streams as the api TLS rules allow', async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${port}/echo`);
    const w = await new Promise((resolve) => {
      let err = '';
      ws.onopen = () => ws.send('over tls');
      ws.onmessage = (e) => { ws.close(); resolve(`message ${e.data}`); };
      ws.onerror = (e) => { err = e.message; };
      ws.onclose = (e) => { if (err) resolve(`error ${/certificate|SSL/i.test(err)} ${e.code}`); };
    });
    const es = new EventSource(`https://127.0.0.1:${port}/events?n=1`);
    const s = await new Promise((resolve) => {
      es.onmessage = (e) => { es.close(); resolve(`event ${e.data.split('\n')[0]}`); };
      es.onerror = (e) => { es.close(); resolve(`error ${/certificate|SSL/i.test(e.message)}`); };
    });
    let g;
    try {
      const ev = await graphql.subscribe('subscription { count(to: 1) }').next({ timeout: 3000 });
      g = `graphql ${ev.data.count}`;
    } catch (e) {
      g = `graphql error ${/certificate|SSL/i.test(e.message)}`;
    }
    console.log(`T ${w} | ${s} | ${g}`);
  });
});
