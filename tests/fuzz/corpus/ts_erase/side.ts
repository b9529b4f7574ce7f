(globalThis as any).sideEffects = ((globalThis as any).sideEffects ?? 0) + 1;
export type OnlyType = { a: number };
export interface AlsoType { b: string }
export const value = 7;
