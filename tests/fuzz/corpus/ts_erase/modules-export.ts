const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
export interface Exported { a: number }
export type Also = string;
export declare const ambient: number;
export const real = 'real';
export default class Main { static tag = 'main' }
export { real as renamed };
show('exports', [real, Main.tag]);
