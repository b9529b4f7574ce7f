@users
Feature: Users of the demo API
  The demo API keeps a list of users; creating one needs a name, a valid email and a role.

  Background:
    Given the demo data is restored

  Scenario: the seeded users are listed
    When I request "/users"
    Then the response status is 200
    And the response lists these users:
      | name           | role  |
      | Ada Lovelace   | admin |

  Scenario: a user is created from a JSON body
    When I post to "/users":
      """json
      { "name": "Grace Hopper", "email": "grace@example.com", "role": "admin" }
      """
    Then the response status is 201
    And the response field "email" is "grace@example.com"

  Scenario Outline: an invalid user is refused (<reason>)
    When I post to "/users":
      """json
      { "name": "<name>", "email": "<email>", "role": "<role>" }
      """
    Then the response status is 400
    And the response field "code" is "VALIDATION_ERROR"

    Examples:
      | reason        | name | email         | role  |
      | bad email     | Bob  | not-an-email  | user  |
      | unknown role  | Bob  | bob@example.com | owner |

  @auth
  Scenario: the protected resource wants the token
    Given I use the token "secret-token"
    When I request "/protected"
    Then the response status is 200

  # Left out by cucumberOpts.tags ('not @wip') until its steps exist.
  @wip
  Scenario: a user is renamed
    When I rename user 1 to "Ada King"
    Then the response status is 200
