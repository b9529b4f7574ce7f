// apiRunner.http2: false offers only http/1.1 in ALPN.
exports.config = {
  runner: 'api',
  specs: ['./h1/*.spec.js'],
  apiRunner: { http2: false },
};
