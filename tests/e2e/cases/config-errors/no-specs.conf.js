exports.config = { runner: 'api', specs: ['./nothing/**/*.spec.js'] };
