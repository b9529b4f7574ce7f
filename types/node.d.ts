// A few of the Node globals sonde provides (process, require, module, __dirname, ...), for
// projects without @types/node. Opt-in ("types": ["sonde-types", "sonde-types/node"]);
// leave it out when @types/node is installed, which declares the same names fully.

declare var process: {
  env: Record<string, string | undefined>;
  argv: string[];
  platform: string;
  pid: number;
  version: string;
  versions: Record<string, string>;
  exitCode: number | undefined;
  cwd(): string;
  exit(code?: number): never;
  hrtime: { (time?: [number, number]): [number, number]; bigint(): bigint };
  memoryUsage(): { rss: number; heapTotal: number; heapUsed: number; external: number };
  nextTick(fn: (...args: any[]) => void, ...args: any[]): void;
  on(event: string, listener: (...args: any[]) => void): unknown;
};
declare var require: { (id: string): any; resolve(id: string): string; cache: Record<string, unknown> };
declare var module: { exports: any; id: string; filename: string };
declare var exports: any;
declare var __filename: string;
declare var __dirname: string;
