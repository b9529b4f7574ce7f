// loadApiSpec: this spec file checks against the OpenAPI 3.0 JSON document (nullable,
// boolean exclusiveMinimum, a $ref to another JSON file), then against a document given
// as an object.
const { loadApiSpec } = require('sonde');

describe('contract: openapi/users-30.json', () => {
  before(() => loadApiSpec('./openapi/users-30.json'));

  it('an admin satisfies GET /users/{id}; errors fall to default', async () => {
    expect(await api.get('/users/1')).toSatisfyApiSpec();
    expect(await api.get('/users/999')).toSatisfyApiSpec();
  });

  it("3.0's dialect: nullable and boolean exclusiveMinimum", () => {
    expect(null).toSatisfySchemaInApiSpec('Nullable');
    expect(5).not.toSatisfySchemaInApiSpec('Nullable');
  });

  it('a document given as an object', async () => {
    loadApiSpec({
      openapi: '3.1.0',
      info: { title: 'inline', version: '1' },
      paths: { '/health': { get: { responses: { 200: { description: 'ok',
        content: { 'application/json': { schema: { $ref: './openapi/schemas/user.yaml#/User' } } } } } } } },
    });
    expect(await api.get('/health')).not.toSatisfyApiSpec();
  });
});
