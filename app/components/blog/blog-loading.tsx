import { Loader2 } from "~/components/ui/icons";
import { useNavigation } from "react-router";
import { cn } from "~/lib/cn";

const BLOG_LOADING_TEXT = "Laddar blogginlägg...";

/** True while a client navigation to a blog page (list or post) is loading. */
export function useBlogNavigationPending(): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname.startsWith("/blog");
}

/** 'Laddar blogginlägg...' with a spinner, announced politely (docs/rules/blog.md#list). */
export function BlogLoading({ className }: { className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn(
        "inline-flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium text-foreground shadow-md",
        className,
      )}
    >
      <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
      {BLOG_LOADING_TEXT}
    </p>
  );
}
