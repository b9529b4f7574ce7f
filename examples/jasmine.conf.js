// The same demo API with framework 'jasmine' (as @wdio/jasmine-framework runs it): jasmine's
// describe/it, its expect with the API matchers, and spies. Run it with
//   sonde run examples/jasmine.conf.js
// (`make demo` runs it after the mocha and cucumber examples, against its own demo API).
exports.config = {
  runner: 'api',
  framework: 'jasmine',
  specs: ['./jasmine/**/*.spec.js'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:8080',

  jasmineOpts: {
    defaultTimeoutInterval: 10000, // per spec and hook, in ms
    // Specs in a random order that a seed reproduces (printed as "Randomized with seed N";
    // re-run that order with --jasmineOpts.seed N).
    random: true,
  },

  reporters: ['spec'],
};
