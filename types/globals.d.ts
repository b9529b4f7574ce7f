// The globals every spec file, step file and helper gets from sonde, whatever the framework.
/// <reference path="./core.d.ts" />

declare global {
  /** The HTTP client (its name is apiRunner.globalName, `api` by default). */
  var api: Sonde.ApiClient;
  /** assertResponse(res).toHaveStatus(200).and.toHaveHeader('content-type') */
  var assertResponse: Sonde.AssertResponse;
  /** The GraphQL client: present when the config has a graphqlRunner section. */
  var graphql: Sonde.GraphQLClient;
  /** API mode's stub WebdriverIO browser (capabilities, options, pause, call, events). */
  var browser: Sonde.StubBrowser;
}
export {};
