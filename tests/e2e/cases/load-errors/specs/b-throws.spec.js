describe('setup', () => {});
const settings = undefined;
settings.load();
