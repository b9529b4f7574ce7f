exports.config = { runner: 'api', specs: ['./specs/*.spec.js'], maxInstances: 1 };
