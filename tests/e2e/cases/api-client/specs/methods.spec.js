const { check, eq } = require('./check.js');
const BASE = process.env.API_BASE_URL;

describe('request methods', () => {
  it('sends GET', async () => {
    const res = await api.get('/echo');
    eq(res.data.method, 'GET', 'method');
    eq(res.data.path, '/echo', 'path');
    eq(res.data.body, '', 'body');
    eq(res.request.method, 'GET', 'request.method');
  });

  it('sends POST, PUT and PATCH with JSON bodies', async () => {
    const post = await api.post('/echo', { name: 'Ada', tags: ['x', 'y'], n: 1 });
    eq(post.data.method, 'POST', 'post method');
    eq(post.data.json, { name: 'Ada', tags: ['x', 'y'], n: 1 }, 'post json');
    eq(post.data.body, '{"name":"Ada","tags":["x","y"],"n":1}', 'post raw body');
    eq(post.data.headers['content-type'], 'application/json', 'post content-type');
    eq(post.request.body, '{"name":"Ada","tags":["x","y"],"n":1}', 'request.body');

    const put = await api.put('/echo/items/7', [1, { two: 2 }, 'three']);
    eq(put.data.method, 'PUT', 'put method');
    eq(put.data.path, '/echo/items/7', 'put path');
    eq(put.data.json, [1, { two: 2 }, 'three'], 'put json (array body)');

    const patch = await api.patch('/echo', { nested: { deep: [true, null] } });
    eq(patch.data.method, 'PATCH', 'patch method');
    eq(patch.data.json, { nested: { deep: [true, null] } }, 'patch json');
  });

  it('sends DELETE and OPTIONS', async () => {
    const del = await api.delete('/echo/users/3');
    eq(del.data.method, 'DELETE', 'delete method');
    eq(del.data.path, '/echo/users/3', 'delete path');
    const opt = await api.options('/echo');
    eq(opt.data.method, 'OPTIONS', 'options method');
  });

  it('sends HEAD and gets no body', async () => {
    const res = await api.head('/echo');
    eq(res.status, 200, 'status');
    eq(res.data, null, 'data');
    eq(res.request.method, 'HEAD', 'request.method');
    eq(res.headers.get('content-type'), 'application/json', 'content-type of the GET it mirrors');
  });
});

describe('query params', () => {
  it('appends params in object order, percent-encoded', async () => {
    const res = await api.get('/echo', { params: { q: 'a b&c', n: 1 } });
    eq(res.request.url, `${BASE}/echo?q=a%20b%26c&n=1`, 'request.url');
    eq(res.data.query, { q: 'a b&c', n: '1' }, 'query the server decoded');
  });

  it('merges params with a query already in the path', async () => {
    const res = await api.get('/echo?x=1', { params: { y: 'two', z: 'é/?' } });
    eq(res.request.url, `${BASE}/echo?x=1&y=two&z=%C3%A9%2F%3F`, 'request.url');
    eq(res.data.query, { x: '1', y: 'two', z: 'é/?' }, 'query');
  });
});

describe('headers', () => {
  it('sends the default and configured headers', async () => {
    const res = await api.get('/echo');
    const h = res.data.headers;
    eq(h['content-type'], 'application/json', 'content-type');
    eq(h.accept, 'application/json', 'accept');
    eq(h['x-client'], 'sonde-e2e', 'x-client (apiRunner.headers)');
    eq(h['x-team'], 'qa', 'x-team (apiRunner.headers)');
  });

  it('lets per-request headers override them case-insensitively', async () => {
    const res = await api.post('/echo', { a: 1 }, {
      headers: { 'content-type': 'text/plain', 'x-TEAM': 'dev', 'X-Extra': 'yes' },
    });
    const h = res.data.headers;
    eq(h['content-type'], 'text/plain', 'content-type replaced, not doubled');
    eq(h['x-team'], 'dev', 'x-team replaced, not doubled');
    eq(h['x-extra'], 'yes', 'x-extra');
    eq(h['x-client'], 'sonde-e2e', 'x-client still sent');
    eq(h.accept, 'application/json', 'accept still sent');
  });

  it('sends configured headers with every method', async () => {
    for (const m of ['get', 'delete', 'options']) {
      const res = await api[m]('/echo');
      eq(res.data.headers['x-client'], 'sonde-e2e', `${m} x-client`);
    }
    for (const m of ['post', 'put', 'patch']) {
      const res = await api[m]('/echo', {});
      eq(res.data.headers['x-client'], 'sonde-e2e', `${m} x-client`);
    }
  });
});

describe('baseUrl joining', () => {
  it('joins with exactly one slash', async () => {
    const a = await api.get('/echo/lead');
    eq(a.request.url, `${BASE}/echo/lead`, 'leading slash');
    eq(a.data.path, '/echo/lead', 'server path');
    const b = await api.get('echo/nolead');
    eq(b.request.url, `${BASE}/echo/nolead`, 'no leading slash');
    eq(b.data.path, '/echo/nolead', 'server path');
  });

  it('leaves absolute URLs untouched', async () => {
    const url = `${BASE}/echo/abs?k=v`;
    const res = await api.get(url);
    eq(res.request.url, url, 'request.url');
    eq(res.data.path, '/echo/abs', 'server path');
    eq(res.data.query, { k: 'v' }, 'query');
  });
});
