import { loadedAt } from './lib/shapes';
import { AlsoType } from './lib/side';
const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
let x: AlsoType | undefined;
// Neither import is used as a value: TypeScript drops both, so ./lib/side never runs.
show('elided', [typeof x, (globalThis as any).sideEffects ?? 'none']);
