const { assertResponse } = require('sonde');

describe('assertResponse passes', () => {
  it('checks bodies (before any user is created)', async () => {
    const users = await api.get('/users');
    assertResponse(users).toHaveBody().toHaveBodyLength(3).toHaveBodyContaining('Grace Hopper')
      .toHaveBodyMatching(/"name":"Alan\s+Turing"/).toHaveBodyMatching('ada@example\\.com');
    assertResponse(await api.get('/empty')).toHaveEmptyBody();
    assertResponse(await api.get('/status/204')).toHaveEmptyBody();
    assertResponse(await api.get('/text')).toHaveBody().toHaveBodyLength(16).toHaveBodyContaining('hello');
  });

  it('checks statuses by code, class and name', async () => {
    const users = await api.get('/users');
    const chain = assertResponse(users).toHaveStatus(200).and.toBeSuccess().toBeOk()
      .toHaveStatusText('OK');
    if (chain.getResponse() !== users) throw new Error('getResponse() is not the response');
    assertResponse(await api.get('/status/302', { redirect: 'manual' })).toBeRedirect().toHaveStatus(302);
    assertResponse(await api.post('/users', { name: 'Zoe', email: 'zoe@example.com' })).toBeCreated();
    assertResponse(await api.get('/status/202')).toBeAccepted();
    assertResponse(await api.get('/status/204')).toBeNoContent();
    assertResponse(await api.get('/status/400')).toBeBadRequest().and.toBeClientError();
    assertResponse(await api.get('/status/401')).toBeUnauthorized();
    assertResponse(await api.get('/status/403')).toBeForbidden();
    assertResponse(await api.get('/users/999')).toBeNotFound().toHaveStatusText('Not Found');
    assertResponse(await api.get('/status/409')).toBeConflict();
    assertResponse(await api.get('/status/422')).toBeUnprocessable();
    assertResponse(await api.get('/status/429')).toBeTooManyRequests();
    assertResponse(await api.get('/status/500')).toBeInternalServerError().toBeServerError();
    assertResponse(await api.get('/status/503')).toBeServiceUnavailable();
  });

  it('negates the rest of the chain with .not', async () => {
    const res = await api.get('/users');
    assertResponse(res).toHaveStatus(200).not.toHaveStatus(404).toBeClientError().toBeServerError()
      .toBeRedirect().toBeCreated().toHaveHeader('x-missing').toHaveEmptyBody()
      .toHaveBodyProperty('nope').toHaveBodyContaining('Nobody').toHaveBodyMatching(/^nothing$/)
      .toHaveBodyLength(99).toHaveStatusText('Not Found').toHaveContentType('text/html')
      .toRespondWithin(0).toMatchSchema({ type: 'string' }).toBeNotFound();
    assertResponse(res).not.not.toHaveStatus(200);
    assertResponse(await api.get('/empty')).not.toHaveBody();
  });

  it('checks headers and content types', async () => {
    const res = await api.get('/users');
    assertResponse(res).toHaveHeader('Content-Type').toHaveHeader('content-type', 'application/json')
      .toHaveHeader('CONTENT-TYPE', /^application\/json$/).toHaveContentType('application/json')
      .toHaveContentType(/json/);
    const text = await api.get('/text');
    assertResponse(text).toHaveContentType('text/plain').toHaveContentType('TEXT/PLAIN; charset=UTF-8')
      .not.toHaveContentType('text/plain; charset=latin1');
    const created = await api.post('/users', { name: 'Yan', email: 'yan@example.com' });
    assertResponse(created).toHaveHeader('location', /^\/users\/\d+$/);
  });

  it('follows property paths', async () => {
    const res = await api.post('/echo', {
      user: { name: 'Ann', address: null, tags: [{ name: 'a' }, { name: 'b' }] },
      data: [{ tags: [{ name: 'x' }, { name: 'y' }] }],
      'a.b': { c: 1 },
      items: [10, 20],
      7: 'seven',
    });
    assertResponse(res).toHaveBodyProperty('json.user.name', 'Ann')
      .toHaveBodyProperty('json.user.tags[1].name', 'b')
      .toHaveBodyProperty('json.data[0].tags[1].name', 'y')
      .toHaveBodyProperty("json['a.b'].c", 1)
      .toHaveBodyProperty('json["a.b"]', { c: 1 })
      .toHaveBodyProperty('json.items.1', 20)
      .toHaveBodyProperty('json.7', 'seven')
      .toHaveBodyProperty('json.user.address', null)
      .toHaveBodyProperty('json.user.tags', [{ name: 'a' }, { name: 'b' }])
      .toHaveBodyProperty('json.user', expect.objectContaining({ name: expect.any(String) }))
      .toHaveBodyProperty('json.items.length', 2);
    const list = await api.get('/users');
    assertResponse(list).toHaveBodyProperty('[0].name', 'Ada Lovelace').toHaveBodyProperty('[2].id');
  });

  it('checks timing and schemas', async () => {
    const res = await api.get('/users/1');
    const user = {
      type: 'object',
      required: ['id', 'name', 'email'],
      properties: {
        id: { type: 'integer', minimum: 1 },
        name: { type: 'string', minLength: 1 },
        email: { type: 'string', format: 'email' },
        role: { enum: ['admin', 'user'] },
        createdAt: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    };
    assertResponse(res).toRespondWithin(5000).toMatchSchema(user);
    assertResponse(await api.get('/users')).toMatchSchema({ type: 'array', minItems: 1, items: user });
  });

  it('is exported by every alias', () => {
    if (require('wdio-api-runner').assertResponse !== assertResponse) throw new Error('wdio-api-runner');
    if (require('@wdio/globals').assertResponse !== assertResponse) throw new Error('@wdio/globals');
  });
});
