const { Given, Then, defineStep } = require('sonde');

Given('an ambiguous step', function () {});
defineStep(/^an ambiguous (step|thing)$/, function () {});
Given('a pending step', function () { return 'pending'; });
Then('this step is skipped', function () { console.log('RAN a skipped step'); });
Given('a step that throws', function () { throw new Error('the step threw on purpose'); });
Given('a step that never resolves', { timeout: 100 }, function () { return new Promise(() => {}); });
Given('a callback step', function (done) { setTimeout(() => { console.log('CALLBACK done'); done(); }, 5); });
Given('an async step', async function () { await new Promise((r) => setTimeout(r, 5)); console.log('ASYNC done'); });
