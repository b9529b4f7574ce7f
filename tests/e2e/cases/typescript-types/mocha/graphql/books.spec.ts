// Typed GraphQL against the test server's books endpoint: the global client, gql, typed
// results, the GraphQL checks of expect and assertResponse, an SSE subscription, and a
// client of createGraphQLClient.
import { gql, createGraphQLClient, assertResponse, type GraphQLResponse, type Subscription } from 'sonde';

interface Book { id: string; title: string; author?: string }

describe('typed GraphQL', () => {
  it('queries with typed data', async () => {
    const BOOKS = gql`query Books { books { id title } }`;
    expect(BOOKS.operationName).toBe('Books');
    const res: GraphQLResponse<{ books: Book[] }> = await graphql.query<{ books: Book[] }>(BOOKS);
    expect(res.isSuccess).toBe(true);
    expect(res.errors).toEqual([]);
    expect(res.data.data?.books[0].title).toBe('Dune');
    assertResponse(res).toHaveStatus(200).and.toHaveNoGraphQLErrors().and.toHaveGraphQLData('books[0].title', 'Dune');
  });

  it('reports errors as results', async () => {
    const res = await graphql.request('{ bestseller { title } }', undefined, { method: 'POST' });
    expect(res.hasErrors).toBe(true);
    expect(res.errors[0].message).toMatch(/bestseller/);
    expect(res).toHaveGraphQLError(/Cannot query field/);
  });

  it('subscribes over SSE with a second client', async () => {
    const client = createGraphQLClient({
      endpoint: `${api.getBaseUrl()}/graphql`,
      sse: { url: `${api.getBaseUrl()}/graphql/stream` },
    });
    const states: string[] = [];
    const sub: Subscription<{ countdown: number }> = client.subscribe<{ countdown: number }>(
      'subscription Countdown { countdown(from: 2) }', {}, { transport: 'sse' });
    sub.onStateChange = (state) => states.push(state);
    const counts: number[] = [];
    for await (const event of sub) counts.push(event.data?.countdown ?? -1);
    expect(counts).toEqual([2, 1]);
    expect(sub.closed).toBe(true);
    client.close();
  });
});
