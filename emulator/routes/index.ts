// Every route of the emulator, API host and uploads host.
import type { Route } from '../http';
import { commentRoutes } from './comments';
import { contentRoutes } from './contents';
import { gitRoutes } from './git';
import { graphqlRoutes } from './graphql';
import { issueEventRoutes } from './issue-events';
import { issueRoutes } from './issues';
import { labelRoutes } from './labels';
import { metaRoutes } from './meta';
import { pullRoutes } from './pulls';
import { refRoutes } from './refs';
import { releaseRoutes } from './releases';
import { repoRoutes } from './repos';
import { searchRoutes } from './search';
import { uploadRoutes } from './uploads';

export const allRoutes: Route[] = [
  ...metaRoutes,
  ...repoRoutes,
  ...labelRoutes,
  // Literal segments before parameters: /issues/comments before /issues/:number.
  ...commentRoutes,
  ...issueRoutes,
  ...issueEventRoutes,
  ...pullRoutes,
  ...contentRoutes,
  ...gitRoutes,
  ...refRoutes,
  ...releaseRoutes,
  ...searchRoutes,
  ...uploadRoutes,
  ...graphqlRoutes,
];
