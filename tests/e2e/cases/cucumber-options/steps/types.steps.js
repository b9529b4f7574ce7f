const { Given, Then, defineParameterType, setDefaultTimeout } = require('@cucumber/cucumber');
setDefaultTimeout(500);
defineParameterType({ name: 'color', regexp: /red|blue|green/, transformer(s) { return { color: s, world: !!this.attach }; } });
defineParameterType({ name: 'money', regexp: /(\d+(?:\.\d+)?) ([A-Z]{3})/, transformer: (amount, cur) => ({ amount: Number(amount), cur }) });
Given('a color {color} and another {color}', function (a, b) {
  if (a.color !== 'red' || b.color !== 'blue' || !a.world) throw new Error(JSON.stringify([a, b]));
});
Given('the amount is {money}', function (m) {
  if (m.amount !== 12.5 || m.cur !== 'EUR') throw new Error(JSON.stringify(m));
});
Then(/^a regexp step captures "([^"]*)" and (\d+)$/, function (s, n) {
  if (s !== 'abc' || n !== 7) throw new Error(JSON.stringify([s, n]));
});
Then('big numbers {biginteger} and {bigdecimal}', function (b, d) {
  if (typeof b !== 'bigint' || b !== 123456789012345678901234567890n) throw new Error('biginteger ' + typeof b);
  if (d !== '1.50' && String(d) !== '1.50') throw new Error('bigdecimal ' + d);
});
let attempts = 0;
Given('a flaky step', function () { if (++attempts < 2) throw new Error('flaky attempt ' + attempts); console.log('FLAKY passed at ' + attempts); });
Given('a step whose timer throws', function (done) { setTimeout(() => { throw new Error('thrown in a timer'); }, 5); });
Then('this step is skipped', function () { console.log('RAN skipped'); });
