// fetch from a launcher hook (its own HTTP client) and from specs (the api client's, so the
// connection is shared with api requests).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  async onPrepare() {
    const res = await fetch(`${process.env.API_BASE_URL}/health`);
    console.log(`F onPrepare ${res.status} ${res.ok} ${JSON.stringify(await res.json())}`);
  },
};
