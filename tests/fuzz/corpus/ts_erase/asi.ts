const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
let a = 1
let b: number = 2
const c = a
;[a, b] = [b, a]
const re = /x+/g.exec('axxb')
const d = a
  + b
let e = 'x' as string
const type = 'type as identifier', declare = 'declare', namespace = 'namespace', abstract = 1
show('asi', [a, b, c, re && re[0], d, e, type, declare, namespace, abstract])
let as = 1; as = as + 1
show('as', as)
