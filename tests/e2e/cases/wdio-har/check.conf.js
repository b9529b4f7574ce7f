exports.config = { runner: 'api', specs: ['./specs-check/*.spec.js'], baseUrl: process.env.API_BASE_URL };
