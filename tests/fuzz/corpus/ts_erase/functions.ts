const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
function over(a: string): string;
function over(a: number): number;
function over(a: any): any { return a }
function isStr(x: unknown): x is string { return typeof x === 'string' }
function assertNum(x: unknown): asserts x is number { if (typeof x !== 'number') throw new Error('nan') }
const asyncFn = async <T,>(x: T): Promise<T> => x;
function* gen<T>(items: T[]): Generator<T, void, unknown> { yield* items }
const o = {
  m<T>(this: { k: number }, a: T): string { return `${this.k}${a}` },
  get g(): number { return 1 },
  k: 3,
};
let v: unknown = 5;
assertNum(v);
show('fns', [over('a'), over(1), isStr('x'), isStr(1), v + 1, [...gen<number>([1, 2])], o.m<string>('z'), o.g]);
asyncFn<string>('async').then((r) => show('async', r));
const cond = true ? (x: number): number => x * 2 : null;
show('cond', cond!(21));
const t = false ? (1) : (2);
show('paren', t);
