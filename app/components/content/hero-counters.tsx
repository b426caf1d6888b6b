import { useEffect, useState } from "react";
import { Star, Users } from "~/components/ui/icons";
import {
  COUNTER_TOTAL_MS,
  FINAL_COUNTER_VALUES,
  countersAt,
  formatCustomers,
  formatRating,
} from "~/modules/marketing/hero-counters";

type CounterState = "static" | "animating" | "done" | "reduced";

/**
 * The hero's customer and rating counters (docs/rules/site.md#hero-counters). The server renders
 * the final values, so crawlers, no-JS visitors and reduced-motion users see "15K+" and "5,0" at
 * once; the browser restarts them from 0 and 4,0 and counts up, starting 500 ms after load. Screen
 * readers always get the final value, never the ticking one.
 */
export function HeroCounters() {
  const [values, setValues] = useState(FINAL_COUNTER_VALUES);
  const [state, setState] = useState<CounterState>("static");

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
      if (elapsed >= COUNTER_TOTAL_MS) {
        setValues(FINAL_COUNTER_VALUES);
        setState("done");
        return;
      }
      setValues(countersAt(elapsed));
      setState("animating");
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);

  const counters = [
    {
      id: "customers",
      Icon: Users,
      shown: formatCustomers(values.customers),
      final: formatCustomers(FINAL_COUNTER_VALUES.customers),
      label: "Nöjda kunder",
    },
    {
      id: "rating",
      Icon: Star,
      shown: formatRating(values.rating),
      final: formatRating(FINAL_COUNTER_VALUES.rating),
      label: "Snittbetyg av 5",
    },
  ] as const;

  return (
    <dl className="grid grid-cols-2 gap-4" data-counter-state={state} data-testid="hero-counters">
      {counters.map(({ id, Icon, shown, final, label }) => (
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
            <span className="sr-only">{final}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
