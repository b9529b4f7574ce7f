const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
function id<T>(x: T): T { return x }
const arrow = <T,>(x: T): T[] => [x, x];
const arrow2 = <T extends object>(x: T) => Object.keys(x);
const a = 1, b = 2, c = 3;
const f = (x: number) => x + 100;
show('calls', [id<number>(5), arrow<string>('s'), arrow2<{ q: 1 }>({ q: 1 })]);
show('compare', [a < b, a < b && c > b, (a < b) > false]);
show('ambiguous', [f < (b as any) || 0, id < (c as any)]);
const m = new Map<string, Array<number>>([['k', [1]]]);
show('map', [...m.entries()]);
class Box<T> { constructor(public v: T) {} get<U = T>(fn: (v: T) => U): U { return fn(this.v) } }
show('box', new Box<number>(4).get<string>((n) => `n${n}`));
const make = id<string>;
show('inst', make('i'));
function tag<T>(s: TemplateStringsArray, ...v: T[]): string { return s.join('|') + v.length }
show('tagged', tag<number>`a${1}b${2}c`);
