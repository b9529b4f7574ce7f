const path = require('path');
it('path works', () => { if (path.join('a', 'b') !== 'a/b') throw new Error('path'); });
