# language: fr
Fonctionnalité: Langue française
  Contexte:
    Soit un compteur à 0

  Scénario: addition
    Quand j'ajoute 2 et 3
    Alors le compteur vaut 5

  Plan du scénario: addition de <a>
    Quand j'ajoute <a> et 1
    Alors le compteur vaut <r>

    Exemples:
      | a | r |
      | 1 | 2 |
      | 5 | 7 |
