// Uses {flavour} before z-late-type.steps.js (loaded after this file) defines it: as in
// cucumber-js, expressions are built once every support file has loaded.
const { Given } = require('@cucumber/cucumber');
Given('a {flavour} flavour', function (f) {
  if (f !== 'VANILLA') throw new Error('flavour ' + f);
});
