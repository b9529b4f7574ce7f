// Steps for the feature file case.sh writes with NULs in it: the arguments (a captured
// NUL, a doc string, a data table cell) come to JavaScript whole, as in cucumber-js.
const { Given, When } = require('@cucumber/cucumber');

Given(/^a st(.)ep$/, function (c, doc) {
  console.log('args:', JSON.stringify([c, doc]));
});

When('a table', function (table) {
  console.log('table:', JSON.stringify(table.raw()));
});
