const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
namespace Counter {
  export let count = 0;
  export var total: number = 10;
  export function inc(by: number = 1): number { count += by; total += by; return count }
}
Counter.inc(); Counter.inc(2);
show('counter', [Counter.count, Counter.total, Counter.inc()]);
namespace Shapes {
  export namespace Circle { export const area = (r: number): number => Math.round(Math.PI * r * r) }
  export enum Kind { Round = 'round' }
}
show('nested', [Shapes.Circle.area(2), Shapes.Kind.Round]);
class Merged { v = 1 }
namespace Merged { export const helper = 'helper' }
show('classMerge', [new Merged().v, Merged.helper]);
enum Level { Low }
namespace Level { export function parse(s: string): Level { return (Level as any)[s] } }
show('enumMerge', Level.parse('Low'));
