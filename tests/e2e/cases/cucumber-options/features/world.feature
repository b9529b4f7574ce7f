@world
Feature: World parameters and modules
  Scenario: the World has the parameters
    Given the world parameters say "e2e"
    And the support module ran first

  Scenario: a wrapped step
    Given a wrapped step
