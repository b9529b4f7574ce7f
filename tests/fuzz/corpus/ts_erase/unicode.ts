const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
const café: string = 'crème brûlée';
const emoji: `${string}😀` = '1😀';
type Ünïcode = { 'ключ': number };
const o: Ünïcode = { 'ключ': 1 };
show('unicode', [café, emoji, o['ключ']]);
