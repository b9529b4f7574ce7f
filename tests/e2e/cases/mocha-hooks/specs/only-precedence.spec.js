// mocha: when a suite has it.only tests, it runs those and ignores its child suites,
// even a describe.only among them ("tests have precedence").
describe('precedence', function () {
  it.only('the only test', function () { console.log('RAN precedence-it-only'); });
  describe.only('child only suite', function () {
    it('child test', function () { console.log('RAN precedence-child'); });
  });
});
