exports.config = { runner: 'api', specs: ['./specs/*.spec.js'] };
