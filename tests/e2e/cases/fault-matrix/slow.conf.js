// Ctrl-C while a test waits on the server.
const base = require('./sonde.conf.js').config;
exports.config = { ...base, specs: ['./slow/*.spec.js'] };
