// One failing check per test; case.sh checks each message.
const { assertResponse, loadApiSpec } = require('sonde');

describe('contract failures', () => {
  it('body', async () => {
    expect(await api.get('/health')).toSatisfyApiSpec();
  });
  it('content type', async () => {
    assertResponse(await api.get('/text')).toSatisfyApiSpec();
  });
  it('undocumented status', async () => {
    expect(await api.get('/problem')).toSatisfyApiSpec();
  });
  it('undocumented path', async () => {
    expect(await api.get('/echo')).toSatisfyApiSpec();
  });
  it('undocumented method', async () => {
    expect(await api.put('/users/1', { name: 'A', email: 'a@example.com' })).toSatisfyApiSpec();
  });
  it('negated', async () => {
    expect(await api.get('/users/1')).not.toSatisfyApiSpec();
  });
  it('unknown schema name', () => {
    expect({}).toSatisfySchemaInApiSpec('Nope');
  });
  it('value against a schema', () => {
    expect({ code: 5 }).toSatisfySchemaInApiSpec('Error');
  });
  it('3.0 document: enum', async () => {
    loadApiSpec('./openapi/users-30.json');
    expect(await api.get('/users/2')).toSatisfyApiSpec();
  });
  it('missing document', () => {
    loadApiSpec('./openapi/none.yaml');
  });
});
