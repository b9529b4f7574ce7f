// A client without patch(): the run must stop and say which method is missing.
class Incomplete {
  get() {} post() {} put() {} delete() {} head() {} options() {}
}
exports.config = {
  runner: 'api',
  specs: ['./missing/*.spec.js'],
  apiRunner: { client: Incomplete },
};
