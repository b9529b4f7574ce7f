type R = ReturnType<<T>() => T>;
const k = f<<T>() => T>(x);
let m = a << 2, n = (y as number) <= 3, o = a <<= 1;
