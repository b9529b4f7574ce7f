// Contract tests against the test server: apiRunner.openapi names the document (OPENAPI_DOC
// chooses another for the runs with broken documents; OPENAPI_VALIDATE sets the automatic
// mode, apiRunner.openapi.validate, and OPENAPI_REQUESTS (JSON) its validateRequests, each
// set only when given; OPENAPI_COOKIES turns apiRunner.cookies on; OPENAPI_JUNIT adds the
// junit reporter).
const doc = process.env.OPENAPI_DOC || './openapi/users.yaml';
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  exclude: [
    ...(process.env.OPENAPI_VALIDATE ? [] : ['./specs/auto.spec.js']),
    ...(process.env.OPENAPI_REQUESTS ? [] : ['./specs/requests.spec.js', './specs/requests-params.spec.js', './specs/requests-forms.spec.js']),
  ],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 10000 },
  // OPENAPI_JUNIT: the junit reporter too (its run-end coverage document)
  ...(process.env.OPENAPI_JUNIT ? { reporters: ['spec', ['junit', { outputDir: 'out/junit' }]] } : {}),
  apiRunner: {
    openapi: process.env.OPENAPI_VALIDATE || process.env.OPENAPI_REQUESTS
      ? {
          spec: doc,
          ...(process.env.OPENAPI_VALIDATE ? { validate: process.env.OPENAPI_VALIDATE } : {}),
          validateRequests: JSON.parse(process.env.OPENAPI_REQUESTS || 'false'),
        }
      : doc,
    ...(process.env.OPENAPI_COOKIES ? { cookies: true } : {}),
  },
};
