const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
enum Http { Ok = 200, Created, NotFound = 404, Teapot = 0x1A2 }
enum Text { Hello = `hello`, World = 'wor' + 'ld' }
enum Ref { A = Http.Ok, B = A + 1, C = Text.Hello.length }
const enum Dir { Up = 1, Down = -Up, Left = Up << 2, Right = ~~Left }
function describe(h: Http): string { return Http[h] ?? 'unknown' }
show('http', [Http.Created, Http.Teapot, describe(Http.NotFound), describe(201)]);
show('text', Text);
show('ref', Ref);
show('dir', [Dir.Up, Dir.Down, Dir.Left, Dir.Right]);
let t: Http = Http.Ok;
show('typed', t);
