// An .mts helper, imported without its extension.
export const format = <T,>(label: string, value: T): string => `${label}=${String(value)}`;
