// sonde's declarations for mocha suites (the default): the modules sonde, wdio-api-runner,
// @wdio/globals, @wdio/cucumber-framework and @cucumber/cucumber, the spec globals (api,
// assertResponse, graphql), mocha's describe/it/hooks and expect with the API matchers.
// For jasmine suites use jasmine.d.ts, for cucumber step files cucumber.d.ts instead.
/// <reference path="./mocha.d.ts" />
