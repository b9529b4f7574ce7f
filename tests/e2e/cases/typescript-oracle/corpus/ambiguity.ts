const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
const calls: unknown[] = [];
const a = (x: unknown) => { calls.push(x); return 'called' }, b = 1, c = 2;
// TypeScript reads `a < b > (c)` as a call with a type argument, and so must sonde.
const r1 = (a as any) < b > (c);
const r2 = b < c;
const r3 = b < c > false;
const r4 = [b < c, c > b];
const arrowInTernary = b ? (x: number): number => x + 1 : null;
const objArrow = <T,>(v: T) => ({ v });
show('ambiguity', [r1, r2, r3, r4, calls, arrowInTernary!(1), objArrow(3)]);
let x = 5
let y = x
;(x as number)++
show('asi', [x, y]);
const re = (x as any) / 2 / 1;
show('division', re);
const d = { async: 1, get: 2, set: 3, type: 4, declare: 5, abstract: 6, readonly: 7 };
show('keywords', d);
