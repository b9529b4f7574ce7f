export interface Shape { kind: string; area(): number }
export type Pair<A, B = A> = [first: A, second: B];
export enum Unit { Px = 'px', Em = 'em' }
export class Square implements Shape {
  readonly kind = 'square';
  constructor(public side: number) {}
  area(): number { return this.side ** 2 }
}
export function pair<A, B>(a: A, b: B): Pair<A, B> { return [a, b] }
export const loadedAt: string = 'shapes';
