Feature: Step statuses
  Scenario: all pass
    Given a passing step
    When a passing step
    Then a passing step

  Scenario: a failure skips the rest
    Given a passing step
    When a failing step
    Then a passing step

  Scenario: pending
    Given a pending step
    Then a passing step

  Scenario: skipped by the step
    Given a step that returns skipped
    Then a passing step

  Scenario: undefined after pending
    Given a pending step
    And an undefined step here
    Then a passing step

  Scenario: undefined first
    Given an undefined step here
    And a failing step

  Scenario: ambiguous
    Given an ambiguous step
    Then a passing step

  Scenario: a failure then an undefined step
    Given a failing step
    And an undefined step here
