@hooks
Feature: Hooks and the World
  Scenario: hooks wrap a scenario
    Given the world remembers "first"
    Then the world still has "first"

  @tagged
  Scenario: tagged hooks run for tagged scenarios only
    Given the world remembers "second"
    Then the world still has "second"

  Scenario: a fresh World for each scenario
    Then the world has nothing remembered
