// A service module by relative path whose module itself is the worker service class.
module.exports = class LocalService {
  afterSuite(suite) {
    console.log(`S local afterSuite ${suite.title}`);
  }
};
