// No outputDir anywhere: the documents are printed at the end of the run.
exports.config = {
  runner: 'api',
  specs: ['./specs/a-users.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  reporters: ['junit'],
};
