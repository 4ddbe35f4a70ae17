// The envelope most of the actions' queries share: GraphQL's budget first at the root (the shared Budget fragment,
// which every query selects so that the answer keeps the client's account of it current), then one repository by
// owner and name, null when it does not exist or the token cannot see it. The generated modules
// (`npm run graphql:write`, tools/graphql/documents.ts) write such a query with `RepositoryAnswer<{ … }>` and
// `repositoryQuery(facts, { … }, text)`, naming only what it selects of the repository: the same text, type and
// answer check as writing the envelope out.
import { budgetFragment, type BudgetFragment } from './queries/documents';
import { graphqlDocument, nullable, object, type DocumentFacts, type ShapeFields } from './shape-builders';

/** The answer of a query that selects the budget and one repository: `R` is what it selects of the repository. */
export type RepositoryAnswer<R> = { repository: R | null } & BudgetFragment;

/** A query of the budget and one repository: `facts.spreads` are the fragments it spreads besides Budget. */
export function repositoryQuery<TData, TVariables>(facts: DocumentFacts, repository: ShapeFields, text: string) {
  return graphqlDocument<TData, TVariables>(
    { ...facts, spreads: [budgetFragment, ...facts.spreads] },
    object({ ...budgetFragment.fields, repository: nullable(object(repository)) }),
    text,
  );
}
