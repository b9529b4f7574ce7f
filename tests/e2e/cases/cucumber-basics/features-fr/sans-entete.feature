Fonctionnalité: Sans en-tête de langue
  Scénario: une addition en français
    Soit le nombre 4
    Quand j'ajoute 1
    Alors le résultat est 5
