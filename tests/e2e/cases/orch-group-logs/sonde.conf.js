// Two jobs in parallel whose console lines would interleave (A 1, B 1, A 2, B 2, ...).
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL,
  groupLogsByTestSpec: true,
};
