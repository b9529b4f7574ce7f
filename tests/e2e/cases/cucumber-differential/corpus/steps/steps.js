// Step definitions of the differential corpus: plain JavaScript (no api), the same file
// for cucumber-js and for sonde.
const {
  Given, When, Then, Before, After, BeforeStep, AfterStep, defineParameterType, setDefaultTimeout,
} = require('@cucumber/cucumber');

setDefaultTimeout(200);

defineParameterType({
  name: 'color',
  regexp: /red|green|blue|purple/,
  transformer(s) {
    if (s === 'purple') throw new Error('no purple here');
    return s.toUpperCase();
  },
});

const check = (cond, msg) => { if (!cond) throw new Error(msg); };

Given('a passing step', function () {});
When('a failing step', function () { throw new Error('failed on purpose'); });
Given('a pending step', function () { return 'pending'; });
Given('a step that returns skipped', function () { return 'skipped'; });
Given('an ambiguous step', function () {});
Given(/^an ambiguous (step|one)$/, function () {});

Before({ tags: '@before-fails' }, function () { throw new Error('Before failed'); });
After({ tags: '@after-fails' }, function () { throw new Error('After failed'); });
BeforeStep({ tags: '@beforestep-fails' }, function () { throw new Error('BeforeStep failed'); });
AfterStep({ tags: '@afterstep-fails' }, function () { throw new Error('AfterStep failed'); });
Before({ tags: '@hooks' }, function () { this.setUp = 'yes'; });
Given('the world was set up by Before', function () { check(this.setUp === 'yes', 'no setUp'); });

Given('a counter at {int}', function (n) { this.counter = n; });
When('I add {int} and {int}', function (a, b) { this.counter += a + b; });
Then('the counter is {int}', function (n) { check(this.counter === n, `counter ${this.counter}`); });

Given('the table has {int} data rows:', function (n, table) {
  check(table.hashes().length === n, 'rows ' + table.hashes().length);
  check(table.hashes()[1].name === 'bob', 'bob');
});
Then('the rowsHash of this table has key {string}:', function (key, table) {
  check(key in table.rowsHash(), 'no ' + key);
});
Given('the doc string has {int} lines:', function (n, doc) { check(doc.split('\n').length === n, 'lines'); });
Given('the doc string is JSON with a {string}:', function (key, doc) { check(key in JSON.parse(doc), key); });
Given('I have {int} cucumber(s) in my belly/stomach', function (n) { check(typeof n === 'number', 'int'); });
Given('the word is {word} and the string is {string} and the float is {float}', function (w, s, f) {
  check(w === 'hello' && s === 'a b' && f === 1.5, JSON.stringify([w, s, f]));
});
Given('the color is {color}', function (c) { check(c === 'RED', c); });
Given(/^a regexp captures (\d+) and "([^"]*)"$/, function (n, s) {
  check(n === 42 && s === 'quoted', JSON.stringify([n, s]));
});

Given('an async step', async function () { await new Promise((r) => setTimeout(r, 5)); });
Given('a callback step', function (done) { setTimeout(done, 5); });
Given('a callback step that passes pending', function (done) { done(null, 'pending'); });
Given('a rejecting step', async function () { throw new Error('rejected'); });
Given('a callback step with an error', function (done) { done(new Error('callback error')); });
Given('a slow step', { timeout: 50 }, function () { return new Promise((r) => setTimeout(r, 150)); });
Given('a step whose timer throws', function (done) { setTimeout(() => { throw new Error('timer threw'); }, 5); });

Given('un compteur à {int}', function (n) { this.counter = n; });
When("j'ajoute {int} et {int}", function (a, b) { this.counter += a + b; });
Then('le compteur vaut {int}', function (n) { check(this.counter === n, `compteur ${this.counter}`); });
