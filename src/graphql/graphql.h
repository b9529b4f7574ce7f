/* graphql: the GraphQL client of spec files: the global named by graphqlRunner.globalName
 * (default `graphql`) when the config has a graphqlRunner section and runner 'api', and
 * createGraphQLClient / gql / GraphQLSubscriptionError for require('sonde'). The client
 * is src/jslib/graphql.js; this file gives it its natives (the realm's api client, the
 * event-stream handles of streams.c) and installs it.
 *
 * Memory: `cfg` is borrowed and must outlive the runtime; nothing else is kept. */
#ifndef SONDE_GRAPHQL_GRAPHQL_H
#define SONDE_GRAPHQL_GRAPHQL_H

#include "config/config.h"
#include "js/runtime.h"

/* Defines the global on every realm `rt` creates from now on, from cfg->json as it is when
 * the realm is made (a realm made before the config is loaded gets nothing). */
void graphql_register(js_runtime_t *rt, const sonde_config_t *cfg);
/* Adds createGraphQLClient, gql, GraphQLSubscriptionError and wdio-api-runner's helpers
 * (createQueryBuilder, extendWithGraphQL, createSubscriptionManager, create*Subscription) to a
 * module's exports. */
void graphql_export(js_realm_t *realm, JSObjectRef exports);

#endif
