// Queries and mutations over HTTP; each test prints "Q <name> ..." lines case.sh checks.
const { gql, createGraphQLClient } = require('sonde');
const base = `127.0.0.1:${process.env.GQL_PORT}`;
const show = (r) => `${r.status} ${JSON.stringify(r.data)} errors=${r.errors.length} hasErrors=${r.hasErrors} hasData=${r.hasData} isSuccess=${r.isSuccess}`;

describe('GraphQL over HTTP', () => {
  it('queries with variables in every document shape', async () => {
    console.log(`Q string ${show(await graphql.query('{ hello }'))}`);
    const Hi = gql`query Hi($n: String) { hello(name: $n) }`;
    console.log(`Q gql ${Hi.operationName} ${show(await graphql.query(Hi, { n: 'sonde' }))}`);
    const r = await graphql.request({ query: 'query U($id: ID!) { user(id: $id) { id name } }', variables: { id: '2' }, operationName: 'U' });
    console.log(`Q object ${show(r)} ${r.headers.get ? r.headers.get('content-type') : r.headers['content-type']} sent=${JSON.stringify(r.request.body || r.request.data)}`);
    console.log(`Q get ${show(await graphql.query('query U($id: ID!) { user(id: $id) { name } }', { id: '1' }, { method: 'GET' }))}`);
  });

  it('mutates', async () => {
    const m = await graphql.mutate(gql`mutation Add($name: String!) { addUser(name: $name) { name } }`, { name: 'Grace' });
    console.log(`Q mutate ${show(m)}`);
  });

  it('returns GraphQL errors and non-2xx instead of throwing', async () => {
    console.log(`Q boom ${show(await graphql.query('{ boom }'))}`);
    const bad = await graphql.query('{ nope }');
    console.log(`Q invalid ${bad.status} ${bad.errors[0].message} hasData=${bad.hasData}`);
    const auth = createGraphQLClient({ endpoint: `http://${base}/graphql-auth` });
    const denied = await auth.query('{ whoami }');
    console.log(`Q 401 ${denied.status} ${denied.errors[0].message} isSuccess=${denied.isSuccess}`);
    auth.setHeader('Authorization', 'Bearer secret');
    const ok = await auth.query('{ whoami }');
    auth.removeHeader('authorization');
    const again = await auth.query('{ whoami }');
    console.log(`Q auth ${ok.status} ${ok.data.data.whoami} then ${again.status}`);
  });

  it('runs request interceptors', async () => {
    const c = createGraphQLClient({ endpoint: `http://${base}/graphql-auth` });
    c.addRequestInterceptor((config) => {
      config.headers.Authorization = 'Bearer secret';
      return config;
    });
    const r = await c.query('{ whoami }');
    console.log(`Q interceptor ${r.status} ${r.data.data.whoami}`);
  });

  it('throws on timeouts and unreachable endpoints', async () => {
    for (const f of [() => graphql.query('{ slow(ms: 2000) }', null, { timeout: 200 }),
      () => createGraphQLClient({ endpoint: 'http://127.0.0.1:1/graphql' }).query('{ hello }'),
      () => graphql.query(42)]) {
      try {
        await f();
        console.log('Q no throw');
      } catch (e) {
        console.log(`Q throws ${e.name}: ${e.message.split('\n')[0]}`);
      }
    }
  });
});

describe('GraphQL matchers', () => {
  it('checks errors and data with expect and assertResponse', async () => {
    const { assertResponse } = require('sonde');
    const ok = await graphql.query('{ users { id name } }');
    const boom = await graphql.query('{ hello boom }');
    expect(ok).toHaveNoGraphQLErrors();
    expect(ok).toHaveGraphQLData();
    expect(ok).toHaveGraphQLData('users[0].name', 'Ada');
    expect(ok).toHaveGraphQLData('users.1.id');
    expect(boom).toHaveGraphQLError('Boom');
    expect(boom).toHaveGraphQLError(/^Boom!$/);
    expect(boom).not.toHaveGraphQLError('other');
    expect(boom).not.toHaveNoGraphQLErrors();
    assertResponse(ok).toHaveStatus(200).and.toHaveNoGraphQLErrors().and.toHaveGraphQLData('users[1].name', 'Linus');
    assertResponse(boom).toHaveGraphQLError('Boom').and.not.toHaveGraphQLData('missing');
    const failures = [];
    for (const f of [() => expect(boom).toHaveNoGraphQLErrors(), () => expect(ok).toHaveGraphQLError(),
      () => expect(boom).toHaveGraphQLError(/nope/), () => expect(ok).toHaveGraphQLData('users[0].name', 'Linus'),
      () => expect(ok).toHaveGraphQLData('users[5]'), () => expect(ok).not.toHaveGraphQLData(),
      () => assertResponse(boom).not.toHaveGraphQLError(/Bo/), () => assertResponse(ok).toHaveGraphQLError(42)]) {
      try { f(); failures.push('passed'); } catch (e) { failures.push(e.message.split('\n').filter((l) => l.trim()).pop()); }
    }
    console.log(`M ${failures.join(' | ')}`);
  });
});
