export const value = 1;

@decorated
export class Decorated {}
