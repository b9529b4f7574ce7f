const { Given, Then } = require('@cucumber/cucumber');

Given('the scenario hook set a global', function () {
  if (globalThis.fromBeforeScenario !== 'the hooks and the steps share globals')
    throw new Error('beforeScenario set nothing this realm sees: ' + globalThis.fromBeforeScenario);
});
Then('a step sets a global for the after hook', function () {
  globalThis.fromStep = 'set by a step';
});
