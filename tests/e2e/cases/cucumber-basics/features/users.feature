@api
Feature: Users API
  The demo API against the test server, in the style of an API feature file.

  Background:
    Given the users API is reset

  @smoke
  Scenario: listing the users
    When I GET "/users"
    Then the status is 200
    And the response has 3 users

  Scenario: creating a user from a JSON doc string
    When I POST to "/users" with:
      """json
      {"name": "Grace Hopper", "email": "grace@example.com", "role": "admin"}
      """
    Then the status is 201
    And the response field "name" is "Grace Hopper"

  Scenario Outline: reading user <id>
    When I GET "/users/<id>"
    Then the status is <status>

    @found
    Examples: existing
      | id | status |
      | 1  | 200    |
      | 2  | 200    |

    @missing
    Examples: missing
      | id  | status |
      | 999 | 404    |

  Rule: validation
    Scenario: an invalid email is refused
      When I POST to "/users" with:
        """
        {"name": "X", "email": "not-an-email"}
        """
      Then the status is 400
      And the response field "code" is "VALIDATION_ERROR"
