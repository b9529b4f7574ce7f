// apiRunner.clientFactory: called once per worker with the config; may be async. This one
// wraps the built-in client's HTTP through fetch-free means: it answers from the config.
let made = 0;
exports.config = {
  runner: 'api',
  specs: ['./factory/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  apiRunner: {
    async clientFactory(config) {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const reply = (method) => async (path) => ({ status: 200, data: { method, path, made, base: config.baseUrl } });
      const client = {};
      for (const m of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']) client[m] = reply(m.toUpperCase());
      return client;
    },
  },
};
