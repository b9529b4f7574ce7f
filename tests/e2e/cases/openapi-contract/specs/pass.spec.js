// Every check passes: responses of the test server against openapi/users.yaml (3.1, YAML,
// the config's document), through expect and assertResponse, and values against named
// schemas; the deliberate mismatches only pass negated.
const { assertResponse, loadApiSpec } = require('sonde');
const wdio = require('wdio-api-runner');

describe('contract: openapi/users.yaml', () => {
  it('GET /users/{id} and GET /users', async () => {
    const res = await api.get('/users/1');
    expect(res).toSatisfyApiSpec();
    assertResponse(res).toSatisfyApiSpec().and.toHaveStatus(200);
    expect(await api.get('/users?role=user')).toSatisfyApiSpec();
  });

  it('POST /users: 201 with its required Location header', async () => {
    const res = await api.post('/users', { name: 'Zed', email: 'zed@example.com' });
    expect(res).toSatisfyApiSpec();
  });

  it('an error status through 4XX and a $ref to a shared response', async () => {
    expect(await api.get('/users/999')).toSatisfyApiSpec();
    expect(await api.post('/users', 'not json', { headers: { 'content-type': 'application/json' } }))
      .toSatisfyApiSpec();
  });

  it('DELETE /users/{id}: 204 without a body', async () => {
    const created = await api.post('/users', { name: 'Tmp', email: 'tmp@example.com' });
    expect(await api.delete(`/users/${created.data.id}`)).toSatisfyApiSpec();
  });

  it('values against components.schemas', async () => {
    expect({ code: 'X', message: 'y' }).toSatisfySchemaInApiSpec('Error');
    expect({ code: 1 }).not.toSatisfySchemaInApiSpec('Error');
    // a number beyond 64 bits is still a number (JSON.stringify writes all its digits)
    expect({ code: 1e20, message: 'y' }).not.toSatisfySchemaInApiSpec('Error');
    const res = await api.get('/users/2');
    expect(res).toSatisfySchemaInApiSpec('User');
    expect(res.data).toSatisfySchemaInApiSpec('User');
    assertResponse(res).toSatisfySchemaInApiSpec('User');
    expect({ ...res.data, manager: { ...res.data, id: 0 } }).not.toSatisfySchemaInApiSpec('User');
  });

  it('the deliberate mismatches fail, so they pass negated', async () => {
    expect(await api.get('/health')).not.toSatisfyApiSpec();
    expect(await api.get('/text')).not.toSatisfyApiSpec();
    assertResponse(await api.get('/problem')).not.toSatisfyApiSpec();
    expect(await api.get('/echo')).not.toSatisfyApiSpec();
  });

  it('wdio-api-runner exports loadApiSpec too, and apiMatchers has both matchers', () => {
    if (wdio.loadApiSpec !== loadApiSpec) throw new Error('loadApiSpec is not the same function');
    if (typeof wdio.apiMatchers.toSatisfyApiSpec !== 'function') throw new Error('no apiMatchers.toSatisfyApiSpec');
    const r = wdio.apiMatchers.toSatisfySchemaInApiSpec({ code: 'A', message: 'b' }, 'Error');
    if (!r.pass) throw new Error(r.message());
  });
});
