// A typed client for the store's JSON API (docs/PRODUCT.md §7), shared by the client components.

export type ApiAnswer<T> = { success: boolean; error: boolean; message: string; data: T };

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** Field name → message, when the server named the fields at fault. */
    public readonly fields: Record<string, string> = {},
    /** A refusal's `data`, when the server sent what the caller needs to try again. */
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<ApiAnswer<T>> {
  const response = await fetch(path, {
    credentials: "same-origin",
    ...init,
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}), ...init?.headers },
  });
  let body: Partial<ApiAnswer<T>> & { errors?: Record<string, string> } = {};
  try {
    body = (await response.json()) as Partial<ApiAnswer<T>>;
  } catch {
    // A non-JSON answer (a proxy's error page) falls through to the status check.
  }
  if (!response.ok || body.success === false) {
    throw new ApiError(response.status, body.message || "An unexpected error occurred", body.errors ?? {}, body.data);
  }
  return body as ApiAnswer<T>;
}

/** A paged list answer: `data` is one page, `total` counts them all. */
export type ApiPage<T> = ApiAnswer<T[]> & { total: number };

export function fetchPage<T>(path: string): Promise<ApiPage<T>> {
  return request<T[]>(path) as Promise<ApiPage<T>>;
}

/** SWR's fetcher: the whole answer, or a thrown ApiError. */
export function fetchJson<T>(path: string): Promise<ApiAnswer<T>> {
  return request<T>(path);
}

export function postJson<T>(path: string, body: unknown, method: "POST" | "PUT" = "POST"): Promise<ApiAnswer<T>> {
  return request<T>(path, { method, body: JSON.stringify(body) });
}

export function deleteJson<T>(path: string): Promise<ApiAnswer<T>> {
  return request<T>(path, { method: "DELETE" });
}
