// GraphQL queries, a mutation and a subscription with sonde's client.
const { gql } = require('sonde');

const BOOKS = gql`
  query Books {
    books { id title }
  }
`;

describe('the books API over GraphQL', () => {
  it('lists books', async () => {
    const res = await graphql.query(BOOKS);
    expect(res.status).toBe(200);
    expect(res).toHaveNoGraphQLErrors();
    expect(res).toHaveGraphQLData('books[0].title', 'Dune');
  });

  it('reads one book with variables and an alias', async () => {
    const res = await graphql.query(gql`query One($id: ID!) { found: book(id: $id) { title author } }`, { id: '2' });
    expect(res).toHaveGraphQLData('found', { title: 'Solaris', author: 'Stanislaw Lem' });
  });

  it('adds a book', async () => {
    const res = await graphql.mutate(gql`mutation Add($title: String!) { addBook(title: $title) { id title } }`,
      { title: 'The Left Hand of Darkness' });
    expect(res.isSuccess).toBe(true);
    expect(res).toHaveGraphQLData('addBook.title', 'The Left Hand of Darkness');
  });

  it('reports GraphQL errors as results', async () => {
    const res = await graphql.query('{ bestseller { title } }');
    expect(res.hasErrors).toBe(true);
    expect(res).toHaveGraphQLError(/Cannot query field "bestseller"/);
  });

  it('counts down over a subscription', async () => {
    const sub = graphql.subscribe('subscription Countdown { countdown(from: 3) }');
    const events = [];
    for await (const event of sub) events.push(event.data.countdown);
    expect(events).toEqual([3, 2, 1]);
  });
});
