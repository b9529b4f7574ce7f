// Options: stopOnFailure, stopSpecOnExpectationFailure, failSpecWithNoExpectations, grep.
describe('opts', () => {
  afterAll(() => console.log('AFTERALL RAN'));
  it('empty spec', () => {});
  it('two failures', () => { expect(1).toBe(2); console.log('AFTER FIRST'); expect(3).toBe(4); });
  it('later spec', () => { console.log('LATER RAN'); expect(1).toBe(1); });
});
