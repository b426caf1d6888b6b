import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("email-confirmation", "routes/email-confirmation.tsx"),
  // Anything else: the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
