it('a', 'not a function');
it('b', () => {});
