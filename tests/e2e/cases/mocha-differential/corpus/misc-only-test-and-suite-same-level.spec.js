it.only('root only', () => {});
describe.only('suite only', () => { it('inside', () => {}); });
it('root other', () => {});
