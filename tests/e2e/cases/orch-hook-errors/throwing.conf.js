// Hooks that throw or reject: each is reported on stderr (hook name, error, this file's
// line) and the run goes on; the tests pass and the exit code stays 0.
exports.config = {
  runner: 'api',
  specs: ['./specs/ok.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  onPrepare() {
    throw new Error('boom in onPrepare');
  },
  onWorkerStart() {
    throw new Error('boom in onWorkerStart');
  },
  before() {
    throw new Error('boom in before');
  },
  beforeTest: [
    () => console.log('H beforeTest first function still runs'),
    async () => {
      throw new Error('boom in beforeTest');
    },
  ],
  afterSuite() {
    return Promise.reject(new Error('boom in afterSuite'));
  },
  afterSession() {
    console.log('H afterSession still runs');
  },
  onComplete(exitCode) {
    console.log('H onComplete exit=' + exitCode);
  },
};
