// Passing and failing contract checks in jasmine: a failure is a failed expectation of
// the spec, with the contract's message.
describe('contract under jasmine', () => {
  it('passes', async () => {
    expect(await api.get('/users/1')).toSatisfyApiSpec();
    expect({ code: 'X', message: 'y' }).toSatisfySchemaInApiSpec('Error');
    expect(await api.get('/health')).not.toSatisfyApiSpec();
  });
  it('fails', async () => {
    expect(await api.get('/health')).toSatisfyApiSpec();
  });
});
