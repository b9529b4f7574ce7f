const { Before, After, BeforeAll, AfterAll, BeforeStep, AfterStep, Given, Then,
  setWorldConstructor, World, Status } = require('@cucumber/cucumber');

class CustomWorld extends World {
  constructor(options) {
    super(options);
    this.remembered = null;
    this.kind = 'custom';
  }
}
setWorldConstructor(CustomWorld);

const order = [];
BeforeAll(function () { order.push('beforeAll'); });
AfterAll(function () { console.log('ORDER ' + order.join(',')); });
Before({ tags: '@hooks' }, function ({ pickle, gherkinDocument }) {
  if (gherkinDocument.feature.name !== 'Hooks and the World' || pickle.tags[0].name !== '@hooks')
    throw new Error('Before got ' + gherkinDocument.feature.name + ' ' + JSON.stringify(pickle.tags));
  order.push('before:' + pickle.name.split(' ')[0]);
});
Before({ tags: '@tagged', name: 'only tagged' }, function () { order.push('tagged'); });
After({ tags: '@hooks' }, function ({ result }) {
  order.push('after:' + result.status + ':' + (result.status === Status.PASSED));
});
BeforeStep({ tags: '@hooks' }, function () { order.push('step'); });
AfterStep({ tags: '@hooks' }, function ({ result }) { order.push('/' + result.status); });

Given('the world remembers {string}', function (s) {
  if (this.kind !== 'custom') throw new Error('not the custom World');
  this.remembered = s;
  this.log('LOGGED ' + s);
});
Then('the world still has {string}', function (s) {
  if (this.remembered !== s) throw new Error(`remembered ${this.remembered}, not ${s}`);
});
Then('the world has nothing remembered', function () {
  if (this.remembered !== null) throw new Error('the World was reused: ' + this.remembered);
});
