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
// A readable stream (what fs.createReadStream gives): attach reads it whole first.
Given('it attaches a stream and links', async function () {
  const on = {};
  const stream = {
    on(event, fn) {
      on[event] = fn;
      if (event === 'end') setTimeout(() => (on.data(Buffer.from('streamed ')), on.data('bytes'), on.end()), 1);
      return this;
    },
    pipe() {},
  };
  await this.attach(stream, { mediaType: 'text/plain', fileName: 'stream.txt' });
  this.link('https://example.com/a', 'https://example.com/b');
});
Given('a pending step', function () {
  return 'pending';
});
