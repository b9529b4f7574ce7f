// console from a launcher hook: table, group, count and an Error with its stack.
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  onPrepare() {
    console.table([{ id: 1, name: 'Ada' }, { id: 2, name: 'Linus' }]);
    console.group('C group');
    console.count('C hook');
    console.groupEnd();
    console.log(new RangeError('C hook error'));
  },
};
