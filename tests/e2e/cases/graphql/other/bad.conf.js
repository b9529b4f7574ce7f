// A graphqlRunner option of the wrong type: the first use of the global says which.
exports.config = {
  runner: 'api',
  specs: ['./bad.spec.js'],
  graphqlRunner: { endpoint: 'http://127.0.0.1:1/graphql', webSocket: { url: 42 } },
};
