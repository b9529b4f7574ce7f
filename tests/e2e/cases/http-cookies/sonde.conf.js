// One worker runs both spec files: the jar lives as long as the worker.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { cookies: true },
};
