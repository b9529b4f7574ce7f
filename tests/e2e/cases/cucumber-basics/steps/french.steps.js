const { Given, When, Then } = require('@cucumber/cucumber');
Given('le nombre {int}', function (n) { this.n = n; });
When("j'ajoute {int}", function (n) { this.n += n; });
Then('le résultat est {int}', function (n) {
  if (this.n !== n) throw new Error(`${this.n} != ${n}`);
});
