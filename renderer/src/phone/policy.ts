/**
 * The phone page's Content-Security-Policy (issue 44), as the laptop's server sends it with every
 * response: nothing unless named; the page's own scripts, styles and images (and data:/blob:
 * pictures it makes itself); connections only back to the laptop; no <base>, no forms, no framing.
 * No inline script or style: Svelte's style: directives set properties through the CSSOM, which
 * the policy allows.
 */
export const PHONE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The same policy for the built page's <meta> tag: `frame-ancestors` is left out, as browsers ignore it there and say so. */
export const PHONE_META_CONTENT_SECURITY_POLICY = PHONE_CONTENT_SECURITY_POLICY.split('; ')
  .filter((part) => !part.startsWith('frame-ancestors'))
  .join('; ');
