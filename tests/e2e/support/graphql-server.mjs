// The reference GraphQL server of the e2e cases: the protocols' own implementations from
// the npm registry (graphql-js for the schema, graphql-http for GraphQL over HTTP,
// graphql-ws + ws for graphql-transport-ws, graphql-sse for GraphQL over SSE), plus a
// small server of the legacy Apollo protocol (subscriptions-transport-ws, subprotocol
// "graphql-ws") and plain WebSocket / event-stream endpoints for the web classes.
// Bound to 127.0.0.1 on a free port, which it prints as "listening <port>". Every
// connection and subscription is logged to stdout ("ws-connect /path", ...), so cases can
// count reconnections from the log.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { buildSchema, execute, subscribe, parse, validate, GraphQLError } from 'graphql';
import { createHandler as httpHandler } from 'graphql-http/lib/use/http';
import { createHandler as sseHandler } from 'graphql-sse/lib/use/http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';

const schema = buildSchema(`
  type User { id: ID!, name: String! }
  type Query {
    hello(name: String): String
    user(id: ID!): User
    users: [User!]!
    boom: String
    slow(ms: Int!): String
    whoami: String
  }
  type Mutation { addUser(name: String!): User! }
  type Subscription {
    count(to: Int!, delay: Int): Int
    ticks: Int
    greetings(names: [String!]!): String
  }
`);

const users = [{ id: '1', name: 'Ada' }, { id: '2', name: 'Linus' }];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rootValue = {
  hello: ({ name }) => `Hello, ${name || 'world'}!`,
  user: ({ id }) => users.find((u) => u.id === id) || null,
  users: () => users,
  boom: () => { throw new GraphQLError('Boom!', { extensions: { code: 'BOOM' } }); },
  slow: async ({ ms }) => { await sleep(ms); return 'slow'; },
  whoami: (args, ctx) => (ctx && ctx.user) || 'anonymous',
  addUser: ({ name }) => {
    const u = { id: String(users.length + 1), name };
    users.push(u);
    return u;
  },
  count: async function* ({ to, delay }) {
    for (let i = 1; i <= to; i++) {
      if (delay) await sleep(delay);
      yield { count: i };
    }
  },
  ticks: async function* () {
    for (let i = 1; ; i++) {
      await sleep(5);
      yield { ticks: i };
    }
  },
  greetings: async function* ({ names }) {
    for (const n of names) yield { greetings: `Hi ${n}` };
  },
};

// Resolvers on the schema itself, so every server library runs them the same way
// (root values are passed differently by each).
for (const [typeName, fields] of [['Query', ['hello', 'user', 'users', 'boom', 'slow', 'whoami']], ['Mutation', ['addUser']]]) {
  const type = schema.getType(typeName).getFields();
  for (const f of fields) type[f].resolve = (src, args, ctx) => rootValue[f](args, ctx);
}
for (const f of ['count', 'ticks', 'greetings']) {
  const field = schema.getType('Subscription').getFields()[f];
  field.subscribe = (src, args) => rootValue[f](args);
  field.resolve = (payload) => payload[f];
}

function log(line) {
  process.stdout.write(line + '\n');
}
const authOk = (req) => req.headers.authorization === 'Bearer secret';

const graphqlHttp = httpHandler({ schema });
const graphqlHttpAuth = httpHandler({ schema, context: () => ({ user: 'admin' }) });
const graphqlSse = sseHandler({ schema });

function handle(req, res) {
  const url = new URL(req.url, 'http://x');
  log(`http ${req.method} ${url.pathname}`);
  if (url.pathname === '/graphql') return graphqlHttp(req, res);
  if (url.pathname === '/graphql-auth') {
    if (!authOk(req.raw || req)) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ errors: [{ message: 'Unauthorized' }] }));
    }
    return graphqlHttpAuth(req, res);
  }
  if (url.pathname === '/graphql/stream') return graphqlSse(req, res);
  if (url.pathname === '/graphql/stream-auth') {
    if (req.headers['x-token'] !== 'secret') {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('no token');
    }
    return graphqlSse(req, res);
  }
  if (url.pathname === '/events') return plainEvents(req, res, url);
  if (url.pathname === '/graphql/junk') { // a GraphQL-over-SSE server gone wrong
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    return res.end('event: next\ndata: {not json\n\n');
  }
  if (url.pathname === '/graphql/cut') { // one event, then the stream ends without "complete"
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    return res.end('event: next\ndata: {"data":{"count":1}}\n\n');
  }
  if (url.pathname === '/not-events') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{}');
  }
  res.writeHead(404);
  res.end();
}
const server = http.createServer(handle);

