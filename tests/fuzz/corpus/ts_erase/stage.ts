// An enum, a const enum and a function with overloads, imported by the config and specs.
export enum Stage {
  Prepare = 1,
  Run,
  Report = Run * 10,
}

export const enum Level {
  Low = 'low',
  High = 'high',
}

export function stageName(stage: Stage): string;
export function stageName(stage: number): string;
export function stageName(stage: Stage | number): string {
  return Stage[stage] ?? `stage ${stage}`;
}

export function level(n: number): Level {
  return n > 5 ? Level.High : Level.Low;
}
