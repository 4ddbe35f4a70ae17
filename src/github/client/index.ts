export { createClient, defaultGraphqlUrl, DEFAULT_API_URL, DEFAULT_API_VERSION, PROJECT, VERSION } from './client';
export {
  acceptedPermissions,
  ApiError,
  BudgetError,
  classifyError,
  isAlreadyExists,
  isApiError,
  isStatus,
  neededPermission,
  permissionFor,
  redactUrl,
  WriteLimitError,
} from './errors';
export type { ApiErrorDetail } from './errors';
export { classifyAnswer, type Answer, type AnswerKind, type Classification } from './answers';
export { WaitTooLongError } from './pacer';
export { costLine, usageRows, USAGE_COLUMNS, type ApiKind, type UsageRow } from './telemetry';
export { isStreamBody, streamingFetch, type WritableBody } from './streaming-fetch';
export type * from './types';
export { contentsText, readRepoFile, type RepoFile, type RepoFileRef } from './contents';
export {
  AnswerTooLargeError,
  IntegrityError,
  NetworkError,
  RedirectRefusedError,
  UntrustedOriginError,
  permanentCause,
} from './transport-errors';
export type { ClientRetry, RetryRunOptions } from './retry-runner';
export { defineWrites, type LostAnswerRule, type WriteRule } from './write-rules';
export { declared, defineReads, type DeclaredShape, type RequestDeclaration } from './declared';
export type {
  AnswerShape,
  GraphqlData,
  GraphqlDocument,
  GraphqlRunOptions,
  GraphqlVariables,
  ScalarFormat,
} from '../graphql/document';
export {
  GraphqlError,
  GraphqlUnavailableError,
  isGraphqlUnavailable,
  type GraphqlErrorEntry,
  type GraphqlUnavailableReason,
} from '../graphql/errors';
