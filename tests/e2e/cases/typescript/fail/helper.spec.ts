import { value } from './lib/broken';

describe('imports a helper that does not erase', () => {
  it('never runs', () => console.log(value));
});
