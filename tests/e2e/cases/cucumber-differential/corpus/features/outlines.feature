Feature: Outlines and backgrounds
  Background:
    Given a counter at 0

  Scenario Outline: adding <a> and <b>
    When I add <a> and <b>
    Then the counter is <sum>

    @small
    Examples: small
      | a | b | sum |
      | 1 | 2 | 3   |
      | 2 | 2 | 5   |

    @large
    Examples: large
      | a   | b   | sum  |
      | 100 | 200 | 300  |

  Rule: the rule has its own background
    Background:
      Given I add 10 and 0

    Scenario: inside the rule
      Then the counter is 10

    Example: a second one
      When I add 1 and 1
      Then the counter is 12
