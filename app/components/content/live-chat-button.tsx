import { MessageCircle } from "~/components/ui/icons";
import { Button, type ButtonProps } from "~/components/ui/button";
import { usePublicConfig } from "~/lib/site-config";

/** Opens the external live chat in a new tab (docs/rules/site.md#live-chat: an external link, never an embed). */
export function LiveChatButton({
  children = "Öppna livechatten",
  variant,
  size = "lg",
  className,
  ...rest
}: Omit<ButtonProps, "asChild"> & { "data-analytics-label"?: string }) {
  const { liveChatUrl } = usePublicConfig();
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={liveChatUrl} target="_blank" rel="noopener noreferrer" {...(rest as Record<string, string>)}>
        <MessageCircle className="size-5" aria-hidden="true" width={20} height={20} />
        {children}
        <span className="sr-only"> (öppnas i en ny flik)</span>
      </a>
    </Button>
  );
}
