let a: number = 1;
const b: Array<Map<string, number>> = [];
let c!: string;
function f(x: number, y?: string): boolean { return true }
function g(this: Foo, x: number) {}
function h(this: Foo) {}
const k = (x: number): string => String(x);
const l = async <T>(x: T): Promise<T> => x;
const m = <T,>(x: T) => x;
const n = <T>(x: T) => x;
const o = <any>window;
f<string>(x);
new Map<string, number>();
a < b > (c);
a < b && c > d;
a < b > c;
const inst = makeBox<string>;
tag<T>`hello ${x}`;
x as any as string;
const cfg = { a: 1 } as const;
const s = obj satisfies Shape;
x!.y!.z;
x! = 5;
if (a! && b) {}
class C { private x: number; protected y?: string; public z!: boolean; readonly r = 1; static override q = 2; }
class D extends B<string> implements I, J<K> { override m(): void {} }
abstract class E { abstract m(): void; abstract p: number; n() {} }
class F { declare x: number; [key: string]: unknown; static [k: number]: string; }
class G { m(a: string): void; m(a: number): void; m(a: any) {} }
class H { constructor(private a: number, public readonly b: string) {} }
class I2 extends Base { constructor(public a: number) { super(a); this.go(); } }
class J { get v(): number { return 1 } set v(x: number) {} }
class K<T extends object = {}> { m<U>(u: U): T | U { return u } }
function over(a: string): string;
function over(a: number): number;
function over(a: any) { return a }
export function eover(a: string): void;
export function eover(a: any) {}
declare const dc: number;
declare function df(): void;
declare module 'foo' { export const x: number; }
declare global { interface Window { y: string } }
declare namespace DN { const z: number }
interface Iface<T> extends Base<T> { a: string; m(): void }
type Alias<T> = T extends string ? 'a' : { [K in keyof T]?: T[K] };
type Tpl = `prefix-${string}`;
type Fn = (a: number, ...rest: string[]) => void;
type Ctor = abstract new (...args: any[]) => object;
type Tup = [first: string, second?: number, ...rest: boolean[]];
type U1 = typeof import('./x');
type Uniq = { readonly k: unique symbol };
function isStr(x: unknown): x is string { return typeof x === 'string' }
function assertStr(x: unknown): asserts x is string {}
function assertOk(x: unknown): asserts x {}
let kk: keyof typeof obj;
import type { A1 } from './a';
import type Def from './a';
import { type B1, C1 } from './b';
use(C1);
import { type D1 } from './d';
import E1, { F1 } from './e';
use(E1, F1);
import * as NSI from './ns';
import './side';
import x1 = require('./x');
x1();
import type x2 = require('./x');
export type { T1 } from './t';
export type * from './t';
export { type T2, v2 } from './t';
export interface EI { a: number }
export type ET = number;
export declare const edc: number;
export = Foo;
enum E2 { A, B, C }
enum E3 { A = 1, B = A << 1, C = A | B, D = "d", E = D + "e" }
const enum E4 { X = 10, Y }
export enum E5 { P = 'p' }
enum E6 { A = Math.random(), B = 2 }
enum E7 { 'a-b' = 1, c }
namespace N1 { export const a = 1, b = 2; const c = 3; }
namespace N2.Inner { export function f() {} }
namespace N3 { export interface T {} export type U = number }
module M1 { export class K {} }
export namespace N4 { export enum E { A } }
try {} catch (e: unknown) {}
for (const x of xs as number[]) {}
let fn2 = function <T>(this: any, a: T): T { return a };
const obj2 = { m<T>(a: T): T { return a }, get g(): number { return 1 }, async *gen(): AsyncGenerator<number> {} };
const arrow2 = async (x): Promise<void> => {};
let opt = a?.b!.c;
let cond = a ? (b) : c;
let cond2 = a ? (b): string => b : c;
let un: string | undefined, inter: A & B;
let gen: Array<Array<number>>= [];
function dflt<T = string>(a: T = 'x' as T) {}
let re = /ab+c/gi.test(s as string);
let tl = `a${b as string}c${d!}`;
x = y as unknown as number;
export default interface DI { a: number }
export abstract class AB { abstract x(): void }
label: for (;;) break label;
let q2 = (a as any)<b>(c);
