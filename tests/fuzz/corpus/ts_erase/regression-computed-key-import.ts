import { A } from "a"; import { C } from "c";
interface I { [A]: number; readonly [A.b]?: 1; [k: string]: unknown }
type M = { [K in C]: 1 };
declare class X { [C]: number }
