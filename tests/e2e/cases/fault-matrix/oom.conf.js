// A worker that runs out of memory (its address space capped by the case with prlimit).
const base = require('./sonde.conf.js').config;
exports.config = { ...base, specs: ['./oom/*.spec.js'], mochaOpts: { timeout: 60000 } };
