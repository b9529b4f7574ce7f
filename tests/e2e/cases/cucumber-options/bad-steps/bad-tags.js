const { Before } = require('@cucumber/cucumber');
Before({ tags: '@a and' }, function () {});
