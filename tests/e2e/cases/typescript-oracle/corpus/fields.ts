const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
class P {
  a = (this as any).x;
  declare d: number;
  plain: string | undefined;
  static readonly S: number = 3;
  constructor(public x = 1, readonly y?: string) {}
  has(): boolean[] { return ['d' in this, 'plain' in this, 'x' in this, 'y' in this] }
}
const p = new P();
show('fields', [p.a, p.x, p.has(), Object.keys(p), P.S]);
class Base { constructor(public id: number) {} }
class Child extends Base {
  tag = 'child';
  constructor(id: number, public extra: string) {
    super(id * 10);
  }
}
const ch = new Child(2, 'e');
show('derived', [ch.id, ch.extra, ch.tag, Object.keys(ch)]);
const Anon = class<T> implements Iterable<T> {
  constructor(private items: T[]) {}
  *[Symbol.iterator](): Iterator<T> { yield* this.items }
};
show('classExpr', [...new Anon<number>([1, 2])]);
class Fluent { n = 0; add(k: number): this { this.n += k; return this } }
show('this', new Fluent().add(2).add(3).n);
class Stat { static count: number; static { Stat.count = 7 } }
show('static', Stat.count);
