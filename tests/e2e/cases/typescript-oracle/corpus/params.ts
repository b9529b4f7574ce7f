const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
function f({ a, b = 'dflt' }: { a: number; b?: string } = { a: 1 }, [c, ...d]: number[] = [9]): string {
  return `${a}${b}${c}${d.length}`;
}
const g = ({ k }: { k: number }, ...rest: Array<number>): number => k + rest.length;
function h(this: { v: number }, n?: number): number { return this.v + (n ?? 0) }
show('params', [f(), f({ a: 2, b: 'x' }, [1, 2, 3]), g({ k: 1 }, 2, 3), h.call({ v: 4 }, 1)]);
const entries = Object.entries({ x: 1, y: 2 }) as [string, number][];
const out: string[] = [];
for (const [k, v] of entries as Array<[string, number]>) out.push(k + v);
for (let i: number = 0; i < 2; i++) out.push(String(i));
show('loops', out);
