import { Clock, MessageCircle } from "~/components/ui/icons";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { LiveChatButton } from "./live-chat-button";

/** The closing call to action of the marketing pages: talk to us in the live chat. */
export function LiveChatCta({
  id = "livechatt",
  title = "Redo att göra affär?",
  text,
  buttonLabel = "Chatta med oss",
}: {
  id?: string;
  title?: string;
  text?: string;
  buttonLabel?: string;
}) {
  const headingId = `${id}-rubrik`;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-hero-from to-hero-to px-6 py-12 text-white shadow-lg sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-20 -bottom-24 size-72 rounded-full bg-orange-500/30 blur-3xl"
        />
        <div className="relative flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <MessageCircle className="size-10 text-orange-300" aria-hidden="true" width={40} height={40} />
            <h2 id={headingId} className="mt-4 text-3xl font-bold tracking-tight text-balance">
              {title}
            </h2>
            <p className="mt-3 text-lg text-white/80">
              {text ??
                `Vår svenska support svarar i livechatten ${SUPPORT_HOURS.label}, oftast inom ${SUPPORT_HOURS.chatReplySeconds} sekunder. Berätta vad du vill sälja eller köpa så tar vi det därifrån.`}
            </p>
            <p className="mt-4 inline-flex items-center gap-2 text-sm text-white/75">
              <Clock className="size-4" aria-hidden="true" width={16} height={16} />
              Öppet {SUPPORT_HOURS.label}
            </p>
          </div>
          <LiveChatButton className="w-full text-base md:w-auto">{buttonLabel}</LiveChatButton>
        </div>
      </div>
    </section>
  );
}
