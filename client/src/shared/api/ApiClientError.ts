import type { ApiError } from '@pos/contracts';

/** Thrown by `http` for every non-2xx answer and for network failures (status 0). */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly statusMessage: string;

  constructor(init: { status: number; code: string; message: string; statusMessage: string }) {
    super(init.message);
    this.name = 'ApiClientError';
    this.status = init.status;
    this.code = init.code;
    this.statusMessage = init.statusMessage;
  }

  static fromBody(status: number, statusText: string, body: unknown): ApiClientError {
    const shape = (body && typeof body === 'object' ? body : {}) as Partial<ApiError>;
    return new ApiClientError({
      status,
      code: typeof shape.code === 'string' ? shape.code : `HTTP_${status}`,
      message: typeof shape.message === 'string' ? shape.message : '',
      statusMessage: typeof shape.statusMessage === 'string' ? shape.statusMessage : statusText,
    });
  }
}

export function isApiClientError(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError;
}
