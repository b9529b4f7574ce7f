const using = 1
{ using r = f() }
async function g() { for (await using x of y) {} }
