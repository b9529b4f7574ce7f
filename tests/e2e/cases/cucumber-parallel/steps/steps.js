const { Given, When, Then, Before } = require('@cucumber/cucumber');

// Scenarios of the feature share the job's realm: a scenario can only see another one
// start while it runs itself when they run at once.
const started = new Set();
const until = async (name) => {
  while (!started.has(name)) await new Promise((resolve) => setTimeout(resolve, 5));
};

Before(function (hook) {
  this.scenario = hook.pickle.name;
});
Given('scenario {string} starts', function (name) {
  this.name = name;
  started.add(name);
  this.log('started ' + name);
});
Then('scenario {string} has started', async function (name) {
  await until(name);
});
Then('my World is {string}', async function (name) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (this.name !== name || !this.scenario.startsWith(name)) throw new Error('the World of ' + this.name);
});
When('it fails once {string} has started', async function (name) {
  await until(name);
  throw new Error('third failed');
});
