/** An error whose status and message are meant for the caller (`{message}` body, the shape every error answer has). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
