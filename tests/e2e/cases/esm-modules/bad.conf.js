exports.config = { runner: 'api', specs: ['./bad/*.spec.js'], maxInstances: 2 };
