Feature: Snippets of undefined steps
  Scenario: numbers and strings
    Given I have 3 apples and "red" pears

  Scenario: a float and a single-quoted string
    When I pay 12.50 for 'two' items

  Scenario: a data table
    Then the table is:
      | a |

  Scenario: a doc string
    Then the doc string is:
      """
      text
      """

  Scenario: characters to escape
    Then it's a {literal} with (parentheses) and a/slash

  Scenario: a custom type and a conjunction
    Given a passing step
    And the color is green and -7 is negative
