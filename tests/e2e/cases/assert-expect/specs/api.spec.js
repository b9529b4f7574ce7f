// The API matchers on expect (wdio-api-runner's apiMatchers, built in): passing, then
// failing once per test with wdio-api-runner's messages. @markers: lines case.sh checks.
const sonde = require('sonde');

describe('API matchers pass', () => {
  it('checks responses like assertResponse', async () => {
    const res = await api.get('/users');
    expect(res).toHaveStatus(200);
    expect(res).toBeSuccess();
    expect(res).toBeOk();
    expect(res).toHaveStatusText('OK');
    expect(res).toHaveHeader('content-type');
    expect(res).toHaveHeader('content-type', 'application/json');
    expect(res).toHaveHeader('content-type', /json/);
    expect(res).toHaveContentType('application/json');
    expect(res).toHaveContentType('json');
    expect(res).toHaveContentType(/^application\//);
    expect(res).toHaveBody();
    expect(res).toHaveBodyLength(3);
    expect(res).toHaveBodyProperty('[0].name', 'Ada Lovelace');
    expect(res).toHaveBodyProperty('[1].id');
    expect(res).toHaveBodyContaining('Grace Hopper');
    expect(res).toHaveBodyMatching(/Alan\s+Turing/);
    expect(res).toRespondWithin(5000);
    expect(res).toMatchSchema({ type: 'array', items: { type: 'object', required: ['id', 'email'] } });
    expect(res).not.toHaveStatus(404);
    expect(res).not.toBeClientError();
    expect(res).not.toHaveEmptyBody();
    expect(await api.get('/empty')).toHaveEmptyBody();
    expect(await api.get('/status/302', { redirect: 'manual' })).toBeRedirect();
    expect(await api.get('/status/400')).toBeClientError();
    expect(await api.get('/status/400')).toBeBadRequest();
    expect(await api.get('/status/401')).toBeUnauthorized();
    expect(await api.get('/status/403')).toBeForbidden();
    expect(await api.get('/status/409')).toBeConflict();
    expect(await api.get('/status/422')).toBeUnprocessable();
    expect(await api.get('/status/429')).toBeTooManyRequests();
    expect(await api.get('/status/500')).toBeServerError();
    expect(await api.get('/status/500')).toBeInternalServerError();
    expect(await api.get('/status/503')).toBeServiceUnavailable();
    expect(await api.get('/status/202')).toBeAccepted();
    expect(await api.get('/status/204')).toBeNoContent();
    expect(await api.post('/users', { name: 'Kim', email: 'kim@example.com' })).toBeCreated();
    await expect(api.get('/users/999')).resolves.toBeNotFound();
    await expect(api.get('/users/1')).resolves.toHaveBodyProperty('email', expect.stringMatching(/@example\.com$/));
  });

  it('is the same expect everywhere', () => {
    expect(sonde.expect).toBe(expect);
    expect(require('wdio-api-runner').expect).toBe(expect);
    expect(require('@wdio/globals').expect).toBe(expect);
  });
});

describe('API matchers fail', () => {
  it('toHaveStatus', async () => {
    expect(await api.get('/users')).toHaveStatus(201); // @status
  });
  it('not.toHaveStatus', async () => {
    expect(await api.get('/users')).not.toHaveStatus(200);
  });
  it('toBeSuccess', async () => {
    expect(await api.get('/status/502')).toBeSuccess();
  });
  it('toHaveContentType', async () => {
    expect(await api.get('/users')).toHaveContentType('xml');
  });
  it('toHaveHeader', async () => {
    expect(await api.get('/users')).toHaveHeader('x-request-id');
  });
  it('toHaveBodyProperty', async () => {
    expect(await api.get('/users')).toHaveBodyProperty('[5].name', 'Eve');
  });
  it('toMatchSchema', async () => {
    expect(await api.get('/users/2')).toMatchSchema({ type: 'object', required: ['phone'], properties: { email: { format: 'uri' } } });
  });
  it('toRespondWithin', async () => {
    expect(await api.get('/delay/80')).toRespondWithin(10);
  });
  it('resolves.toHaveStatus', async () => {
    await expect(api.get('/users/999')).resolves.toHaveStatus(200); // @resolves
  });
  it('forgot await', () => {
    expect(api.get('/users')).toHaveStatus(200); // @await
  });
  it('not a response', () => {
    expect({ id: 1 }).toBeSuccess();
  });
  it('too many arguments', () => {
    expect(1, 2).toBe(1);
  });
});

describe('apiMatchers', () => {
  // Code written for wdio-api-runner extends expect with its apiMatchers export.
  it('works through expect.extend', async () => {
    expect.extend(sonde.apiMatchers);
    const res = await api.get('/users');
    expect(res).toHaveStatus(200);
    expect(res).not.toHaveStatus(500);
    expect(res).toHaveContentType('json');
    expect(res).toHaveBodyProperty('[0].email', expect.stringContaining('@'));
    expect({ n: res }).toEqual({ n: expect.toBeSuccess() });
  });
  it('fails through expect.extend', async () => {
    expect.extend(sonde.apiMatchers);
    expect(await api.get('/users')).toHaveStatus(418); // @extended
  });
});
