// Every top-level corpus file as a spec file, one at a time, in name order.
exports.config = { runner: 'api', specs: ['./corpus/*.ts'], maxInstances: 1, baseUrl: process.env.API_BASE_URL };
