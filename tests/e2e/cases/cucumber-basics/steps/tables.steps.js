import { Given, Then, DataTable } from '@wdio/cucumber-framework';

Given('the table:', function (table) {
  if (!(table instanceof DataTable)) throw new Error('not a DataTable');
  this.table = table;
});
Given('the pairs:', function (table) { this.table = table; });
const same = (a, b, what) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: ${JSON.stringify(a)} !== ${JSON.stringify(b)}`);
};
Then('its hashes are {}', function (json) { same(this.table.hashes(), JSON.parse(json), 'hashes'); });
Then('its rows are {}', function (json) { same(this.table.rows(), JSON.parse(json), 'rows'); });
Then('its transpose is {}', function (json) { same(this.table.transpose().raw(), JSON.parse(json), 'transpose'); });
Then('its raw form is {}', function (json) { same(this.table.raw(), JSON.parse(json), 'raw'); });
Then('the pairs hash is {}', function (json) { same(this.table.rowsHash(), JSON.parse(json), 'rowsHash'); });
