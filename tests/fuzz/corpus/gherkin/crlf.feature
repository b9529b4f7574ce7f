Feature: crlf
  Scenario: s
    * a step
      ```
      doc
      ```
      | a |
