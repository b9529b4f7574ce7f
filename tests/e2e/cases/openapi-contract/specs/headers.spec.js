// Response headers against openapi/headers.yaml: each header's text is read as the type
// its schema allows ("007" is 7 for an integer, "123" stays text for a string, a list is
// comma-separated), as request header parameters are. The first test passes; the others
// fail, and case.sh checks their messages.
const { loadApiSpec } = require('sonde');

const respond = (...headers) => api.get(`/respond?${headers.map((h) => `h=${encodeURIComponent(h)}`).join('&')}`);

describe('response headers', () => {
  before(() => loadApiSpec('./openapi/headers.yaml'));

  it('are read as the types their schemas allow', async () => {
    expect(await respond('X-Code: 123', 'X-Count: 007', 'X-Note: abc', 'X-Ids: 1,2,3')).toSatisfyApiSpec();
    expect(await respond('X-Code: true', 'X-Count: 2e3', 'X-Note: 12')).toSatisfyApiSpec();
  });

  it('stay text where the schema names no type', async () => {
    expect(await respond('X-Note: 1234')).toSatisfyApiSpec();
  });

  it('are judged as text by a string schema', async () => {
    expect(await respond('X-Code: 12345', 'X-Count: 0x10')).toSatisfyApiSpec();
  });
});
