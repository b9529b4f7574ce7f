const f = <S extends object>(
  s: S,
  t?: number
): Array<
  S
> => [s]
const g = async (a: number)
  : Promise<number> => a
