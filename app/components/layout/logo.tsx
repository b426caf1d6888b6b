import { useId } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

function LogoMark({ className }: { className?: string }) {
  // The header and the footer both show the mark: each gradient needs its own id.
  const gradient = `logo-g-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fb923c" />
          <stop offset="1" stopColor="#ea580c" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M9 20.5c2.2 1.8 4.6 2.6 7 2.6s4.8-.8 7-2.6M16 8v13M11.5 12.5h9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ siteName, className }: { siteName: string; className?: string }) {
  return (
    <Link
      to="/"
      className={cn("flex items-center gap-2 rounded-md font-extrabold tracking-tight", className)}
      aria-label={`${siteName} – till startsidan`}
    >
      <LogoMark />
      <span className="text-lg">{siteName}</span>
    </Link>
  );
}
