export const late = 'loaded late';
export default { lazy: true };
