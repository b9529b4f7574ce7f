Feature: Step statuses
  Scenario: an undefined step
    Given a step that nobody defined with "quoted" text and 42 items
    Then this step is skipped

  Scenario: an ambiguous step
    Given an ambiguous step

  Scenario: a pending step
    Given a pending step
    Then this step is skipped

  Scenario: a failing step
    Given a step that throws
    Then this step is skipped

  Scenario: a step that times out
    Given a step that never resolves

  Scenario: a callback step
    Given a callback step
    And an async step
