// ES module config: a default export holding { config }.
const config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { headers: { 'X-Config': 'export-default' } },
};
export default { config };
