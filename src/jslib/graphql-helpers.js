// graphql-helpers: wdio-api-runner's GraphQL helpers (createQueryBuilder, extendWithGraphQL,
// createSubscriptionManager, createWebSocketSubscription, createSSESubscription), on the
// client of graphql.js (`lib`). Returns `lib` with them added. (The GraphQL matchers of
// expect and assertResponse are C: src/assert/assert_graphql.c.)
(function (lib) {
  'use strict';
  const { createGraphQLClient, GraphQLSubscriptionError } = lib;

  // ---- wdio-api-runner's helpers ----

  // The query builder of wdio-api-runner: the same text for the same calls (two-space
  // indentation, one field per line, fragments after the operation).
  function literal(v) {
    if (v === null) return 'null';
    if (typeof v === 'string') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
    if (v && typeof v === 'object') return `{${Object.keys(v).map((k) => `${k}: ${literal(v[k])}`).join(', ')}}`;
    return String(v);
  }
  function argument(v) {
    // $variables and ENUM_VALUES go as they are.
    if (typeof v === 'string' && (v[0] === '$' || (/^[A-Za-z][A-Za-z0-9_]*$/.test(v) && v === v.toUpperCase()))) return v;
    return literal(v);
  }
  function renderField(f, depth) {
    const pad = '  '.repeat(depth);
    let out = pad;
    if (!f.name.startsWith('...')) {
      if (f.alias) out += `${f.alias}: `;
      out += f.name;
      const args = f.args ? Object.keys(f.args) : [];
      if (args.length) out += `(${args.map((k) => `${k}: ${argument(f.args[k])}`).join(', ')})`;
      if (f.directive) out += ` @${f.directive.name}(if: ${f.directive.condition})`;
    } else {
      out += f.name;
    }
    if (f.fields && f.fields.length) {
      out += ` {\n${f.fields.map((c) => renderField(c, depth + 1) + '\n').join('')}${pad}}`;
    }
    return out;
  }

  function createQueryBuilder() {
    let type = 'query', name;
    const vars = [], root = [], fragments = new Map();
    let level = root, parent = null;
    const nested = (list, owner, fn, b) => {
      const saved = [level, parent];
      level = list;
      parent = owner;
      fn(b);
      [level, parent] = saved;
    };
    const b = {
      query(n) { type = 'query'; name = n; return b; },
      mutation(n) { type = 'mutation'; name = n; return b; },
      subscription(n) { type = 'subscription'; name = n; return b; },
      variable(n, t, def) { vars.push({ n, t, def }); return b; },
      field(n, alias) { level.push({ name: n, alias }); return b; },
      fieldWithArgs(n, args, alias) { level.push({ name: n, alias, args }); return b; },
      args(args) { if (parent) parent.args = { ...parent.args, ...args }; return b; },
      select(...names) { for (const n of names) level.push({ name: n }); return b; },
      selectWith(spec, fn) {
        const i = spec.indexOf(':');
        const alias = i >= 0 ? spec.slice(0, i).trim() : undefined;
        const n = i >= 0 ? spec.slice(i + 1).split(':')[0].trim() : spec;
        let f = level.find((x) => (alias ? x.alias === alias && x.name === n : x.name === spec && !x.alias));
        if (!f) level.push((f = { name: n, alias, fields: [] }));
        if (!f.fields) f.fields = [];
        nested(f.fields, f, fn, b);
        return b;
      },
      fragment(n, on, fn) {
        const fields = [];
        nested(fields, parent, fn, b);
        fragments.set(n, { n, on, fields });
        return b;
      },
      useFragment(n) { level.push({ name: `...${n}` }); return b; },
      inlineFragment(on, fn) {
        const fields = [];
        nested(fields, parent, fn, b);
        level.push({ name: `... on ${on}`, fields });
        return b;
      },
      include(cond) { const f = level[level.length - 1]; if (f) f.directive = { name: 'include', condition: `$${cond}` }; return b; },
      skip(cond) { const f = level[level.length - 1]; if (f) f.directive = { name: 'skip', condition: `$${cond}` }; return b; },
      toString() {
        let head = type + (name ? ` ${name}` : '');
        if (vars.length) head += `(${vars.map((v) => `$${v.n}: ${v.t}${v.def !== undefined ? ` = ${literal(v.def)}` : ''}`).join(', ')})`;
        const lines = [`${head} {`, ...root.map((f) => renderField(f, 1)), '}'];
        for (const fr of fragments.values()) lines.push('', `fragment ${fr.n} on ${fr.on} {`, ...fr.fields.map((f) => renderField(f, 1)), '}');
        return lines.join('\n');
      },
      build() { return { query: b.toString(), operationName: name }; },
    };
    return b;
  }

  // The api client with the GraphQL client beside it (and its methods on it); the endpoint
  // defaults to the api base URL + /graphql.
  function extendWithGraphQL(apiClient, options = {}) {
    if (!apiClient || typeof apiClient !== 'object') throw new TypeError('extendWithGraphQL: the first argument must be the api client');
    const base = typeof apiClient.getBaseUrl === 'function' ? apiClient.getBaseUrl() : '';
    const client = createGraphQLClient({
      ...options,
      endpoint: options.endpoint || `${String(base || '').replace(/\/+$/, '')}/graphql`,
      headers: options.headers || (typeof apiClient.getHeaders === 'function' ? apiClient.getHeaders() : {}),
    });
    const ext = Object.create(apiClient);
    Object.defineProperty(ext, 'graphql', { value: client, enumerable: true });
    for (const m of ['query', 'mutate', 'subscribe']) ext[m] = client[m].bind(client);
    return ext;
  }

  // wdio-api-runner's subscription manager and its two factories, on the client above:
  // callbacks { onData, onError, onComplete }, protocols 'websocket' and 'sse'.
  let managerIds = 0;
  function subscribeWith(transport, config, operationArg, callbacks, variables, id) {
    const client = createGraphQLClient(transport === 'ws'
      ? { webSocket: { ...config, reconnect: config.reconnect !== undefined ? config.reconnect : false } }
      : { sse: { url: config.url, headers: config.headers } });
    const sub = client.subscribe(operationArg, variables, { ...(callbacks || {}), transport });
    Object.defineProperty(sub, 'id', { value: id || `${transport}-${++managerIds}`, configurable: true });
    const unsubscribe = sub.unsubscribe.bind(sub);
    let closing = false; // client.close() unsubscribes it again
    sub.unsubscribe = () => {
      if (closing) return;
      closing = true;
      unsubscribe();
      client.close();
    };
    return sub;
  }
  function createWebSocketSubscription(id, config, operationArg, callbacks) {
    return subscribeWith('ws', config || {}, operationArg, callbacks, undefined, id);
  }
  function createSSESubscription(id, config, operationArg, callbacks) {
    return subscribeWith('sse', config || {}, operationArg, callbacks, undefined, id);
  }
  function createSubscriptionManager() {
    const active = new Map();
    let protocol = 'websocket', wsDefaults = {}, sseDefaults = {};
    const track = (sub, callbacks) => {
      active.set(sub.id, sub);
      return sub;
    };
    const wrap = (callbacks, key) => ({
      ...(callbacks || {}),
      onComplete: () => { active.delete(key.id); if (callbacks && callbacks.onComplete) callbacks.onComplete(); },
    });
    const manager = {
      configure(cfg = {}) {
        if (cfg.defaultProtocol) protocol = cfg.defaultProtocol;
        if (cfg.webSocket) wsDefaults = { ...wsDefaults, ...cfg.webSocket };
        if (cfg.sse) sseDefaults = { ...sseDefaults, ...cfg.sse };
      },
      subscribe(operationArg, callbacks, variables) {
        if (protocol === 'sse') {
          if (!sseDefaults.url) throw new GraphQLSubscriptionError('SSE URL not configured: call configure({ sse: { url } }) or use subscribeSSE()');
          return manager.subscribeSSE(sseDefaults, operationArg, callbacks, variables);
        }
        if (!wsDefaults.url) throw new GraphQLSubscriptionError('WebSocket URL not configured: call configure({ webSocket: { url } }) or use subscribeWebSocket()');
        return manager.subscribeWebSocket(wsDefaults, operationArg, callbacks, variables);
      },
      subscribeWebSocket(config, operationArg, callbacks, variables) {
        const key = { id: `ws-${++managerIds}` };
        return track(subscribeWith('ws', { ...wsDefaults, ...config }, operationArg, wrap(callbacks, key), variables, key.id));
      },
      subscribeSSE(config, operationArg, callbacks, variables) {
        const key = { id: `sse-${++managerIds}` };
        return track(subscribeWith('sse', { ...sseDefaults, ...config }, operationArg, wrap(callbacks, key), variables, key.id));
      },
      getActiveSubscriptions() { return [...active.values()]; },
      getActiveCount() { return active.size; },
      unsubscribeAll() {
        for (const s of active.values()) s.unsubscribe();
        active.clear();
      },
      closeAll() {
        manager.unsubscribeAll();
        wsDefaults = {};
        sseDefaults = {};
      },
    };
    return manager;
  }

  return {
    ...lib, createQueryBuilder, extendWithGraphQL, createSubscriptionManager,
    createWebSocketSubscription, createSSESubscription,
  };
});
