exports.config = { runner: 'api', specs: ['./relative/*.spec.js'] };
