Feature: A broken file
  Scenario: fine so far
    Given the users API is reset
  | a table | out of place |
  this line is not Gherkin
