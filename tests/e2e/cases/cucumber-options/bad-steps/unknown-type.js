const { Given } = require('@cucumber/cucumber');
Given('a {colour} thing', function (c) {});
