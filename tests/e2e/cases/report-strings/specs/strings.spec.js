// One suite per row of the table: the row's text in a suite title, a test title, a console
// line and an error message (issue 13 item 3). case.sh holds the same table with what each
// writer must show for it.
const rows = [
  ['nul', 'a\u0000b'],
  ['nuls', '\u0000\u0000z'],
  ['high', 'x\uD800y'],
  ['low', 'x\uDC00y'],
  ['swapped', '\uDE00\uD83Dz'],
  ['astral', 'x\uD83D\uDE00y'],
];

for (const [id, text] of rows) {
  describe(`suite ${id} ${text}`, () => {
    it(`title ${id} ${text}`, () => {
      console.log(`console ${id} ${text}`);
      console.log('format %s', `arg ${id} ${text}`);
      throw new Error(`message ${id} ${text}`);
    });
  });
}

describe('hooks', () => {
  beforeEach('hook \u0000 name', () => { throw new Error('in hook \u0000'); });
  it('after \u0000 the hook', () => {});
});

describe('values', () => {
  it('fails with expected and actual', () => {
    const err = new Error('not equal');
    err.actual = { text: 'x\uD800\u0000y' };
    err.expected = { text: '\uD83D\uDE00' };
    throw err;
  });
});
