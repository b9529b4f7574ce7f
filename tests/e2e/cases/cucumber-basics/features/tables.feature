Feature: Data tables
  Scenario: every form of a table
    Given the table:
      | name  | age |
      | alice | 30  |
      | bob   | 41  |
    Then its hashes are [{"name":"alice","age":"30"},{"name":"bob","age":"41"}]
    And its rows are [["alice","30"],["bob","41"]]
    And its transpose is [["name","alice","bob"],["age","30","41"]]

  Scenario: a table of pairs
    Given the pairs:
      | host | example.com |
      | port | 8080        |
    Then the pairs hash is {"host":"example.com","port":"8080"}

  Scenario: escapes in cells
    Given the table:
      | a \| b | c\\d |
    Then its raw form is [["a | b","c\\d"]]
