Feature: Asynchronous steps
  Scenario: promise and callback
    Given an async step
    And a callback step
    And a callback step that passes pending

  Scenario: a rejected promise
    Given a rejecting step
    Then a passing step

  Scenario: a callback with an error
    Given a callback step with an error
    Then a passing step

  Scenario: a step over its timeout
    Given a slow step
    Then a passing step

  Scenario: a timer that throws
    Given a step whose timer throws
    Then a passing step
