// Step definitions for ../../features/users.feature in TypeScript. `this` is the scenario's
// World, typed by the class given to setWorldConstructor.
import { Given, When, Then, World, setWorldConstructor, type DataTable } from '@wdio/cucumber-framework';
import { assertResponse, type ApiResponse } from 'sonde';
import type { User } from '../lib/users';

class DemoWorld extends World {
  headers: Record<string, string> = {};
  response?: ApiResponse;

  get lastResponse(): ApiResponse {
    if (!this.response) throw new Error('no request was made in this scenario');
    return this.response;
  }
}
setWorldConstructor(DemoWorld);

Given('the demo data is restored', async function (this: DemoWorld) {
  await api.post('/reset');
});

Given('I use the token {string}', function (this: DemoWorld, token: string) {
  this.headers = { Authorization: `Bearer ${token}` };
});

When('I request {string}', async function (this: DemoWorld, path: string) {
  this.response = await api.get(path, { headers: this.headers });
});

When('I post to {string}:', async function (this: DemoWorld, path: string, body: string) {
  this.response = await api.post(path, JSON.parse(body), { headers: this.headers });
});

Then('the response status is {int}', function (this: DemoWorld, status: number) {
  assertResponse(this.lastResponse).toHaveStatus(status);
});

Then('the response field {string} is {string}', function (this: DemoWorld, field: string, value: string) {
  expect(this.lastResponse).toHaveBodyProperty(field, value);
});

// A table's rows, each an object keyed by the header row.
Then('the response lists these users:', function (this: DemoWorld, table: DataTable) {
  const users: User[] = this.lastResponse.data;
  for (const row of table.hashes()) {
    expect(users).toContainEqual(expect.objectContaining({ name: row.name, role: row.role }));
  }
});
