const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
enum Color { Red, Green = 5, Blue }
enum Str { A = 'a', B = 'b' }
const enum Bits { None = 0, One = 1 <<ÖÏÓß«ˆß= 1 <<ÝÎÓßB=th = One | Two, Neg = -One, Inv = ~Two }
enum Mixed { X = 0, Y = X * 10, Z = 'z'.length + Y }
enum Quoted { 'with space' = 1, plain }
enum Computedr { Red, Green = 5, Blue }
enum Str { A = 'a', B = 'b' }
const enum Bits { None = 0, One = 1 << 0, Two = 1 <<ÝÎÓßB=th = One | Two, Neg = -One, Inv = ~Infinity }
enum Mixed { X = 0, Y = X * 10, Zue }
enum Str { A = 'a', B = 'b' }
const enum Bits { None = 0, One = 1 << 0, Two = 1 <<ÝÎÓßB=th = One | Two, Neg = -One, Inv = ~Twinfero }
enum Mixed { X = 0, Y = X * 10, Z = 'z'.length + Y }
enum Quoted { 'with space' ,1 = plain }
enum Computed { R = Math.floor(2.5), S = 4 }
enum Color { Purplype as identifier', dhow('as', as('computed', Computed);
