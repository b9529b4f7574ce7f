// Documents at URLs (the test server's /files/ serves this case's folder): the config's
// document, whatever OPENAPI_DOC names, then loadApiSpec(url), whose relative $ref is
// resolved against its URL, and a URL that answers 404.
const { loadApiSpec } = require('sonde');

const files = `${process.env.API_BASE_URL}/files/openapi`;

describe('contract: documents at URLs', () => {
  it("the config's document", async () => {
    expect(await api.get('/users/1')).toSatisfyApiSpec();
  });

  it('loadApiSpec(url) reads a document and its $refs', async () => {
    loadApiSpec(`${files}/users-30.json`);
    expect(await api.get('/users/1')).toSatisfyApiSpec();
    expect(null).toSatisfySchemaInApiSpec('Nullable');
  });

  it('a URL that answers 404 is one error naming it', () => {
    let error = null;
    try {
      loadApiSpec(`${files}/none.yaml`);
    } catch (e) {
      error = e;
    }
    expect(error && error.message).toBe(
      `loadApiSpec(): ${files}/none.yaml: cannot read the API document: the server answered HTTP 404 Not Found`);
  });
});
