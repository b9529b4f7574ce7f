# language: fr
Fonctionnalité: x
  Scénario: y
    Soit a
    Et b
