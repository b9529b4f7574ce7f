// A jasmine helper in TypeScript (jasmineOpts.helpers): a custom matcher, declared for the
// type checker by merging into jasmine.Matchers.
declare global {
  namespace jasmine {
    interface Matchers<T> {
      toHaveRole(role: string): void;
    }
  }
}

beforeAll(() => {
  jasmine.addMatchers({
    toHaveRole: (util) => ({
      compare(actual: { role?: string }, role: string) {
        const pass = util.equals(actual && actual.role, role);
        return { pass, message: `expected role ${role}, got ${actual && actual.role}` };
      },
    }),
  });
});

export {};
