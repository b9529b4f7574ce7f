const base = require('./missing-base.js');
exports.config = { runner: 'api', specs: ['./specs/*.spec.js'] };
