// jasmine-core 5 API beyond the first list: spy.withArgs, custom and default spy
// strategies, respying, throwUnless/throwUnlessAsync, toHaveSpyInteractions.
describe('newer', () => {
  it('withArgs', () => {
    const s = jasmine.createSpy('s');
    s.withArgs(1).and.returnValue('one');
    s.withArgs(2, { a: [1] }).and.callFake((x, o) => x + o.a[0]);
    s.and.returnValue('other');
    expect(s(1)).toBe('one');
    expect(s(2, { a: [1] })).toBe(3);
    expect(s(3)).toBe('other');
    expect(s(1)).toBe('two');
    expect(s).toHaveBeenCalledTimes(4);
  });
  it('withArgs without a default strategy', () => {
    const s = jasmine.createSpy('picky');
    s.withArgs('a').and.returnValue(1);
    expect(s('a')).toBe(1);
    s('b', [2]);
  });
  it('withArgs and asymmetric arguments', () => {
    const s = jasmine.createSpy('asym');
    s.withArgs(jasmine.any(Number)).and.returnValue('number');
    s.withArgs(jasmine.stringMatching(/^x/)).and.throwError('no x');
    expect(s(5)).toBe('number');
    expect(() => s('xy')).toThrowError('no x');
  });
  it('withArgs on spyOn', () => {
    const o = { f: (x) => x * 2 };
    spyOn(o, 'f').and.callThrough();
    o.f.withArgs(0).and.returnValue(-1);
    expect(o.f(0)).toBe(-1);
    expect(o.f(4)).toBe(8);
    expect(o.f.withArgs(0).and.identity).toBe('f');
  });
  it('custom spy strategy', () => {
    jasmine.addSpyStrategy('doubled', (n) => () => n * 2);
    const s = jasmine.createSpy('c');
    s.and.doubled(21);
    expect(s()).toBe(42);
    expect(() => jasmine.createSpy('d').and.doubled(1)).not.toThrow();
    jasmine.addSpyStrategy('broken', () => 1);
    expect(() => jasmine.createSpy('e').and.broken()).toThrowError('Spy strategy must return a function');
  });
  it('default spy strategy', () => {
    jasmine.setDefaultSpyStrategy((and) => and.returnValue('dflt'));
    expect(jasmine.createSpy('x')()).toBe('dflt');
    expect(jasmine.createSpyObj('o', ['m']).m()).toBe('dflt');
  });
  it('default spy strategy ends with its spec', () => {
    expect(jasmine.createSpy('y')()).toBeUndefined();
  });
  it('respy', () => {
    const o = { f: () => 1 };
    spyOn(o, 'f');
    expect(() => spyOn(o, 'f')).toThrowError(/has already been spied upon/);
    jasmine.getEnv().allowRespy(true);
    expect(spyOn(o, 'f')).toBe(o.f);
    jasmine.getEnv().allowRespy(false);
  });
  it('createSpy of a function, new and length', () => {
    function Named(a, b) { this.v = a + b; }
    Named.extra = 'kept';
    const s = jasmine.createSpy(Named).and.callThrough();
    expect(s.and.identity).toBe('Named');
    expect(s.length).toBe(2);
    expect(s.extra).toBe('kept');
    expect(new s(1, 2).v).toBe(3);
    const r = jasmine.createSpy('r').and.returnValue({ made: true });
    expect(new r()).toEqual({ made: true });
  });
  it('toHaveSpyInteractions', () => {
    const o = jasmine.createSpyObj('o', ['a', 'b']);
    expect(o).toHaveSpyInteractions();
    o.a(); o.a(); o.b();
    expect(o).not.toHaveSpyInteractions();
    expect(() => expect({}).toHaveSpyInteractions()).toThrowError(/no spies/);
  });
  it('throwUnless passes', () => {
    throwUnless(1).toBe(1);
    throwUnless([1, 2]).toContain(2);
    throwUnless(1).not.toBe(2);
  });
  it('throwUnless fails', () => {
    throwUnless({ a: 1 }).toEqual({ a: 2 });
    expect(1).toBe(1);
  });
  it('throwUnless is not an expectation', () => {
    let err;
    try { throwUnless(1).withContext('ctx').toBe(2); } catch (e) { err = e; }
    expect(err.matcherName).toBe('toBe');
    expect(err.passed).toBe(false);
    expect(err.message).toBe('ctx: Expected 1 to be 2.');
    expect(err.expected).toBe(2);
    expect(err.actual).toBe(1);
    expect(err instanceof Error).toBe(true);
  });
  it('throwUnless after a failed expectation', () => {
    expect(1).toBe(2);
    throwUnless('a').toMatch(/b/);
  });
  it('throwUnlessAsync', async () => {
    await throwUnlessAsync(Promise.resolve(1)).toBeResolvedTo(1);
    await throwUnlessAsync(Promise.resolve(1)).toBeRejected();
  });
});