// /events?n=3&close=1: a plain event stream: a comment, a retry, n events with ids (the
// first after Last-Event-ID when the client sent one), a named event; close=1 ends the
// response after them (the client reconnects), otherwise it stays open.
let eventConnections = 0;
function plainEvents(req, res, url) {
  eventConnections++;
  const last = req.headers['last-event-id'];
  log(`sse-connect ${eventConnections} last=${last || '-'} auth=${req.headers['x-token'] || '-'}`);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const n = Number(url.searchParams.get('n') || 3);
  const start = last ? Number(last) + 1 : 1;
  let body = ': hello\n\nretry: 50\n\n';
  for (let i = start; i < start + n; i++) body += `id: ${i}\ndata: event ${i}\ndata: line 2\n\n`;
  body += 'event: custom\ndata: {"named":true}\n\n';
  res.write(body);
  if (url.searchParams.get('close') === '1') res.end();
}

// graphql-transport-ws on /graphql (and /graphql-auth, which wants connectionParams
// { authToken: 'secret' }; /graphql-drop, see onNext).
const wssModern = new WebSocketServer({ noServer: true });
let dropped = false;
useServer({
  schema,
  onConnect: (ctx) => {
    const path = ctx.extra.request.url;
    log(`ws-connect ${path} params=${JSON.stringify(ctx.connectionParams || {})}`);
    if (path === '/graphql-auth' && (!ctx.connectionParams || ctx.connectionParams.authToken !== 'secret')) return false;
    return true;
  },
  onSubscribe: (ctx, id, payload) => { log(`ws-subscribe ${payload.operationName || '-'}`); },
  onNext: (ctx, id, payload, args, result) => {
    // /graphql-drop: the first connection is cut (no close frame) after the third event.
    if (ctx.extra.request.url === '/graphql-drop' && !dropped && result && result.data && result.data.count === 3) {
      dropped = true;
      setTimeout(() => ctx.extra.socket.terminate(), 10);
    }
  },
  // Named from the document: the client sends no operationName with a subscription.
  onComplete: (ctx, id, payload) => {
    const m = payload && /^\s*subscription\s+(\w+)/.exec(payload.query || '');
    log(`ws-complete ${m ? m[1] : '-'}`);
  },
  onPing: (ctx) => { log(`ws-ping ${ctx.extra.request.url}`); },
}, wssModern, 200); // WebSocket pings every 200 ms: a client that does not pong by the next
// ping is cut off (50 ms, tried first, cut sonde's socket when a loaded machine delayed one pong)

// graphql-transport-ws on /graphql-long, pinging every second: the memory runs' streams of
// 100 000 events last seconds, and a busy machine could delay one pong past the 200 ms of
// /graphql (the server would then cut the socket, and the stream start again).
const wssLong = new WebSocketServer({ noServer: true });
useServer({ schema }, wssLong, 1000);

