// wdio-api-runner's GraphQL helpers; each test prints "H <name> ..." lines case.sh checks.
const { createQueryBuilder, extendWithGraphQL, createSubscriptionManager, createSSESubscription } = require('wdio-api-runner');
const base = `127.0.0.1:${process.env.GQL_PORT}`;

describe('wdio-api-runner helpers', () => {
  it('builds queries as its query builder does', async () => {
    const op = createQueryBuilder()
      .query('GetUser')
      .variable('id', 'ID!')
      .variable('limit', 'Int', 10)
      .fieldWithArgs('user', { id: '$id' })
      .selectWith('user', (b) => b
        .select('id', 'name')
        .selectWith('recent: posts', (p) => p.args({ first: 2, order: 'DESC', tag: 'a b', where: { ok: true, ids: [1, 2] } }).select('title')))
      .field('email', 'mail').include('withEmail')
      .useFragment('Parts')
      .fragment('Parts', 'User', (f) => f.select('id'))
      .build();
    console.log(`H builder ${JSON.stringify(op)}`);
    const q = createQueryBuilder().query('U').variable('id', 'ID!').fieldWithArgs('user', { id: '$id' }).selectWith('user', (b) => b.select('name')).build();
    const r = await graphql.query(q, { id: '2' });
    console.log(`H builder-run ${r.status} ${JSON.stringify(r.data)}`);
  });

  it('extends the api client', async () => {
    api.setBaseUrl(`http://${base}`);
    const ext = extendWithGraphQL(api);
    const r = await ext.query('{ hello }');
    const g = await ext.graphql.query('{ hello(name: "ext") }');
    console.log(`H extend ${ext.graphql.endpoint} ${r.data.data.hello} ${g.data.data.hello} ${typeof ext.get}`);
  });

  it('manages subscriptions', async () => {
    const m = createSubscriptionManager();
    m.configure({ defaultProtocol: 'websocket', webSocket: { url: `ws://${base}/graphql` }, sse: { url: `http://${base}/graphql/stream` } });
    const got = [];
    await new Promise((resolve) => {
      m.subscribe('subscription { count(to: 2) }', { onData: (d) => got.push(`ws${d.data.count}`), onComplete: resolve });
      console.log(`H manager active=${m.getActiveCount()}`);
    });
    await new Promise((resolve) => {
      m.subscribeSSE({}, 'subscription { count(to: 2) }', { onData: (d) => got.push(`sse${d.data.count}`), onComplete: resolve });
    });
    const open = m.subscribeWebSocket({}, 'subscription { ticks }', { onData: () => {} });
    const n = m.getActiveCount();
    m.closeAll();
    let err;
    try { m.subscribe('subscription { ticks }', {}); } catch (e) { err = `${e.name}: ${e.message}`; }
    console.log(`H manager ${got.join(',')} active=${n} then ${m.getActiveCount()} ${open.closed} | ${err}`);
    const s = createSSESubscription('mine', { url: `http://${base}/graphql/stream` }, 'subscription { count(to: 1) }', {});
    console.log(`H sse-factory ${s.id} ${(await s.next({ timeout: 3000 })).data.count}`);
    s.unsubscribe();
  });
});
