// Every test fails once; the trailing @markers let case.sh find the line of each call.
const { assertResponse } = require('wdio-api-runner');

const get = (path, opts) => api.get(path, opts);

describe('status', () => {
  it('toHaveStatus', async () => {
    assertResponse(await get('/users')).toHaveStatus(404); // @toHaveStatus
  });
  it('not.toHaveStatus', async () => {
    assertResponse(await get('/users')).not.toHaveStatus(200); // @notToHaveStatus
  });
  it('toBeSuccess', async () => {
    assertResponse(await get('/users/999')).toBeSuccess();
  });
  it('toBeOk', async () => {
    assertResponse(await get('/status/500')).toBeOk();
  });
  it('not.toBeSuccess', async () => {
    assertResponse(await get('/users')).not.toBeSuccess();
  });
  it('toBeRedirect', async () => {
    assertResponse(await get('/users')).toBeRedirect();
  });
  it('toBeClientError', async () => {
    assertResponse(await get('/users')).toBeClientError();
  });
  it('toBeServerError', async () => {
    assertResponse(await get('/users/999')).toBeServerError();
  });
  it('toBeCreated', async () => {
    assertResponse(await get('/users')).toBeCreated();
  });
  it('toBeAccepted', async () => {
    assertResponse(await get('/users')).toBeAccepted();
  });
  it('toBeNoContent', async () => {
    assertResponse(await get('/users')).toBeNoContent();
  });
  it('toBeBadRequest', async () => {
    assertResponse(await get('/users')).toBeBadRequest();
  });
  it('toBeUnauthorized', async () => {
    assertResponse(await get('/users')).toBeUnauthorized();
  });
  it('toBeForbidden', async () => {
    assertResponse(await get('/users')).toBeForbidden();
  });
  it('toBeNotFound', async () => {
    assertResponse(await get('/users')).toBeNotFound();
  });
  it('not.toBeNotFound', async () => {
    assertResponse(await get('/users/999')).not.toBeNotFound();
  });
  it('toBeConflict', async () => {
    assertResponse(await get('/users')).toBeConflict();
  });
  it('toBeUnprocessable', async () => {
    assertResponse(await get('/users')).toBeUnprocessable();
  });
  it('toBeTooManyRequests', async () => {
    assertResponse(await get('/users')).toBeTooManyRequests();
  });
  it('toBeInternalServerError', async () => {
    assertResponse(await get('/status/503')).toBeInternalServerError();
  });
  it('toBeServiceUnavailable', async () => {
    assertResponse(await get('/status/500')).toBeServiceUnavailable();
  });
  it('toHaveStatusText', async () => {
    assertResponse(await get('/users')).toHaveStatusText('Created');
  });
  it('not.toHaveStatusText', async () => {
    assertResponse(await get('/users')).not.toHaveStatusText('OK');
  });
  it('fails at the first failing link of a chain', async () => {
    assertResponse(await get('/users'))
      .toHaveStatus(200)
      .and.toHaveHeader('content-type')
      .and.toHaveStatusText('Accepted'); // @chain
  });
});

describe('headers', () => {
  it('toHaveHeader present', async () => {
    assertResponse(await get('/users')).toHaveHeader('x-id'); // @header
  });
  it('not.toHaveHeader present', async () => {
    assertResponse(await get('/users')).not.toHaveHeader('content-type');
  });
  it('toHaveHeader value', async () => {
    assertResponse(await get('/users')).toHaveHeader('content-type', 'text/html');
  });
  it('toHaveHeader value of a missing header', async () => {
    assertResponse(await get('/users')).toHaveHeader('x-id', 'abc');
  });
  it('toHaveHeader RegExp', async () => {
    assertResponse(await get('/users')).toHaveHeader('content-type', /xml/);
  });
  it('not.toHaveHeader value', async () => {
    assertResponse(await get('/users')).not.toHaveHeader('content-type', 'application/json');
  });
  it('toHaveContentType', async () => {
    assertResponse(await get('/text')).toHaveContentType('application/json');
  });
  it('toHaveContentType with parameters', async () => {
    assertResponse(await get('/text')).toHaveContentType('text/plain; charset=latin1');
  });
  it('toHaveContentType does not take a substring', async () => {
    assertResponse(await get('/users')).toHaveContentType('json');
  });
  it('toHaveContentType without the header', async () => {
    assertResponse(await get('/status/204')).toHaveContentType('application/json');
  });
  it('not.toHaveContentType', async () => {
    assertResponse(await get('/text')).not.toHaveContentType('text/plain');
  });
});

