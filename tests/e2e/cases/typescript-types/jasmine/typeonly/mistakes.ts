// Deliberate mistakes in jasmine specs: each must be a type error. Type-checked only.
export function mistakes(): void {
  const client = { fetchUser: (id: number) => id };
  // @ts-expect-error no such method to spy on
  spyOn(client, 'fetchUsers');
  // @ts-expect-error returnValue must match the spied function's return type
  spyOn(client, 'fetchUser').and.returnValue('one');
  // @ts-expect-error toHaveStatus takes a number
  expect({ status: 200, headers: {} }).toHaveStatus('200');
  // @ts-expect-error mocha's context() is not a jasmine global
  context('x', () => {});
  // @ts-expect-error jasmine has no toBeCalled
  expect(client.fetchUser).toBeCalled();
  // @ts-expect-error the helper's matcher takes a role
  expect({ role: 'x' }).toHaveRole();
  // @ts-expect-error expectAsync matchers return promises (no toBe)
  expectAsync(Promise.resolve(1)).toBe(1);
}
