import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  route("auth/steam", "routes/auth.steam.ts"),
  route("auth/steam/callback", "routes/auth.steam.callback.ts"),
  route("auth/google", "routes/auth.google.ts"),
  route("profile", "routes/profile.tsx"),
  // Anything else: the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
