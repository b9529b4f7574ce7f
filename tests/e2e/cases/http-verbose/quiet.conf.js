// Not verbose: only DEBUG may add output.
exports.config = {
  runner: 'api',
  specs: ['./quiet/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { retries: 1, retryDelay: 10 },
};
