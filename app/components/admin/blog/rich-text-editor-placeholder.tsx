/** What the post body shows until the editor's own chunk has loaded (it keeps the body's id, so a link to #post-content still lands here). */
export function RichTextPlaceholder({ id }: { id: string }) {
  return (
    <div id={id} className="grid min-h-72 place-items-center rounded-md border text-sm text-muted-foreground" role="status">
      Laddar redigeraren…
    </div>
  );
}
