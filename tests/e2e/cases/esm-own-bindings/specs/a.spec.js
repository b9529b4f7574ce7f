import { where, pkg } from './lib/esm.mjs';
describe('esm', () => { it('declares its own __dirname', () => { if (where !== 'lib' || pkg !== 'data') throw new Error(where + pkg); }); });
