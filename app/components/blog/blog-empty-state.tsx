import type * as React from "react";

/** What the blog list shows instead of cards: an icon, a title, a line and perhaps a way on. */
export function BlogEmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
