// A name the module does not export: a SyntaxError at load, naming both (as in Node).
import { double, tripple } from './lib/math.mjs';

describe('unexported', () => {
  it('never runs', () => double(tripple(1)));
});
