/**
 * What the post body shows until the editor has loaded. The editor's own placeholder keeps the
 * body's id, so a link to #post-content still lands here; the Suspense fallback has none, because
 * the server's streamed HTML holds the fallback and the resolved placeholder at once.
 */
export function RichTextPlaceholder({ id }: { id?: string }) {
  return (
    <div id={id} className="grid min-h-72 place-items-center rounded-md border text-sm text-muted-foreground" role="status">
      Laddar redigeraren…
    </div>
  );
}
