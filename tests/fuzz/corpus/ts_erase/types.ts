const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Getters<T> = { [K in keyof T as `get${Capitalize<string & K>}`]: () => T[K] };
type Elem<T> = T extends Array<infer U> ? U : never;
type Ctor = abstract new (...args: any[]) => object;
type Fn = { (x: number): string; prop: number };
interface Dict<T> { readonly [key: string]: T }
declare const declared: number;
declare function declaredFn(x: number): void;
declare global { interface Window { custom: string } }
declare module 'fake-module' { export const x: number }
const u: unique symbol = Symbol('u');
const j: Json = { a: [1, 'b', null] };
const e: Elem<number[]> = 5;
const d: Dict<number> = { a: 1 };
let kt: keyof typeof d = 'a';
show('types', [j, e, d, kt, typeof u]);
