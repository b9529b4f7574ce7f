Feature: Parallel scenarios

  Scenario: first
    Given scenario "first" starts
    Then scenario "second" has started
    And my World is "first"

  Scenario: second
    Given scenario "second" starts
    Then scenario "first" has started
    And my World is "second"

  Scenario: third fails
    Given scenario "third" starts
    When it fails once "first" has started

  Scenario: fourth waits for a free slot
    Given scenario "fourth" starts
    Then scenario "third" has started
