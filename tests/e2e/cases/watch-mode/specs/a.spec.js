const { name } = require('../helpers/users');
describe('a', () => { it('uses the helper', () => { if (name() !== 'ada') throw new Error('x'); }); });
