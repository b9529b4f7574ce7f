# language: fr
Fonctionnalité: Calculs
  Scénario: une addition
    Soit le nombre 2
    Quand j'ajoute 3
    Alors le résultat est 5