// The legacy protocol (subscriptions-transport-ws), written for these tests from its
// message list: connection_init → connection_ack (+ ka), start → data... → complete, stop,
// connection_terminate.
const wssLegacy = new WebSocketServer({ noServer: true, handleProtocols: (p) => (p.has('graphql-ws') ? 'graphql-ws' : false) });
wssLegacy.on('connection', (socket) => {
  log('legacy-connect');
  const ops = new Map();
  const send = (m) => socket.send(JSON.stringify(m));
  socket.on('message', async (raw) => {
    const msg = JSON.parse(String(raw));
    if (msg.type === 'connection_init') {
      log(`legacy-init ${JSON.stringify(msg.payload || {})}`);
      send({ type: 'connection_ack' });
      send({ type: 'ka' });
    } else if (msg.type === 'start') {
      const document = parse(msg.payload.query);
      const errors = validate(schema, document);
      if (errors.length) return send({ type: 'error', id: msg.id, payload: errors.map((e) => ({ message: e.message })) });
      const isSub = document.definitions.some((d) => d.operation === 'subscription');
      const args = { schema, document, variableValues: msg.payload.variables };
      if (!isSub) {
        send({ type: 'data', id: msg.id, payload: await execute(args) });
        return send({ type: 'complete', id: msg.id });
      }
      const it = await subscribe(args);
      ops.set(msg.id, it);
      for await (const result of it) send({ type: 'data', id: msg.id, payload: result });
      if (ops.has(msg.id)) send({ type: 'complete', id: msg.id });
      ops.delete(msg.id);
    } else if (msg.type === 'stop') {
      const it = ops.get(msg.id);
      ops.delete(msg.id);
      if (it && it.return) it.return();
      log('legacy-stop');
    } else if (msg.type === 'connection_terminate') {
      socket.close();
    }
  });
});

// Plain WebSockets for the WebSocket class: /echo echoes, "close" makes the server close
// with 4000, "drop" terminates the socket, "binary" answers 3 bytes, "headers" answers the
// handshake's x-token header and subprotocol.
const wssPlain = new WebSocketServer({ noServer: true, handleProtocols: (p) => (p.has('chat') ? 'chat' : false) });
wssPlain.on('connection', (socket, req) => {
  log(`echo-connect ${req.headers['x-token'] || '-'}`);
  socket.on('message', (data, isBinary) => {
    const s = String(data);
    if (!isBinary && s === 'close') return socket.close(4000, 'bye from server');
    if (!isBinary && s === 'drop') return socket.terminate();
    if (!isBinary && s === 'binary') return socket.send(Buffer.from([1, 2, 3]));
    if (!isBinary && s === 'headers') return socket.send(`token=${req.headers['x-token'] || '-'} protocol=${socket.protocol}`);
    socket.send(data, { binary: isBinary });
  });
  socket.on('close', (code, reason) => log(`echo-close ${code} ${req.headers['x-token'] || '-'} ${reason}`));
});

// /raw?mode=frame|json: a graphql-transport-ws server gone wrong, written on the bare
// socket: it acks connection_init, then answers the subscribe with a masked frame (a
// protocol violation) or with a text message that is not JSON.
function rawServer(req, socket, mode) {
  const accept = crypto.createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
    `Sec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n`);
  const text = (t) => Buffer.concat([Buffer.from([0x81, Buffer.byteLength(t)]), Buffer.from(t)]);
  let frames = 0;
  socket.on('data', () => {
    frames++;
    log(`raw-frame ${mode} ${frames}`);
    if (frames === 1) socket.write(text('{"type":"connection_ack"}'));
    else if (frames === 2 && mode === 'frame') socket.write(Buffer.from([0x81, 0x81, 1, 2, 3, 4, 0x79]));
    else if (frames === 2) socket.write(text('not json'));
  });
  socket.on('error', () => {});
}

function upgrade(req, socket, head) {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/raw') return rawServer(req, socket, new URL(req.url, 'http://x').searchParams.get('mode'));
  const wss = path === '/echo' ? wssPlain : path === '/legacy' ? wssLegacy : path === '/graphql-long' ? wssLong
    : path.startsWith('/graphql') ? wssModern : null;
  if (!wss) {
    socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
}
server.on('upgrade', upgrade);

// The same routes over TLS when GQL_TLS_DIR holds tls.key and tls.crt (a self-signed
// certificate made by graphql.sh): "tls-listening <port>", printed before "listening".
const tlsDir = process.env.GQL_TLS_DIR;
function listenPlain() {
  server.listen(0, '127.0.0.1', () => log(`listening ${server.address().port}`));
}
if (tlsDir && fs.existsSync(`${tlsDir}/tls.crt`)) {
  const tls = https.createServer({ key: fs.readFileSync(`${tlsDir}/tls.key`), cert: fs.readFileSync(`${tlsDir}/tls.crt`) }, handle);
  tls.on('upgrade', upgrade);
  tls.listen(0, '127.0.0.1', () => {
    log(`tls-listening ${tls.address().port}`);
    listenPlain();
  });
} else {
  listenPlain();
}
