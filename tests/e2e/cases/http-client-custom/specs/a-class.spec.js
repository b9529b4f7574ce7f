const { api: exported } = require('sonde');

describe('apiRunner.client', () => {
  it('is the global under globalName', async () => {
    if (typeof api !== 'undefined') throw new Error('the built-in api global is still there');
    const res = await client.post('/things', { a: 1 });
    const d = res.data;
    if (!d.custom || d.method !== 'POST' || d.path !== '/things' || d.body.a !== 1)
      throw new Error('not the custom client: ' + JSON.stringify(d));
    if (client.baseUrl !== process.env.API_BASE_URL) throw new Error('constructed without the config');
  });

  it("is require('sonde').api too", () => {
    if (exported !== client) throw new Error('a different object');
  });
});
