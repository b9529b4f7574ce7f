// Subscriptions; each test prints "S <name> ..." lines case.sh checks.
const { createGraphQLClient } = require('sonde');
const base = `127.0.0.1:${process.env.GQL_PORT}`;
const counts = (evs) => evs.map((e) => e.data.count).join(',');
async function settle(p) {
  try {
    return `ok ${JSON.stringify(await p)}`;
  } catch (e) {
    return `${e.name}: ${e.message}`;
  }
}

describe('subscriptions over graphql-transport-ws', () => {
  it('takes events and completes', async () => {
    const sub = graphql.subscribe('subscription Five { count(to: 5) }');
    const first = await sub.next({ timeout: 3000 });
    const rest = await sub.take(10, { timeout: 3000 });
    console.log(`S take ${sub.operationName} ${first.data.count} ${counts(rest)} ${sub.state}`);
  });

  it('multiplexes many subscriptions on one socket', async () => {
    const client = createGraphQLClient({ webSocket: { url: `ws://${base}/graphql`, connectionParams: { who: 'many' } } });
    const subs = [1, 2, 3, 4, 5].map((n) => client.subscribe('subscription Many($n: Int!) { count(to: $n) }', { n }));
    const all = await Promise.all(subs.map((s) => s.take(10, { timeout: 3000 })));
    console.log(`S many ${all.map(counts).join(' | ')}`);
    client.close();
  });

  it('iterates with for await and unsubscribes mid-stream', async () => {
    const sub = graphql.subscribe('subscription Ticks { ticks }');
    const seen = [];
    for await (const ev of sub) {
      seen.push(ev.data.ticks);
      if (seen.length === 3) break;
    }
    console.log(`S ticks ${seen.join(',')} ${sub.state} ${sub.closed}`);
  });

  it('calls callbacks', async () => {
    const log = [];
    await new Promise((resolve) => {
      graphql.subscribe('subscription { greetings(names: ["Ada", "Linus"]) }', null, {
        onData: (ev) => log.push(ev.data.greetings),
        onStateChange: (s) => log.push(`[${s}]`),
        onComplete: () => { log.push('done'); resolve(); },
      });
    });
    console.log(`S callbacks ${log.join(' ')}`);
  });

  it('consumes 10 000 events', async () => {
    const sub = graphql.subscribe('subscription Big { count(to: 10000) }');
    let n = 0, last = 0;
    for await (const ev of sub) {
      n++;
      last = ev.data.count;
    }
    console.log(`S big ${n} ${last} ${sub.state}`);
  });

  it('bounds unread events', async () => {
    const sub = graphql.subscribe('subscription { count(to: 100) }', null, { maxBufferedEvents: 10 });
    await new Promise((r) => setTimeout(r, 300));
    console.log(`S bound ${await settle(sub.next())} ${sub.state}`);
  });

  it('times out waiting', async () => {
    const sub = graphql.subscribe('subscription Slow { count(to: 1, delay: 3000) }');
    console.log(`S timeout ${await settle(sub.next({ timeout: 200 }))}`);
    console.log(`S take-timeout ${await settle(sub.take(2, { timeout: 200 }))}`);
    sub.unsubscribe();
  });

  it('refuses bad connection params with 4403', async () => {
    const client = createGraphQLClient({ webSocket: { url: `ws://${base}/graphql-auth`, connectionParams: { authToken: 'wrong' } } });
    console.log(`S forbidden ${await settle(client.subscribe('subscription { count(to: 1) }').next())}`);
    const ok = createGraphQLClient({ webSocket: { url: `ws://${base}/graphql-auth`, connectionParams: async () => ({ authToken: 'secret' }) } });
    console.log(`S allowed ${counts(await ok.subscribe('subscription { count(to: 2) }').take(5, { timeout: 3000 }))}`);
  });

  it('reconnects after the server drops the socket and subscribes again', async () => {
    const client = createGraphQLClient({ webSocket: { url: `ws://${base}/graphql-drop`, reconnectInterval: 50 } });
    const states = [];
    const sub = client.subscribe('subscription Drop { count(to: 6, delay: 20) }', null, { onStateChange: (s) => states.push(s) });
    const evs = [];
    for await (const ev of sub) evs.push(ev.data.count);
    console.log(`S reconnect ${evs.join(',')} ${states.join(',')}`);
  });

  it('gives up after reconnectAttempts, or at once without reconnect', async () => {
    const client = createGraphQLClient({ webSocket: { url: 'ws://127.0.0.1:1/graphql', reconnectAttempts: 2, reconnectInterval: 10 } });
    console.log(`S unreachable ${await settle(client.subscribe('subscription Lost { count(to: 1) }').next())}`);
    const never = createGraphQLClient({ webSocket: { url: `ws://${base}/echo`, connectionTimeout: 200 } });
    console.log(`S no-ack ${await settle(never.subscribe('subscription { count(to: 1) }').next())}`);
  });

  it('pings the server every keepAliveInterval', async () => {
    const client = createGraphQLClient({ webSocket: { url: `ws://${base}/graphql?keepalive`, keepAliveInterval: 30 } });
    const sub = client.subscribe('subscription { count(to: 6, delay: 50) }');
    console.log(`S keepalive ${counts(await sub.take(10, { timeout: 3000 }))} ${sub.state}`);
  });

  it('fails clearly on a malformed frame or a message that is not JSON', async () => {
    for (const mode of ['frame', 'json']) {
      const client = createGraphQLClient({ webSocket: { url: `ws://${base}/raw?mode=${mode}`, reconnectInterval: 10 } });
      console.log(`S raw-${mode} ${await settle(client.subscribe(`subscription Raw_${mode} { ticks }`).next({ timeout: 3000 }))}`);
    }
  });

  it('rejects an unknown transport', () => {
    try {
      graphql.subscribe('subscription { ticks }', null, { transport: 'carrier-pigeon' });
    } catch (e) {
      console.log(`S transport ${e.name}: ${e.message}`);
    }
  });

  it('leaves a subscription open', async () => {
    const sub = graphql.subscribe('subscription LeftOpen { ticks }');
    await sub.next({ timeout: 3000 });
    console.log('S left open');
  });
});

