// The same demo API described in Gherkin: framework 'cucumber' runs the .feature files,
// with the step definitions of cucumberOpts.require. Run it with
//   sonde run examples/cucumber.conf.js
// (`make demo` runs it after the mocha examples, against its own demo API).
exports.config = {
  runner: 'api',
  framework: 'cucumber',

  // Feature files instead of spec files; each runs in its own worker.
  specs: ['./features/**/*.feature'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:8080',

  cucumberOpts: {
    // Step definitions and support code, relative to this file.
    require: ['./features/step_definitions/**/*.js'],
    // Only scenarios whose tags match (here: all but work in progress).
    tags: 'not @wip',
    timeout: 10000, // per step, in ms
  },

  reporters: ['spec'],
  apiRunner: { headers: { 'X-Client': 'sonde-demo' } },
};
