// ES module config: a named export.
export const config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { headers: { 'X-Config': 'export-const' } },
};
