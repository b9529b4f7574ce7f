// Steps against the test server with the global `api` (baseUrl from the config).
const { Given, When, Then } = require('@cucumber/cucumber');

function eq(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

Given('the users API is reset', async function () {
  const res = await api.post('/reset');
  eq(res.status < 300, true, 'reset');
});

When('I GET {string}', async function (path) {
  this.response = await api.get(path);
});

When('I POST to {string} with:', async function (path, body) {
  this.response = await api.post(path, JSON.parse(body));
});

Then('the status is {int}', function (status) {
  eq(this.response.status, status, 'status');
});

Then('the response has {int} users', function (n) {
  const data = this.response.data;
  eq((Array.isArray(data) ? data : data.users || data.items).length, n, 'users');
});

Then('the response field {string} is {string}', function (field, value) {
  eq(this.response.data[field], value, field);
});
