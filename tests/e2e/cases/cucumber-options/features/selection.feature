Feature: Selection and modes
  Scenario: alpha passes
    Given a pending step here
    And a step that nobody defined

  Scenario: beta fails
    Given a failing step here

  Scenario: gamma passes
    Given a passing step here
