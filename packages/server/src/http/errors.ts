import { Status, type StatusCode } from '@moneybox/contract';

/** A business outcome other than success: answered as HTTP 200 `{ status, ...extra }`. */
export class ApiError extends Error {
  constructor(
    readonly status: StatusCode,
    readonly extra: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? `status ${status}`);
  }
}

export const fail = (status: StatusCode, extra?: Record<string, unknown>, message?: string): never => {
  throw new ApiError(status, extra, message);
};

/** Thrown inside a transaction to roll it back and answer a status. */
export function refuse(status: StatusCode, extra?: Record<string, unknown>): never {
  throw new ApiError(status, extra);
}

export { Status };
