exports.config = {
  runner: 'api',
  specs: ['./verify/*.spec.js'],
  baseUrl: `https://127.0.0.1:${process.env.TLS_PORT}`,
  apiRunner: { retries: 1, retryDelay: 10 },
};
