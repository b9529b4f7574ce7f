// Node modules in a config: read at load time (fs, path, os, url), and a background
// process started in onPrepare and stopped in onComplete (child_process), as configs that
// start a server do.
const fs = require('node:fs');
const path = require('path');
const os = require('os');
const { spawn } = require('child_process');
const { fileURLToPath, pathToFileURL } = require('url');

const fixture = path.join(__dirname, 'fixtures', 'users.json');
const users = JSON.parse(fs.readFileSync(fixture, 'utf8'));
let server;

exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  async onPrepare() {
    const roundTrip = fileURLToPath(pathToFileURL(fixture)) === fixture;
    console.log(`N config users=${users.map((u) => u.name)} eol=${JSON.stringify(os.EOL)} tmp=${typeof os.tmpdir()} url=${roundTrip}`);
    server = spawn('sh', ['-c', 'echo ready; exec sleep 30']);
    server.stdout.setEncoding('utf8');
    const first = await new Promise((resolve) => server.stdout.once('data', resolve));
    console.log(`N server ${first.trim()} pid=${typeof server.pid}`);
  },
  async onComplete() {
    const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(`${code} ${signal}`)));
    server.kill();
    console.log(`N server stopped ${await exited} killed=${server.killed}`);
  },
};
