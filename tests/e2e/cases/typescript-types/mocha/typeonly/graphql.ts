// Typed GraphQL uses (checked by tsc only: the global `graphql` needs a graphqlRunner).
import { gql, createGraphQLClient, GraphQLSubscriptionError, createQueryBuilder, type GraphQLResponse } from 'sonde';

interface UserData { user: { name: string } | null }

export async function graphqlUses(): Promise<void> {
  const doc = gql`query User($id: ID!) { user(id: $id) { name } }`;
  const res: GraphQLResponse<UserData> = await graphql.query<UserData>(doc, { id: '1' });
  if (res.hasErrors) console.log(res.errors?.[0]?.message);
  console.log(res.data.data?.user?.name, res.status, res.isSuccess);
  expect(res).toHaveNoGraphQLErrors();
  expect(res).toHaveGraphQLData('user.name', 'Ada');
  await graphql.mutate('mutation { reset }', undefined, { method: 'POST', timeout: 1000 });

  const client = createGraphQLClient({
    endpoint: 'http://127.0.0.1:4000/graphql',
    webSocket: { url: 'ws://127.0.0.1:4000/graphql', connectionParams: async () => ({ token: 't' }) },
    sse: { url: 'http://127.0.0.1:4000/graphql/stream', singleConnection: true },
  });
  const sub = client.subscribe<{ count: number }>('subscription { count(to: 3) }', {}, { transport: 'sse' });
  sub.onStateChange = (state) => console.log(state.toUpperCase());
  for await (const ev of sub) console.log(ev.data?.count);
  const events = await sub.take(2, { timeout: 500 });
  console.log(events.length, sub.state === 'closed');
  sub.unsubscribe();
  client.close();
  const err = new GraphQLSubscriptionError('lost', '1');
  console.log(err instanceof Error, createQueryBuilder().build().query);

  // @ts-expect-error transport is 'ws' or 'sse'
  client.subscribe('subscription { x }', {}, { transport: 'http' });
  // @ts-expect-error a subscription state is one of five names
  if (sub.state === 'open') console.log('never');
}
