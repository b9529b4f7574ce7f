export const double = (x) => x * 2;
export const triple = (x) => x * 3;
