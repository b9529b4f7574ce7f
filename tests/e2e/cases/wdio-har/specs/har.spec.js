// HAR recording as wdio-api-runner's examples use it: startRecording(name?), requests,
// stopRecording() → the path of har-logs/<name>.har, getHar(), isRecording(); every file
// valid against the HAR 1.2 schema (sonde's own validator, toMatchSchema).
import { createApiClient, assertResponse, apiKeyAuth } from 'wdio-api-runner';
import * as fs from 'fs';
const { eq, check } = require(`${process.env.E2E_SHARED}/http-check.js`);
const base = process.env.API_BASE_URL;
const schema = JSON.parse(fs.readFileSync('har-1.2.schema.json', 'utf-8'));

const readHar = (path) => JSON.parse(fs.readFileSync(path, 'utf-8'));
const valid = (har) => expect({ status: 200, headers: {}, data: har }).toMatchSchema(schema);

describe('HAR recording', () => {
  it('the schema check fails a document that is no HAR 1.2', () => {
    let err;
    try { valid({ log: { version: '1.1', creator: { name: 'x', version: '1' }, entries: [{}] } }); }
    catch (e) { err = e; }
    check(err && /must be equal to constant|must have required property/.test(err.message),
      'the schema is enforced: ' + (err && err.message));
  });

  it('records the requests of a session into har-logs/<name>.har', async () => {
    const client = createApiClient({ baseUrl: base });
    eq(client.isRecording(), false, 'not recording yet');
    client.startRecording('basic-requests');
    eq(client.isRecording(), true, 'recording');
    await client.get('/users/1', { headers: { 'X-Custom-Header': 'test-value' } });
    await client.post('/echo/posts', { title: 'Test' }, { params: { q: 'a b' } });
    await client.get('/status/404');
    const path = await client.stopRecording();
    eq(path, 'har-logs/basic-requests.har', 'path');
    eq(client.isRecording(), false, 'stopped');
    const har = readHar(path);
    valid(har);
    eq([har.log.version, har.log.creator.name, har.log.entries.length], ['1.2', 'sonde', 3], 'log');
    const [get, post, missing] = har.log.entries;
    eq([get.request.method, get.request.url, get.response.status, get.response.statusText],
      ['GET', `${base}/users/1`, 200, 'OK'], 'first entry');
    check(get.request.headers.some((h) => h.name === 'X-Custom-Header' && h.value === 'test-value'),
      'request header');
    check(get.response.headers.some((h) => /content-type/i.test(h.name)), 'response headers');
    eq(get.response.content.mimeType, 'application/json', 'mimeType');
    eq(JSON.parse(get.response.content.text).id, 1, 'response body');
    check(get.time >= 0 && !Number.isNaN(Date.parse(get.startedDateTime)), 'timing');
    eq(post.request.queryString, [{ name: 'q', value: 'a b' }], 'queryString');
    eq([post.request.postData.mimeType, post.request.postData.text],
      ['application/json', '{"title":"Test"}'], 'postData');
    eq(missing.response.status, 404, 'a 404 is recorded too');
  });

  it('getHar() gives the entries so far; sessions are separate; names are optional', async () => {
    const client = createApiClient({ baseUrl: base });
    client.startRecording('session-1');
    await client.get('/users/1');
    await client.get('/users/2');
    const har = client.getHar();
    eq([har.log.entries.length, client.isRecording()], [2, true], 'getHar while recording');
    valid(har);
    const first = await client.stopRecording();
    client.startRecording();
    await client.get('/health');
    const second = await client.stopRecording();
    check(/^har-logs\/har-\d+\.har$/.test(second), 'generated name: ' + second);
    eq([readHar(first).log.entries.length, readHar(second).log.entries.length], [2, 1], 'sizes');
    valid(readHar(second));
  });

  it('records every attempt, failures included, and each client apart', async () => {
    api.startRecording('global-api');
    const other = createApiClient({ baseUrl: base });
    await other.get('/health'); // not recording: not in api's HAR
    await api.get('/seq/har-retries?steps=503,200', { retries: 1, retryDelay: 10 });
    let err;
    try { await api.get('http://127.0.0.1:1/refused'); } catch (e) { err = e; }
    check(err, 'a refused request rejects');
    const har = readHar(await api.stopRecording());
    valid(har);
    eq(har.log.entries.map((e) => e.response.status), [503, 200, 0], 'statuses');
    check(typeof har.log.entries[2].response._error === 'string', '_error on a failure');
  });

  it('masks secrets in the file', async () => {
    api.addRequestInterceptor(apiKeyAuth({ value: 'har-query-key', in: 'query' }).interceptor);
    api.startRecording('secrets');
    await api.get('/echo/secret');
    api.clearInterceptors();
    const path = await api.stopRecording();
    const text = fs.readFileSync(path, 'utf-8');
    check(!text.includes('har-secret-token') && !text.includes('har-query-key'), 'no secret');
    check(text.includes('"value": "****"'), 'masked value');
    valid(JSON.parse(text));
  });

  it('bad input: a wrong name, stop without start, a path that cannot be written', async () => {
    const client = createApiClient({ baseUrl: base });
    const thrown = (fn) => { try { fn(); } catch (e) { return e; } return undefined; };
    let err = thrown(() => client.startRecording(42));
    eq(err && err.message, 'startRecording(name): name must be a string', 'type');
    err = thrown(() => client.startRecording('../escape'));
    eq(err && err.message,
      'startRecording(name): the name must be a file name under har-logs/, not "../escape"', 'name');
    err = await client.stopRecording().catch((e) => e);
    eq(err && err.message, 'Not currently recording', 'not recording');
    client.startRecording('blocked/file');
    await client.get('/health');
    fs.writeFileSync('har-logs/blocked', 'a file where a folder should be');
    err = await client.stopRecording().catch((e) => e);
    check(err && /^stopRecording: cannot write har-logs\/blocked\/file\.har: .* \(still recording\)$/
      .test(err.message), 'unwritable: ' + (err && err.message));
    eq([client.isRecording(), client.getHar().log.entries.length], [true, 1], 'nothing lost');
    fs.unlinkSync('har-logs/blocked');
    const path = await client.stopRecording();
    eq(readHar(path).log.entries.length, 1, 'written on the second try');
  });

  it('works alongside assertions', async () => {
    const client = createApiClient({ baseUrl: base });
    client.startRecording('with-assertions');
    const response = await client.get('/users/1');
    assertResponse(response).toBeOk().toHaveBodyProperty('id', 1);
    eq(readHar(await client.stopRecording()).log.entries.length, 1, 'entries');
  });
});
