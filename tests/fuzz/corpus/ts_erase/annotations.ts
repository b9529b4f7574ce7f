const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
let a: number = 1, b: string = 'two', c!: boolean;
const list: Array<{ id: number; tags?: readonly string[] }> = [{ id: 1 }, { id: 2, tags: ['x'] }];
let fn: (x: number, y?: number) => number = (x, y = 1) => x * y;
let tuple: [name: string, age?: number, ...rest: boolean[]] = ['a', 1, true];
let u: string | number | undefined = undefined;
c = true;
show('vars', [a, b, c, u, fn(3), fn(3, 4), tuple]);
show('list', list.map((i: { id: number }) => i.id));
function opt(this: void, x?: number, ...rest: string[]): string { return `${x}:${rest.join('+')}` }
show('opt', [opt(), opt(1, 'a', 'b')]);
try { throw new Error('e') } catch (err: unknown) { show('catch', (err as Error).message) }
