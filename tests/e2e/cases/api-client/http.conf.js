// A custom global name, a default request timeout, a baseUrl with a path prefix and no
// trailing slash, and a config header that replaces a default one case-insensitively.
exports.config = {
  runner: 'api',
  specs: ['./http-specs/*.spec.js'],
  baseUrl: process.env.API_BASE_URL + '/echo',
  apiRunner: { globalName: 'http', timeout: 150, headers: { accept: 'text/plain' } },
};
