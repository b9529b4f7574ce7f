const log = [];
suite('tdd outer', function () {
  suiteSetup(function () { log.push('ss'); this.value = 'from suiteSetup'; });
  suiteTeardown(function () { log.push('st'); console.log('TDD ORDER ' + log.join(',')); });
  setup(function () { log.push('su'); });
  teardown(function () { log.push('td'); });
  test('first', function () {
    log.push('t1');
    if (this.value !== 'from suiteSetup') throw new Error('this.value is ' + this.value);
  });
  suite('tdd inner', function () {
    test('second', function () { log.push('t2'); });
    test.skip('skipped tdd test', function () { log.push('SKIPPED-RAN'); });
    test('failing tdd test', function () { throw new Error('tdd failure'); });
  });
});
