/**
 * An item's picture: the chosen file goes at once to the upload route (the one image
 * service checks and re-encodes it); the form then posts only the stored image's id.
 */
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ImageOff, LoaderCircle, Upload, X } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { IMAGE_LIMITS } from "~/platform/platform-constants";
import { IMAGE_MESSAGES } from "~/platform/images/images";

type UploadAnswer = { ok: true; imageId: string; url: string } | { ok: false; message: string };

export function ImageUpload({
  name,
  initial,
  error,
}: {
  name: string;
  initial: { imageId: string | null; url: string | null };
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<UploadAnswer>({ key: `image-upload-${id}` });
  const [removed, setRemoved] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const uploaded = fetcher.data?.ok ? fetcher.data : null;
  const current = removed ? null : uploaded ? { imageId: uploaded.imageId, url: uploaded.url } : initial.imageId ? initial : null;
  const message = localError ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.message : null) ?? error ?? null;
  const busy = fetcher.state !== "idle";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function choose(file: File | undefined) {
    setLocalError(null);
    if (!file) return;
    if (file.size > IMAGE_LIMITS.maxBytes) {
      setLocalError(IMAGE_MESSAGES.tooLarge);
      return;
    }
    setRemoved(false);
    const form = new FormData();
    form.append("image", file);
    fetcher.submit(form, { method: "post", action: "/admin/point-shop/image", encType: "multipart/form-data" });
  }

  return (
    <div className="grid gap-2">
      <span className="text-sm leading-none font-medium" id={`${id}-label`}>
        Bild <span className="font-normal text-muted-foreground">(valfritt)</span>
      </span>
      <input type="hidden" name={name} value={current?.imageId ?? ""} />
      <div className="flex flex-wrap items-center gap-4">
        {current?.url ? (
          <img src={current.url} alt="Förhandsvisning av bilden" width={96} height={96} className="size-24 rounded-lg border object-cover" data-testid="image-preview" />
        ) : (
          <span className="grid size-24 place-items-center rounded-lg border border-dashed bg-muted text-muted-foreground" aria-hidden="true">
            <ImageOff className="size-6" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(" ")}
            aria-invalid={Boolean(message)}
            data-testid="image-file"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Upload className="size-4" aria-hidden="true" />}
            {busy ? "Laddar upp …" : current ? "Byt bild" : "Ladda upp bild"}
          </Button>
          {current ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => setRemoved(true)}>
              <X className="size-4" aria-hidden="true" />
              Ta bort bilden
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        PNG, JPEG eller WebP, högst {IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB. Bilden sparas som WebP i de storlekar butiken visar.
      </p>
      {message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      ) : null}
    </div>
  );
}
