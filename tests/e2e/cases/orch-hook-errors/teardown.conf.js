// Errors thrown after the run, while a spec file's realm is torn down: an immediate that
// afterSession schedules (for ok.spec.js) and one that an 'exit' listener schedules
// (exit-immediate.spec.js) run before the realm goes, and what they throw fails the file.
exports.config = {
  runner: 'api',
  specs: ['./specs/ok.spec.js', './specs/exit-immediate.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  afterSession(config, capabilities, specs) {
    if (!specs[0].endsWith('ok.spec.js')) return;
    setImmediate(() => {
      throw new Error('boom in teardown');
    });
  },
};
