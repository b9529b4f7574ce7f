import { broken } from './lib/broken.js';

describe('syntax error in a helper', () => {
  it('never runs', () => {});
});
