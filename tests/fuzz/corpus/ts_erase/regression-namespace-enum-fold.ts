namespace A.B.C { export const c = 1 }
enum E { X = 1, Y = "y" }
enum F { P = E.X, Q, R = E.Y, S = F.P << 2, T = E.Z }
