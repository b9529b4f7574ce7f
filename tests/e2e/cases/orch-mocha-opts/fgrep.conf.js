// mochaOpts.fgrep is a literal substring of the full title ("a.b" is no regex here).
exports.config = {
  runner: 'api',
  specs: ['./specs/grep.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { fgrep: 'a.b' },
};
