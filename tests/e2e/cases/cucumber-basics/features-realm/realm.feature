Feature: Config hooks in the spec file's realm
  Scenario: the hooks and the steps share globals
    Given the scenario hook set a global
    Then a step sets a global for the after hook
