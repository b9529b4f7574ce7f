Feature: Typed step definitions

  Background:
    Given the demo data is restored

  Scenario: a user is created
    When I create the user "Typed Cucumber" with email "tc@example.com"
    Then the response status is 201
    And the new user has the world's role

  Scenario: users are listed
    When I request "/users"
    Then the response lists these users:
      | name         | role  |
      | Ada Lovelace | admin |
    And a numbered user 2 is "Grace Hopper"
