describe('missing module', () => {
  it('never runs', () => {});
});
const nope = require('./nope.js');
