// Security headers for a JSON API (helmet): nothing here is a page, so the strictest CSP; HSTS is left to
// the TLS-terminating proxy, which knows whether the service is reached over HTTPS.
import helmet from 'helmet';

export const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  strictTransportSecurity: false,
});