describe('body', () => {
  it('toHaveBody', async () => {
    assertResponse(await get('/empty')).toHaveBody();
  });
  it('not.toHaveBody', async () => {
    assertResponse(await get('/text')).not.toHaveBody();
  });
  it('toHaveEmptyBody', async () => {
    assertResponse(await get('/users/1')).toHaveEmptyBody();
  });
  it('not.toHaveEmptyBody', async () => {
    assertResponse(await get('/empty')).not.toHaveEmptyBody();
  });
  it('toHaveBodyLength', async () => {
    assertResponse(await get('/users')).toHaveBodyLength(2);
  });
  it('toHaveBodyLength of an object', async () => {
    assertResponse(await get('/users/1')).toHaveBodyLength(2);
  });
  it('not.toHaveBodyLength', async () => {
    assertResponse(await get('/users')).not.toHaveBodyLength(3);
  });
  it('toHaveBodyContaining', async () => {
    assertResponse(await get('/users/1')).toHaveBodyContaining('Grace'); // @containing
  });
  it('toHaveBodyContaining shows 200 characters', async () => {
    assertResponse(await get('/users')).toHaveBodyContaining('Linus');
  });
  it('not.toHaveBodyContaining', async () => {
    assertResponse(await get('/text')).not.toHaveBodyContaining('hello');
  });
  it('toHaveBodyContaining of an empty body', async () => {
    assertResponse(await get('/empty')).toHaveBodyContaining('x');
  });
  it('toHaveBodyMatching', async () => {
    assertResponse(await get('/text')).toHaveBodyMatching(/^bye/);
  });
  it('not.toHaveBodyMatching', async () => {
    assertResponse(await get('/text')).not.toHaveBodyMatching(/sonde$/);
  });
});

describe('properties', () => {
  const body = {
    user: { name: 'Bob', address: null, nick: undefined },
    data: [{ tags: [{ name: 'x' }] }],
    count: 3,
  };
  const echo = () => api.post('/echo', body);
  it('toHaveBodyProperty value', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.user.name', 'Ann'); // @property
  });
  it('toHaveBodyProperty deep value', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.data[0]', { tags: [] });
  });
  it('toHaveBodyProperty missing key', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.user.email');
  });
  it('toHaveBodyProperty index out of range', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.data[0].tags[1].name');
  });
  it('toHaveBodyProperty null on the way', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.user.address.city');
  });
  it('toHaveBodyProperty through a primitive', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.count.value');
  });
  it('toHaveBodyProperty value on a missing path', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json.users[0]', 1);
  });
  it('not.toHaveBodyProperty', async () => {
    assertResponse(await echo()).not.toHaveBodyProperty('json.user.name');
  });
  it('not.toHaveBodyProperty value', async () => {
    assertResponse(await echo()).not.toHaveBodyProperty('json.count', 3);
  });
  it('toHaveBodyProperty with a bad path', async () => {
    assertResponse(await echo()).toHaveBodyProperty('json..user');
  });
});

describe('timing and schema', () => {
  it('toRespondWithin', async () => {
    assertResponse(await get('/delay/120')).toRespondWithin(20); // @within
  });
  it('not.toRespondWithin', async () => {
    assertResponse(await get('/users')).not.toRespondWithin(5000);
  });
  it('toMatchSchema with one error', async () => {
    assertResponse(await get('/users/1')).toMatchSchema({ type: 'object', properties: { id: { type: 'string' } } });
  });
  it('toMatchSchema with several errors', async () => {
    assertResponse(await get('/users/1')).toMatchSchema({ // @schema
      type: 'object',
      required: ['id', 'nick'],
      properties: {
        id: { type: 'string' },
        email: { type: 'string', pattern: '^admin@' },
        role: { enum: ['owner', 'guest'] },
      },
      additionalProperties: false,
    });
  });
  it('toMatchSchema on arrays', async () => {
    assertResponse(await get('/users')).toMatchSchema({ type: 'array', maxItems: 2, items: { type: 'object', required: ['phone'] } });
  });
  it('not.toMatchSchema', async () => {
    assertResponse(await get('/users/1')).not.toMatchSchema({ type: 'object' });
  });
  it('toMatchSchema with an invalid schema', async () => {
    assertResponse(await get('/users/1')).toMatchSchema({ type: 'banana' });
  });
});

describe('usage errors', () => {
  it('forgot await', async () => {
    assertResponse(get('/users')).toHaveStatus(200); // @await
  });
  it('passes a non-response', () => {
    assertResponse({ status: 'x' });
  });
  it('gives a wrong argument type', async () => {
    assertResponse(await get('/users')).toHaveStatus('200');
  });
});
