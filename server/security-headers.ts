/**
 * The security headers of every answer (docs/rules/http.md#security-headers): helmet's set with
 * our Content Security Policy, a Permissions-Policy that turns off what the site never uses, and
 * Cross-Origin-Resource-Policy relaxed only for what other sites may embed (pictures, the feed,
 * the icons). Also /.well-known/security.txt (RFC 9116).
 */
import type express from "express";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "~/platform/config.server";

/**
 * Where members' avatars come from: Steam's avatar CDN (GetPlayerSummaries' `avatarfull`, on
 * avatars.steamstatic.com and its akamai/cloudflare/fastly siblings, older ones on
 * steamcdn-a.akamaihd.net) and Google's profile pictures (`picture`, on lhN.googleusercontent.com).
 * docs/rules/accounts.md#social-sign-in: no other source can set an avatar.
 */
const AVATAR_IMAGE_SOURCES = [
  "https://*.steamstatic.com",
  "https://steamcdn-a.akamaihd.net",
  "https://*.googleusercontent.com",
] as const;

/** Google Analytics' collection hosts, only when analytics is configured (and consented to). */
const ANALYTICS_CONNECT_SOURCES = ["https://*.google-analytics.com", "https://*.analytics.google.com"] as const;

/**
 * Powerful features the site never uses, off for our pages and every frame in them. Only names
 * Chromium, Firefox and Safari know (an unknown one is a console error in Chromium). The
 * clipboard stays on (copying a referral link), and fullscreen for our own origin.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Answers other sites may load (a feed reader's pictures, a link preview, a favicon fetcher):
 * every picture under /images/ (uploaded and shipped), the RSS feed and the two icons. Pages
 * and everything else stay `same-origin`.
 */
const EMBEDDABLE = /^\/(?:images\/|blog\/rss\.xml$|favicon\.(?:ico|svg)$)/;

export function securityHeaders(cfg: Config): RequestHandler[] {
  const https = cfg.PUBLIC_URL.startsWith("https://");
  const gaOrigin = cfg.GA_MEASUREMENT_ID ? [cfg.GA_SCRIPT_ORIGIN] : [];
  const analyticsConnect = cfg.GA_MEASUREMENT_ID ? ANALYTICS_CONNECT_SOURCES : [];
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Development keeps Vite's HMR working; the policy is enforced in production.
      reportOnly: cfg.isDevelopment,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'", cfg.STEAM_OPENID_URL],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ...gaOrigin,
        ],
        "script-src-attr": ["'none'"],
        // Inline style attributes (React, Radix positioning) are allowed; inline scripts never are.
        "style-src": ["'self'", "'unsafe-inline'"],
        // Our own pictures, Steam's item images (STEAM_IMAGE_URL: a local fake in tests and
        // offline development), avatars, and what analytics loads when it is on.
        "img-src": [
          "'self'",
          "data:",
          "blob:",
          new URL(cfg.STEAM_IMAGE_URL).origin,
          ...AVATAR_IMAGE_SOURCES,
          ...gaOrigin,
          ...analyticsConnect,
        ],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...gaOrigin, ...analyticsConnect],
        "frame-src": ["'self'"],
        "manifest-src": ["'self'"],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  const extra: RequestHandler = (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (EMBEDDABLE.test(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  };
  return [policy, extra];
}

/** How long a served security.txt stays valid (RFC 9116 §2.5.5: less than a year is advised). */
const SECURITY_TXT_VALID_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. Made per request from
 * the configuration, so its Expires moves along while the site runs and never lapses unnoticed;
 * the contact is SUPPORT_EMAIL and the canonical address is under PUBLIC_URL.
 */
function securityTxt(cfg: Pick<Config, "PUBLIC_URL" | "SUPPORT_EMAIL">, now: Date = new Date()): string {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const expires = new Date(day + SECURITY_TXT_VALID_DAYS * 24 * 60 * 60 * 1000);
  return [
    `Contact: mailto:${cfg.SUPPORT_EMAIL}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    "Preferred-Languages: sv, en",
    `Canonical: ${new URL("/.well-known/security.txt", cfg.PUBLIC_URL).href}`,
    "",
  ].join("\n");
}

export function securityTxtHandler(cfg: Pick<Config, "PUBLIC_URL" | "SUPPORT_EMAIL">): RequestHandler {
  return (_req, res) => {
    res
      .status(200)
      .type("text/plain; charset=utf-8")
      .set("Cache-Control", "public, max-age=86400")
      .send(securityTxt(cfg));
  };
}
