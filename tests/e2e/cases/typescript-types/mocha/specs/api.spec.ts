// Typed uses of what sonde gives a mocha spec: the api global and its responses, the
// assertResponse chain, expect with the API matchers, createApiClient and apiMatchers
// from the modules. It runs too, so the declarations match what sonde really provides.
import { assertResponse, createApiClient, apiMatchers, loadApiSpec, type ApiResponse } from 'sonde';
import { expect as wdioExpect } from '@wdio/globals';
import { assertResponse as runnerAssert } from 'wdio-api-runner';

interface User {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'user';
}

// A matcher added with expect.extend, declared for the type checker.
declare global {
  namespace Sonde {
    interface CustomMatchers<R> {
      toBeEven(): R;
    }
  }
}
expect.extend({
  toBeEven(received: number) {
    const pass = received % 2 === 0;
    return { pass, message: () => `expected ${received} ${pass ? 'not ' : ''}to be even` };
  },
});

describe('typed api specs', function () {
  this.timeout(8000);
  let first: User | undefined;

  before(async function () {
    await api.post('/reset');
  });

  it('reads typed users', async function () {
    this.timeout(5000);
    const res: ApiResponse<User[]> = await api.get<User[]>('/users', { params: { page: 1 }, headers: { 'X-Trace': 't1' } });
    first = res.data[0];
    assertResponse(res).toHaveStatus(200).and.toBeSuccess().and.not.toBeServerError();
    assertResponse(res).toHaveContentType(/json/).and.toRespondWithin(5000).and.toHaveBody();
    expect(res).toHaveStatus(200);
    expect(res).toHaveHeader('content-type');
    expect(res.data.length).toBeGreaterThanOrEqual(3);
    expect(res.data).toContainEqual(expect.objectContaining({ role: 'admin' }));
    expect(first?.name).toBe('Ada Lovelace');
    expect(res.data.length * 2).toBeEven();
    expect(first?.id).not.toBeEven();
    expect(res.headers.get('content-type')).toMatch('json');
    expect(res.ok && res.duration >= 0 && res.size > 0 && res.attempts === 1).toBe(true);
    wdioExpect(res).toBeOk();
    runnerAssert(res).toHaveBodyProperty('[0].email', 'ada@example.com');
  });

  it('creates a user and checks it against a schema', async () => {
    const created = await api.post<User>('/users', { name: 'Typed', email: 'typed@example.com' });
    expect(created).toBeCreated();
    assertResponse(created)
      .toHaveHeader('Location', `/users/${created.data.id}`)
      .and.toMatchSchema({ type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' } } });
    loadApiSpec({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/users': { post: {
      responses: { 201: { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } } } },
      components: { schemas: { User: { type: 'object', required: ['id'] } } } });
    expect(created).toSatisfyApiSpec();
    assertResponse(created).toSatisfyApiSpec().and.toSatisfySchemaInApiSpec('User');
    expect(created.data).toSatisfySchemaInApiSpec('User');
    const missing = await api.request('/users/999999', { method: 'GET', timeout: 3000 });
    expect(missing).toBeNotFound();
    expect(missing.ok).toBeFalsy();
    await expect(Promise.resolve(1)).resolves.toBe(1);
    await expect(Promise.reject(new Error('no'))).rejects.toThrow('no');
  });

  it('uses a second client, interceptors and apiMatchers', async () => {
    const client = createApiClient({ baseUrl: api.getBaseUrl(), timeout: 4000, headers: { 'X-Second': '1' } });
    let seen = '';
    const remove = client.addRequestInterceptor((config) => {
      seen = config.method;
      return config;
    });
    client.addResponseInterceptor((response) => ({ ...response, data: { wrapped: response.data } }));
    const res = await client.get('/users/1');
    expect(seen).toBe('GET');
    expect(res).toHaveBodyProperty('wrapped.name', 'Ada Lovelace');
    const result = apiMatchers.toHaveStatus(res, 200);
    expect(result.pass).toBe(true);
    expect(typeof result.message()).toBe('string');
    remove();
    client.setHeader('X-Third', 3);
    client.removeHeader('X-Second');
    const names = Object.keys(client.getHeaders()).map((k) => k.toLowerCase());
    expect(names).toContain('x-third');
    expect(names).not.toContain('x-second');
    // wdio-api-runner's two-parameter form (its parameters annotated: see core.d.ts).
    client.addRequestInterceptor((url: string, options: Record<string, any>) => ({ url: `${url}?two=1`, options }));
    const again = await client.get('/echo');
    expect(again).toHaveBodyProperty('wrapped.query.two', '1');
    client.clearInterceptors();
  });

  context('mocha objects', () => {
    it('has Test and Context', function () {
      expect(this.test?.title).toBe('has Test and Context');
      expect(typeof this.retries()).toBe('number');
    }).timeout(3000);

    it('takes done', (done) => {
      setTimeout(done, 1);
    });

    it.skip('is skipped', () => {});
  });
});
