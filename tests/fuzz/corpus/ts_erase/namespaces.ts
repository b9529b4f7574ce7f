const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
namespace Geo {
  export const origin = { x: 0, y: 0 };
  const secret = 42;
  export function dist(p: { x: number; y: number }): number { return Math.hypot(p.x - origin.x, p.y - origin.y) + secret * 0 }
  export class Pt { constructor(public x: number, public y: number) {} }
  export interface Typed { t: string }
  export type Alias = number;
  export enum Dir { N, S }
  export namespace Inner { export const deep = 'deep' }
}
namespace A.B.C { export const abc = 'abc' }
namespace TypesOnly { export interface I { a: number } }
function Fn() { return 'fn' }
namespace Fn { export const extra = 'extra' }
show('geo', [Geo.dist(new Geo.Pt(3, 4)), Geo.Dir.S, Geo.Dir[0], Geo.Inner.deep, Object.keys(Geo).sort()]);
show('dotted', A.B.C.abc);
show('merged', [Fn(), Fn.extra]);
show('typesOnly', typeof (globalThis as any).TypesOnly);
