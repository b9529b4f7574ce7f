// Contract tests: the demo API's responses against its OpenAPI document
// (examples/openapi/users.yaml, named by apiRunner.openapi in sonde.conf.js). A failure
// names the operation, the response and every mismatch; the run ends with a coverage
// table of what the suite exercised.

describe('Users API: the contract', () => {
  it('lists and fetches users as documented', async () => {
    expect(await api.get('/users', { params: { role: 'admin' } })).toSatisfyApiSpec();
    const res = await api.get('/users/1');
    expect(res).toSatisfyApiSpec();
    expect(res.data).toSatisfySchemaInApiSpec('User');
  });

  it('creates, changes and deletes a user as documented', async () => {
    const created = await api.post('/users', { name: 'Contract', email: 'contract@example.com' });
    expect(created).toSatisfyApiSpec(); // 201, with the Location header the document requires
    const id = created.data.id;
    expect(await api.patch(`/users/${id}`, { role: 'admin' })).toSatisfyApiSpec();
    expect(await api.delete(`/users/${id}`)).toSatisfyApiSpec();
  });

  it('documents its errors too', async () => {
    expect(await api.get('/users/999999')).toSatisfyApiSpec(); // 404 through 4XX
    expect(await api.get('/protected')).toSatisfyApiSpec(); // 401 with WWW-Authenticate
  });
});
