/** A setting or condition that stops the service from starting; its message is the one line printed. */
export class StartupError extends Error {
  override name = 'StartupError';
}
