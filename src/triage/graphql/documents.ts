// Temporary: replaced by the generated documents.
export const triageDocuments = { sweep: '', details: '', item: '', labels: '' };
