// Globals a realm makes on first use (console, process, expect, the web classes, mocha's
// aliases and hooks) behave as if they had been there from the start.
const before0 = Object.getOwnPropertyDescriptor(globalThis, 'Blob');
globalThis.Blob = 'replaced before first use';
const seen = [
  typeof console.log, typeof process.env, typeof expect, typeof URL, typeof Headers,
  Blob, xit === it.skip, xdescribe === describe.skip, typeof beforeEach, typeof context,
  typeof before0.get,
];
console.log(`LAZY ${seen.join(' ')}`);

describe('lazy globals', () => {
  before(() => { globalThis.hookRan = true; });
  it('runs hooks defined through a lazy global', () => {
    expect(globalThis.hookRan).toBe(true);
    expect(new URL('http://h/p?q=1').searchParams.get('q')).toBe('1');
  });
  xit('is skipped through the alias', () => { throw new Error('ran'); });
});
