const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
interface Named { name: string }
abstract class Animal implements Named {
  private static count = 0;
  protected readonly legs: number = 4;
  declare extra: string;
  abstract sound(): string;
  abstract readonly kind: string;
  constructor(public name: string, protected age?: number) { Animal.count++ }
  describe(): string { return `${this.name}/${this.kind}/${this.legs}/${this.sound()}/${this.age}` }
  static total(): number { return Animal.count }
}
class Dog extends Animal {
  readonly kind = 'dog';
  override legs = 4;
  constructor(name: string, private tricks: string[] = []) {
    super(name, 3);
  }
  sound(): string { return 'woof' + this.tricks.length }
}
class Bird extends Animal {
  kind!: string;
  sound() { return 'tweet' }
  [key: string]: unknown;
}
const d = new Dog('rex', ['sit']);
const b = new Bird('tweety');
b.kind = 'bird';
show('dog', d.describe());
show('bird', b.describe());
show('count', Animal.total());
show('keys', Object.keys(d).sort());
class Acc { #v = 0; get v(): number { return this.#v } set v(n: number) { this.#v = n * 2 } }
const acc = new Acc(); acc.v = 5;
show('acc', acc.v);
class Over { m(a: string): string; m(a: number): string; m(a: any): string { return typeof a } }
show('over', [new Over().m(1), new Over().m('s')]);
