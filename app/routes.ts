import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  // Support and legal pages
  route("faq", "routes/faq.tsx"),
  route("kontakta-oss", "routes/kontakta-oss.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("integritetspolicy", "routes/integritetspolicy.tsx"),
  route("anvandarvillkor", "routes/anvandarvillkor.tsx"),
  route("trade-protection", "routes/trade-protection.tsx"),
  // Anything else: the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
