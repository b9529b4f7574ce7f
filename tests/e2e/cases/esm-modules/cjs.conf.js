// CommonJS config assigning module.exports.
module.exports = {
  config: {
    runner: 'api',
    specs: ['./specs/*.spec.js'],
    baseUrl: process.env.API_BASE_URL,
    apiRunner: { headers: { 'X-Config': 'module-exports' } },
  },
};
