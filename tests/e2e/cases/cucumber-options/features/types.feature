Feature: Parameter types
  Scenario: a custom type and a regexp
    Given a color red and another blue
    And the amount is 12.5 EUR
    Then a regexp step captures "abc" and 7
    And big numbers 123456789012345678901234567890 and 1.50
    And a vanilla flavour

  Scenario: flaky passes on the second attempt
    Given a flaky step

  Scenario: an async uncaught error
    Given a step whose timer throws
    Then this step is skipped
