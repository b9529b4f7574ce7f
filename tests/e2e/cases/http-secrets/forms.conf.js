// The forms a secret takes in an echo (issue 13 item 4), in everything a run writes.
// API_TOKEN (set by case.sh) holds '"', '\', '/' and characters beyond ASCII.
exports.config = {
  runner: 'api',
  specs: ['./forms/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  outputDir: './forms-logs',
  apiRunner: {
    verbose: true,
    cookies: true,
    har: true,
    maskHeaders: ['X-Short'],
    headers: { Authorization: `Basic ${Buffer.from('qa-user:pw-basic-5150').toString('base64')}` },
  },
  reporters: [
    'spec',
    ['junit', { outputDir: './forms-reports/junit' }],
    ['allure', { outputDir: './forms-reports/allure', addConsoleLogs: true }],
    ['json', { outputDir: './forms-reports/json' }],
  ],
};
