it('slow chained', () => {}).slow(1000);
it('next', () => {});
