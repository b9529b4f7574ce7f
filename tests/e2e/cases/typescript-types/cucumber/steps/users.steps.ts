// Step definitions in TypeScript: a typed World, typed step parameters, a parameter type,
// hooks, DataTable, from @wdio/cucumber-framework, @cucumber/cucumber and sonde.
import { Given, When, Then, Before, defineParameterType, World, type DataTable } from '@wdio/cucumber-framework';
import { setDefaultTimeout, setWorldConstructor, Status } from '@cucumber/cucumber';
import { assertResponse, expect, type ApiResponse } from 'sonde';

interface User { id: number; name: string; role: string }

class UsersWorld extends World<{ role: string }> {
  response?: ApiResponse<any>;
  created = 0;
  readonly kind = 'users';
}

setWorldConstructor(UsersWorld);

setDefaultTimeout(10000);

defineParameterType({
  name: 'userId',
  regexp: /\d+/,
  transformer: (s: string): number => Number(s),
});

Before(function (this: UsersWorld, scenario) {
  expect(typeof scenario.pickle.name).toBe('string');
  this.created = 0;
});

Given('the demo data is restored', async function () {
  await api.post('/reset');
});

When('I create the user {string} with email {string}', async function (this: UsersWorld, name: string, email: string) {
  this.response = await api.post<User>('/users', { name, email });
  this.created++;
});

When('I request {string}', async function (this: UsersWorld, path: string) {
  this.response = await api.get(path);
});

Then('the response status is {int}', function (this: UsersWorld, status: number) {
  assertResponse(this.response!).toHaveStatus(status);
});

Then("the new user has the world's role", function (this: UsersWorld) {
  expect(this.response).toHaveBodyProperty('role', this.parameters.role);
  expect(this.created).toBe(1);
  expect(this.kind).toBe('users');
});

Then('the response lists these users:', function (this: UsersWorld, table: DataTable) {
  const users: User[] = this.response!.data;
  for (const row of table.hashes()) {
    expect(users.find((u) => u.name === row.name)?.role).toBe(row.role);
  }
});

Then('a numbered user {userId} is {string}', async function (id: number, name: string) {
  const res = await api.get<User>(`/users/${id}`);
  expect(res.data.name).toBe(name);
  expect(Status.PASSED).toBe('PASSED');
});
