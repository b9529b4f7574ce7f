# language: en
@billing @api
Feature: Invoices
  Invoices are listed and paid through the API.

  Background:
    Given the API at "http://localhost:8080"

  Rule: an invoice is paid once

    @smoke
    Scenario Outline: paying <amount>
      Given an invoice of <amount> EUR
      When I POST "/invoices/<id>/pay" with
        """json
        {"amount": <amount>}
        """
      Then the status is <status>
      And the response matches
        | field  | value    |
        | status | paid\|ok |

      @eu
      Examples: euros
        | id | amount | status |
        | 1  | 10     | 200    |
        | 2  | 0      | 422    |
