const { Given } = require('@cucumber/cucumber');
if (globalThis.setupLoaded !== 'yes') throw new Error('requireModule did not run first');
Given('the world parameters say {string}', function (env) {
  if (this.parameters.env !== env) throw new Error('parameters: ' + JSON.stringify(this.parameters));
});
Given('the support module ran first', function () {});
