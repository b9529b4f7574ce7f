Feature: Step arguments
  Scenario: tables
    Given the table has 2 data rows:
      | name  | age |
      | alice | 30  |
      | bob   | 41  |
    Then the rowsHash of this table has key "b":
      | a | 1 |
      | b | 2 |

  Scenario: doc strings
    Given the doc string has 2 lines:
      """
      first line
      second line
      """
    And the doc string is JSON with a "name":
      ```json
      {"name": "x"}
      ```

  Scenario: expressions
    Given I have 3 cucumbers in my belly
    And I have 1 cucumber in my stomach
    And the word is hello and the string is "a b" and the float is 1.5
    And the color is red
    And a regexp captures 42 and "quoted"

  Scenario: a transformer that throws
    Given the color is purple
