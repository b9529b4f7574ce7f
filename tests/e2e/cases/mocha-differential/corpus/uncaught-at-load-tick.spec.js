process.nextTick(() => { throw new Error('thrown before the run'); });
describe('s', () => { it('runs anyway', () => {}); });
