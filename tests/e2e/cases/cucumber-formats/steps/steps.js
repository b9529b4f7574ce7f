const { Given, When, Then, Before } = require('@cucumber/cucumber');

Before({ name: 'reset' }, function () {});
Given('a passing step', function () {});
When('it attaches {string}', function (text) {
  this.attach(text, 'text/plain');
});
Then('it logs {string}', function (text) {
  this.log(text);
});
When('a step fails', function () {
  throw new Error('it broke & <went> "wrong"');
});
Given('the number {int}', function (n) {
  if (n > 1) throw new Error('too big: ' + n);
});
Given('it attaches an image', function () {
  // a 1x1 PNG, as bytes
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  this.attach(Buffer.from(png, 'base64'), 'image/png');
});
Given('a pending step', function () {
  return 'pending';
});