// What a test (with its each hooks) opens ends with it; what a suite's `before all` opens,
// with the suite: subscriptions, WebSockets and EventSources alike.
let suiteSub;
describe('subscriptions end with their test', () => {
  let eachSub, left, leftWs, leftEs;
  before(() => { suiteSub = graphql.subscribe('subscription SuiteScoped { ticks }'); });
  beforeEach(() => { eachSub = graphql.subscribe('subscription EachScoped { ticks }'); });
  afterEach(() => console.log(`S scope-afterEach each=${eachSub.state} left=${left.state}`));
  after(() => console.log(`S scope-after suite=${suiteSub.state}`));

  it('leaves a subscription, a WebSocket and an EventSource open', async () => {
    left = graphql.subscribe('subscription LeftInTest { ticks }');
    await left.next({ timeout: 3000 });
    leftWs = new WebSocket(`ws://${base}/echo`, [], { headers: { 'x-token': 'scoped' } });
    await new Promise((resolve) => { leftWs.onopen = resolve; });
    leftWs.onclose = () => console.log('S scope: a close event after the test');
    leftEs = new EventSource(`http://${base}/events?n=1`);
    await new Promise((resolve) => { leftEs.onopen = resolve; });
    console.log(`S scope-open ${left.state} ${eachSub.state} ${leftWs.readyState} ${leftEs.readyState} suite=${suiteSub.state}`);
  });

  it('finds them closed in the next test', async () => {
    await suiteSub.next({ timeout: 3000 });
    console.log(`S scope-next ${left.state} ${leftWs.readyState} ${leftEs.readyState} suite=${suiteSub.state}`);
  });
});

describe('after that suite', () => {
  it('finds its before-all subscription closed', () => console.log(`S scope-suite-ended ${suiteSub.state}`));
});

describe('subscriptions over the legacy graphql-ws protocol', () => {
  it('takes events', async () => {
    const client = createGraphQLClient({ webSocket: { url: `ws://${base}/legacy`, protocol: 'graphql-ws', connectionParams: { who: 'legacy' } } });
    const sub = client.subscribe('subscription { greetings(names: ["a", "b", "c"]) }');
    const evs = await sub.take(5, { timeout: 3000 });
    const t = client.subscribe('subscription { ticks }');
    await t.take(2, { timeout: 3000 });
    t.unsubscribe();
    console.log(`S legacy ${evs.map((e) => e.data.greetings).join(',')} ${sub.state} ${t.state}`);
    client.close();
  });
});

describe('subscriptions over SSE', () => {
  it('takes events', async () => {
    const sub = graphql.subscribe('subscription Sse { count(to: 3) }', null, { transport: 'sse' });
    console.log(`S sse ${counts(await sub.take(5, { timeout: 3000 }))} ${sub.state}`);
  });

  it('multiplexes operations on one stream in single connection mode', async () => {
    const c = createGraphQLClient({ sse: { url: `http://${base}/graphql/stream`, singleConnection: true } });
    const a = c.subscribe('subscription A { count(to: 3) }');
    const b = c.subscribe('subscription B { greetings(names: ["x", "y"]) }');
    const t = c.subscribe('subscription T { ticks }');
    const [ra, rb, rt] = await Promise.all([a.take(5, { timeout: 3000 }), b.take(5, { timeout: 3000 }), t.take(2, { timeout: 3000 })]);
    t.unsubscribe();
    console.log(`S sse-single ${counts(ra)} ${rb.map((e) => e.data.greetings).join(',')} ${rt.length} ${a.state} ${t.state}`);
    c.close();
  });

  it('sends sse.headers and reports refusals and broken streams', async () => {
    const anon = createGraphQLClient({ sse: { url: `http://${base}/graphql/stream-auth` } });
    console.log(`S sse-401 ${await settle(anon.subscribe('subscription A { count(to: 1) }').next())}`);
    const withToken = createGraphQLClient({ sse: { url: `http://${base}/graphql/stream-auth`, headers: { 'x-token': 'secret' } } });
    console.log(`S sse-token ${counts(await withToken.subscribe('subscription { count(to: 2) }').take(5, { timeout: 3000 }))}`);
    const junk = createGraphQLClient({ sse: { url: `http://${base}/graphql/junk` } });
    console.log(`S sse-junk ${await settle(junk.subscribe('subscription Junk { count(to: 1) }').next())}`);
    const cut = createGraphQLClient({ sse: { url: `http://${base}/graphql/cut` } });
    console.log(`S sse-cut ${await settle(cut.subscribe('subscription Cut { count(to: 2) }').take(2, { timeout: 3000 }))}`);
  });
});
