Feature: broken

  Scenario: one
    Given a passing step

  Oops: not gherkin
  @tag
