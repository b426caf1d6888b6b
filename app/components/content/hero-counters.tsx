import { useEffect, useState } from "react";
import { Star, Users } from "~/components/ui/icons";
import { counterTotalMs, countersAt, formatCustomers, type CounterTargets } from "~/modules/marketing/hero-counters";
import { formatRating } from "~/modules/marketing/site-figures";

type CounterState = "static" | "animating" | "done" | "reduced";

/**
 * The hero's member and rating counters (docs/rules/site.md#hero-counters). The server renders
 * the final values (the computed member figure, the configured average rating), so crawlers,
 * no-JS visitors and reduced-motion users see them at once; the browser restarts them from 0
 * and 4,0 and counts up, starting 500 ms after load. Screen readers always get the final value,
 * never the ticking one. A counter without a figure is left out; with neither there is nothing.
 */
export function HeroCounters({ targets }: { targets: CounterTargets }) {
  const final = { customers: targets.customers ?? 0, rating: targets.rating ?? 0 };
  const [values, setValues] = useState(final);
  const [state, setState] = useState<CounterState>("static");
  const totalMs = counterTotalMs(targets);

  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let startedAt: number | null = null;
    let frame = 0;
    // State changes happen in animation frames, never synchronously in the effect.
    const tick = (now: number) => {
      if (reduced) {
        setState("reduced");
        return;
      }
      startedAt ??= now;
      const elapsed = now - startedAt;
      if (elapsed >= totalMs) {
        setValues({ customers: targets.customers ?? 0, rating: targets.rating ?? 0 });
        setState("done");
        return;
      }
      setValues(countersAt(elapsed, targets));
      setState("animating");
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [targets, totalMs]);

  const counters = [
    targets.customers === null
      ? null
      : { id: "customers", Icon: Users, shown: formatCustomers(values.customers), final: formatCustomers(final.customers), label: "Medlemmar" },
    targets.rating === null
      ? null
      : { id: "rating", Icon: Star, shown: formatRating(values.rating), final: formatRating(final.rating), label: "Snittbetyg av 5" },
  ].filter((counter) => counter !== null);
  if (counters.length === 0) return null;

  return (
    <dl
      className={counters.length === 2 ? "grid grid-cols-2 gap-4" : "grid grid-cols-1 gap-4"}
      data-counter-state={state}
      data-testid="hero-counters"
    >
      {counters.map(({ id, Icon, shown, final: finalText, label }) => (
        <div key={id} className="flex flex-col-reverse rounded-xl bg-white/10 p-5 ring-1 ring-white/15 backdrop-blur">
          <dt className="text-sm text-white/75">{label}</dt>
          <dd className="mb-1">
            <Icon
              className={id === "rating" ? "block size-6 fill-amber-400 text-amber-400" : "block size-6 text-orange-300"}
              aria-hidden="true"
              width={24}
              height={24}
            />
            <span
              aria-hidden="true"
              data-counter={id}
              className="mt-3 inline-block min-w-[4ch] text-4xl font-black tracking-tight tabular-nums sm:text-5xl"
            >
              {shown}
            </span>
            <span className="sr-only">{finalText}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
