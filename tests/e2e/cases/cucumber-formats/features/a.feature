Feature: Alpha & <beta>

  Scenario: passing with output
    Given a passing step
    When it attaches "some <text>"
    Then it logs "a line"

  Scenario: failing
    Given a passing step
    When a step fails
    Then a passing step

  Scenario: undefined
    Given a passing step
    And a step nobody wrote with 3 cukes

  Scenario Outline: rows <n>
    Given the number <n>

    Examples:
      | n |
      | 1 |
      | 2 |
