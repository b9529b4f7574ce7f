// Step definitions for features/users.feature. `api` is the global HTTP client; `this` is
// the scenario's World, fresh for every scenario, so a response stays with its scenario.
const { Given, When, Then } = require('@wdio/cucumber-framework');
const { assertResponse, expect } = require('sonde');

Given('the demo data is restored', async function () {
  await api.post('/reset');
});

Given('I use the token {string}', function (token) {
  this.headers = { Authorization: `Bearer ${token}` };
});

When('I request {string}', async function (path) {
  this.response = await api.get(path, { headers: this.headers });
});

When('I post to {string}:', async function (path, body) {
  this.response = await api.post(path, JSON.parse(body), { headers: this.headers });
});

Then('the response status is {int}', function (status) {
  assertResponse(this.response).toHaveStatus(status);
});

Then('the response field {string} is {string}', function (field, value) {
  expect(this.response.data[field]).toBe(value);
});

// A table's rows, each an object keyed by the header row.
Then('the response lists these users:', function (table) {
  const users = this.response.data.users || this.response.data;
  for (const expected of table.hashes()) {
    const found = users.find((u) => u.name === expected.name);
    expect(found).toBeDefined();
    expect(found.role).toBe(expected.role);
  }
});
