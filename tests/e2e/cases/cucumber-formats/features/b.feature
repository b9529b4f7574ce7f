@tagged
Feature: Beta

  Scenario: pending with an image
    Given a passing step
    And it attaches an image
    And it attaches a stream and links
    And a pending step
