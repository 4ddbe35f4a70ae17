// Temporary: replaced by the generated documents.
export const triageDocuments = { openIssues: '', openPulls: '', details: '', item: '', labels: '' };
