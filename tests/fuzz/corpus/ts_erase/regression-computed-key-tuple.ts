import { E } from "e"; import { F } from "f";
type T = {
  a:
    [E]
  b: F |
    [E]
  c: 1
  [F]: 2
};
