@hooks
Feature: Hooks
  @before-fails
  Scenario: a failing Before hook skips the steps
    Given a passing step

  @after-fails
  Scenario: a failing After hook fails a passed scenario
    Given a passing step

  @beforestep-fails
  Scenario: a failing BeforeStep hook
    Given a passing step
    Then a passing step

  @afterstep-fails
  Scenario: a failing AfterStep hook
    Given a passing step
    Then a passing step

  Scenario: hooks see the World
    Given the world was set up by Before
