// apiMatchers called directly, as wdio-api-runner's matchers are: { pass, actual, expected,
// message() } with that project's texts (the failure text when pass is false, the negated
// one when it is true), on responses and on plain copies of them.
import { apiMatchers, assertResponse } from 'wdio-api-runner';
const { eq, check } = require(`${process.env.E2E_SHARED}/http-check.js`);

const run = (name, res, ...args) => {
  const r = apiMatchers[name](res, ...args);
  return [r.pass, r.message()];
};

describe('apiMatchers called directly', () => {
  let users, text, empty, copy;
  before(async () => {
    users = await api.get('/users');
    text = await api.get('/text');
    empty = await api.get('/empty');
    copy = { ...users, data: [...users.data] };
  });

  it('status matchers', () => {
    const r = apiMatchers.toHaveStatus(users, 200);
    eq([r.pass, r.actual, r.expected, r.message()],
      [true, 200, 200, 'Expected response not to have status 200'], 'pass');
    eq(run('toHaveStatus', users, 404), [false, 'Expected status 404, but received 200'], 'fail');
    eq(run('toHaveStatusText', users, 'OK'),
      [true, 'Expected response not to have status text "OK"'], 'text pass');
    eq(run('toHaveStatusText', users, 'Created'),
      [false, 'Expected status text "Created", but received "OK"'], 'text fail');
    eq(run('toBeSuccess', users),
      [true, 'Expected response not to have success status (2xx), but received 200'], 'success');
    eq(run('toBeClientError', users),
      [false, 'Expected client error status (4xx), but received 200'], 'client error');
    eq(run('toBeServerError', users),
      [false, 'Expected server error status (5xx), but received 200'], 'server error');
  });

  it('header matchers (content type a substring, as in that project)', () => {
    eq(run('toHaveHeader', users, 'content-type'),
      [true, 'Expected response not to have header "content-type"'], 'present');
    eq(run('toHaveHeader', users, 'x-missing'),
      [false, 'Expected response to have header "x-missing"'], 'absent');
    eq(run('toHaveHeader', users, 'x-missing', 'v'),
      [false, 'Expected header "x-missing" to equal v, but got "null"'], 'absent value');
    eq(run('toHaveHeader', text, 'content-type', /^text\//),
      [true, 'Expected header "content-type" not to match /^text\\//'], 'regexp');
    eq(run('toHaveContentType', users, 'json'),
      [true, 'Expected content-type not to contain json'], 'substring');
    eq(run('toHaveContentType', text, 'json'),
      [false, 'Expected content-type to contain json, but got "text/plain; charset=utf-8"'],
      'substring fail');
    eq(run('toHaveContentType', text, /xml/),
      [false, 'Expected content-type to match /xml/, but got "text/plain; charset=utf-8"'],
      'regexp fail');
  });

  it('body matchers', () => {
    eq(run('toHaveBody', users), [true, 'Expected response not to have a body'], 'body');
    eq(run('toHaveBody', empty), [false, 'Expected response to have a body'], 'no body');
    eq(run('toHaveEmptyBody', empty), [true, 'Expected response not to have an empty body'],
      'empty');
    eq(run('toHaveEmptyBody', users), [false, 'Expected response to have an empty body'],
      'not empty');
    const n = users.data.length;
    eq(run('toHaveBodyLength', users, n), [true, `Expected body length not to be ${n}`], 'len');
    eq(run('toHaveBodyLength', users, n + 1),
      [false, `Expected body length ${n + 1}, but got ${n}`], 'len fail');
    eq(run('toHaveBodyLength', empty, 1), [false, 'Expected body length 1, but got undefined'],
      'len of no body');
    const first = users.data[0];
    eq(run('toHaveBodyProperty', { ...users, data: first }, 'id'),
      [true, 'Expected body not to have property "id"'], 'property');
    eq(run('toHaveBodyProperty', { ...users, data: first }, 'nope'),
      [false, 'Expected body to have property "nope"'], 'no property');
    eq(run('toHaveBodyProperty', { ...users, data: first }, 'id', first.id),
      [true, `Expected body.id not to equal ${first.id}`], 'value');
    eq(run('toHaveBodyProperty', { ...users, data: first }, 'id', 'x'),
      [false, `Expected body.id to equal "x", but got ${first.id}`], 'value fail');
    eq(run('toHaveBodyProperty', users, '[0].id', -1),
      [false, `Expected body[0].id to equal -1, but got ${first.id}`], 'indexed path');
  });

  it('schema and timing; checks without a counterpart keep sonde texts', () => {
    const schema = { type: 'array', items: { type: 'object', required: ['id'] } };
    eq(run('toMatchSchema', users, schema),
      [true, 'Expected body not to match schema, but it did'], 'schema');
    const [pass, msg] = run('toMatchSchema', users, { type: 'object' });
    check(!pass && msg.startsWith('Schema validation failed: '), 'schema fail: ' + msg);
    const [fast, within] = run('toRespondWithin', users, 60000);
    check(fast && /^Expected response not to be within 60000ms, but it was \(/.test(within),
      'within: ' + within);
    eq(run('toBeNotFound', users), [false, 'Expected status 404 (Not Found), but received 200'],
      'named status');
    eq(run('toBeCreated', { ...users, status: 201 }), [true, 'Expected status not to be 201 (Created)'],
      'named status negated');
  });

  it('a value that is no response fails with that project text; bad arguments throw', () => {
    for (const v of [undefined, null, 42, { status: 200 }])
      eq(run('toHaveStatus', v, 200), [false, 'Expected value to be an ApiResponse object'],
        String(v));
    let err;
    try { apiMatchers.toHaveStatus(users, '200'); } catch (e) { err = e; }
    check(err instanceof TypeError && /code must be a number/.test(err.message), 'got ' + err);
  });

  it('plain copies pass the same matchers and the assertResponse chain', async () => {
    eq(run('toHaveStatus', copy, 200)[0], true, 'copy');
    const redirect = await api.get('/status/302', { redirect: 'manual' });
    const chain = assertResponse({ ...redirect }).toBeRedirect().toHaveStatusText('Found')
      .toHaveHeader('location', '/echo').not.toBeSuccess();
    eq(chain.getResponse().status, 302, 'getResponse');
    assertResponse({ ...empty }).toHaveEmptyBody().not.toHaveBody();
    assertResponse(copy).toHaveBody().toHaveBodyLength(users.data.length)
      .toHaveContentType('application/json').not.toHaveEmptyBody();
    let err;
    try { assertResponse(copy).not.toHaveStatus(200); } catch (e) { err = e; }
    eq(err && err.message, 'Expected status not to be 200', 'negated chain failure');
  });
});

describe('apiMatchers through expect.extend', () => {
  it('reports the negated text for a failed .not', async () => {
    expect.extend(apiMatchers);
    const res = await api.get('/users');
    expect(res).toHaveStatus(200);
    let err;
    try { expect(res).not.toHaveStatus(200); } catch (e) { err = e; }
    check(err && err.message.includes('Expected response not to have status 200'),
      'message: ' + (err && err.message));
  });
});
