// The corpus under sonde with reporter.js as a helper: jasmine's reporters (case.sh).
exports.config = Object.assign({}, require('./sonde.conf.js').config, {
  reporters: ['dot'],
  jasmineOpts: { defaultTimeoutInterval: 2000, helpers: ['./reporter.js'] },
});
