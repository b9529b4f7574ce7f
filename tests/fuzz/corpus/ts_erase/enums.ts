const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
enum Color { Red, Green = 5, Blue }
enum Str { A = 'a', B = 'b' }
const enum Bits { None = 0, One = 1 << 0, Two = 1 << 1, Both = One | Two, Neg = -One, Inv = ~Two }
enum Mixed { X = 1, Y = X * 10, Z = 'z'.length + Y }
enum Quoted { 'with space' = 1, plain }
enum Computed { R = Math.floor(2.5), S = 4 }
enum Color { Purple = 10 }
show('color', [Color.Red, Color.Green, Color.Blue, Color[6], Color.Purple]);
show('colorKeys', Object.keys(Color));
show('str', Str);
show('bits', [Bits.None, Bits.One, Bits.Two, Bits.Both, Bits.Neg, Bits.Inv]);
show('mixed', Mixed);
show('quoted', Quoted);
show('computed', Computed);
