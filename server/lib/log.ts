/** The smallest logger services use; Fastify's and pino's loggers fit it. */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Query parameters whose names say they carry a token, key, code, secret or password
 * (`token`, `api_token`, `access_token`, `apiKey`, `client_secret`, `otp_code`…): never logged.
 */
const SECRET_PARAM = /token|key|code|secret|passw(?:or)?d|pwd/i;
/** The calendar feed's address is its secret: /api/calendar/feed/<token>.ics. */
const FEED_PATH = /^(\/api\/calendar\/feed\/)(?!rotate(?:$|[/?]))[^/?]+?(\.ics)?(?=$|[?/])/i;

/** The URL with secret path segments and query values replaced by `[redacted]`, for logs. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(
    FEED_PATH,
    (_m, prefix: string, ext: string | undefined) => `${prefix}[redacted]${ext ?? ''}`,
  );
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent.
      }
      return SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request log line, with secrets in the URL redacted. */
export function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
