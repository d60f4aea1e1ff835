/**
 * Headers every answer carries (set once by the pipeline, http/pipeline.ts): no sniffing, no
 * framing, no referrer leaks, no powerful browser features, and a Content-Security-Policy the built
 * client runs under: scripts only from this origin (no inline scripts, no eval), sockets to this
 * origin's host over ws:/wss: (the Colyseus rooms) and to wallet bridges over wss:, workers from
 * blob: URLs (PixiJS decodes images in one).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The Content-Security-Policy of one answer of the app page: <style> elements the client adds
 * (Radix dialogs lock the page's scrolling with one) are let in only with that page's nonce.
 */
export function appPageContentSecurityPolicy(styleNonce: string): string {
  return CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' 'nonce-${styleNonce}'`);
}

/** Browser features the casino never uses, turned off for it and anything it embeds. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()";

/** Headers every answer carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "Permissions-Policy": PERMISSIONS_POLICY,
};

/** Strict-Transport-Security, sent only on answers served over HTTPS (directly or per the trusted proxy). */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/** The security headers of one answer: HSTS is added when the request came over HTTPS. */
export function securityHeadersFor(secure: boolean): Readonly<Record<string, string>> {
  return secure ? { ...SECURITY_HEADERS, "Strict-Transport-Security": HSTS_HEADER } : SECURITY_HEADERS;
}
