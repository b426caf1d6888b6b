import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest ships with the first page: navigations never wait for (or
  // lose) a route-discovery request, and the app is small enough for it not to matter.
  routeDiscovery: { mode: "initial" },
  future: {
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
