// A bare HTTP helper for the emulator's own tests (no client policies in the way).

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  o: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    redirect?: 'manual' | 'follow' | 'error';
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = {
    'user-agent': 'emulator-test',
    accept: 'application/vnd.github+json',
    ...(o.headers ?? {}),
  };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    redirect: o.redirect ?? 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* raw */
  }
  return { status: res.status, headers: res.headers, body, text };
}
