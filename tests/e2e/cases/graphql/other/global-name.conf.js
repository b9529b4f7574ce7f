// graphqlRunner.globalName, and require('wdio-api-runner').
exports.config = {
  runner: 'api',
  specs: ['./global-name.spec.js'],
  graphqlRunner: { globalName: 'gq', verbose: true, endpoint: `http://127.0.0.1:${process.env.GQL_PORT}/graphql` },
};
