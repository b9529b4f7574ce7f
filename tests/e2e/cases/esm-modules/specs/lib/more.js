export const more = 'more';
// `export *` does not re-export a default.
export default 'not re-exported';
