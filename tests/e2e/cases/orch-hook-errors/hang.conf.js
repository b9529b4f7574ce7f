// A hook that never settles is abandoned after the framework's timeout.
exports.config = {
  runner: 'api',
  specs: ['./specs/ok.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 500 },
  beforeTest() {
    console.log('H beforeTest hangs');
    return new Promise(() => {});
  },
  onPrepare() {
    return new Promise(() => {});
  },
};
