// The URL paths of the label endpoints. Every segment built from a name (owner, repository, label) goes through
// core's `pathSegment`, so `.`/`..` can never walk the path and `/`, `?`, `#`, `%` stay inside their segment.
import { pathSegment } from '../core/names';
import type { RepositoryName } from '../core/names';

export const repositoryPath = (r: RepositoryName) => `/repos/${pathSegment(r.owner)}/${pathSegment(r.repo)}`;

export const labelsPath = (r: RepositoryName) => `${repositoryPath(r)}/labels`;

export const labelPath = (r: RepositoryName, name: string) => `${labelsPath(r)}/${pathSegment(name)}`;

export const issuesPath = (r: RepositoryName) => `${repositoryPath(r)}/issues`;

export const issueLabelsPath = (r: RepositoryName, issue: number) => `${issuesPath(r)}/${issue}/labels`;
